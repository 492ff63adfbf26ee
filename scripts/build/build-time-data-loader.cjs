/**
 * A shared module's data, made at build time (issue 16): the module is run here and the browser
 * gets what it exports as plain data, without the code that computed it. Two uses
 * (rspack.config.ts):
 *
 * - A contract area (src/shared/contract): its endpoint groups become method, path, flags, client
 *   flags and the body fields' maxLength (which `maxLengthOf` reads); the schemas, the summaries
 *   and TypeBox stay out of the page's script (the server checks every body anyway). Applied to the browser's callers; the
 *   server and the tests use the declarations as they are, so they are still written once.
 * - src/resources/routes.ts: where each resource's pages are, without the definitions, which
 *   only a resource page loads.
 *
 * Each export becomes: an endpoint group (or an object of groups, the contract's index) as
 * plain endpoints; plain data (text, numbers, arrays and objects of them, no schema) as JSON; a
 * reader of src/shared/contract/endpoint-read.ts re-exported from there; anything else (a
 * schema, a function) re-exported from the module itself, unchanged, so a caller that needs one
 * gets the real module, TypeBox included, and nothing is silently dropped.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const swc = require('@swc/core');

const ROOT = path.join(__dirname, '../..');
const SRC = path.join(ROOT, 'src');
const ENDPOINT_READ = path.join(SRC, 'shared/contract/endpoint-read.ts');

/** Runs a TypeScript file of src as CommonJS, its relative imports likewise; the rest through Node. */
function run(file, seen) {
  if (seen.has(file)) return seen.get(file).exports;
  const mod = new Module(file);
  mod.filename = file;
  seen.set(file, mod);
  const { code } = swc.transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    swcrc: false,
    configFile: false,
  });
  const local = (request) => {
    if (!request.startsWith('.')) return require(request);
    const base = path.resolve(path.dirname(file), request);
    const target = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
    return target ? run(target, seen) : require(base);
  };
  new Function('exports', 'require', 'module', '__filename', '__dirname', code)(mod.exports, local, mod, file, path.dirname(file));
  return mod.exports;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isEndpoint = (v) => isObject(v) && typeof v.path === 'string' && typeof v.method === 'string' && v.flags && v.client;
const isGroup = (v) => isObject(v) && Object.keys(v).length > 0 && Object.values(v).every(isEndpoint);
const isGroups = (v) => isObject(v) && Object.keys(v).length > 0 && Object.values(v).every(isGroup);
/** JSON says the same as the value: no function, no undefined, no class instance, no TypeBox schema (`~kind`). */
function isPlain(v) {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(isPlain);
  if (typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  if ((proto !== Object.prototype && proto !== null) || Object.hasOwn(v, '~kind')) return false;
  return Object.values(v).every(isPlain);
}

/** The body's bounds, which `maxLengthOf` reads: `{properties: {field: {maxLength}}}`, or none. */
function bounds(body) {
  const properties = Object.entries(body?.properties ?? {}).filter(([, p]) => typeof p?.maxLength === 'number');
  return properties.length ? { body: { properties: Object.fromEntries(properties.map(([name, p]) => [name, { maxLength: p.maxLength }])) } } : {};
}
const plainEndpoint = (e) => ({ method: e.method, path: e.path, ...bounds(e.body), flags: e.flags, client: e.client, ...(e.file ? { file: true } : {}), ...(e.multipart ? { multipart: true } : {}) });
const plainGroup = (group) => Object.fromEntries(Object.entries(group).map(([key, e]) => [key, plainEndpoint(e)]));

module.exports = function buildTimeDataLoader() {
  const seen = new Map();
  const exported = run(this.resourcePath, seen);
  for (const file of seen.keys()) if (file.startsWith(SRC)) this.addDependency(file);
  const readers = seen.has(ENDPOINT_READ) ? seen.get(ENDPOINT_READ).exports : {};
  const relative = (file) => JSON.stringify(`./${path.relative(path.dirname(this.resourcePath), file).split(path.sep).join('/')}`);
  const lines = [];
  const fromReaders = [];
  const unchanged = [];
  for (const [name, value] of Object.entries(exported)) {
    if (name === '__esModule') continue;
    if (isGroup(value)) lines.push(`export const ${name} = ${JSON.stringify(plainGroup(value))};`);
    else if (isGroups(value)) lines.push(`export const ${name} = ${JSON.stringify(Object.fromEntries(Object.entries(value).map(([area, group]) => [area, plainGroup(group)])))};`);
    else if (isPlain(value)) lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    else if (this.resourcePath !== ENDPOINT_READ && readers[name] === value) fromReaders.push(name);
    else unchanged.push(name);
  }
  if (fromReaders.length) lines.push(`export { ${fromReaders.join(', ')} } from ${relative(ENDPOINT_READ)};`);
  // The module itself, not through this loader (the rule matches only the browser's callers).
  if (unchanged.length) lines.push(`export { ${unchanged.join(', ')} } from ${relative(this.resourcePath)};`);
  return `// Built from ${path.relative(ROOT, this.resourcePath)} (scripts/build/build-time-data-loader.cjs).\n${lines.join('\n')}\n`;
};
