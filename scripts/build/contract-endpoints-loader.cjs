/**
 * The login page's view of a contract area (issue 16): the area's file is run here, at build
 * time, and the browser gets its endpoint groups as plain data (method, path, flags, client
 * flags and the body's JSON Schema, which `maxLengthOf` reads); the answer schemas, the summaries
 * and TypeBox stay out of the page's script. The declarations are still written once, in
 * src/shared/contract; the server and every other page use them as they are (rspack.config.ts
 * applies this loader only to the login page's callers). An export that is not a group of
 * endpoints (a schema, a constant) is left out: importing one through this loader fails the build.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const swc = require('@swc/core');

const SHARED = path.join(__dirname, '../../src/shared');

/** Runs a TypeScript file of src/shared as CommonJS, its relative imports likewise; the rest through Node. */
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

const isEndpoint = (v) => v && typeof v === 'object' && typeof v.path === 'string' && typeof v.method === 'string' && v.flags && v.client;
const isGroup = (v) => v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 && Object.values(v).every(isEndpoint);

module.exports = function contractEndpointsLoader() {
  const seen = new Map();
  const area = run(this.resourcePath, seen);
  for (const file of seen.keys()) if (file.startsWith(SHARED)) this.addDependency(file);
  const lines = [];
  for (const [name, group] of Object.entries(area)) {
    if (!isGroup(group)) continue;
    const plain = Object.fromEntries(
      Object.entries(group).map(([key, e]) => [key, { method: e.method, path: e.path, body: e.body, ...(e.params ? { params: e.params } : {}), flags: e.flags, client: e.client, ...(e.file ? { file: true } : {}), ...(e.multipart ? { multipart: true } : {}) }]),
    );
    lines.push(`export const ${name} = ${JSON.stringify(plain)};`);
  }
  return `// Built from ${path.relative(path.join(__dirname, '../..'), this.resourcePath)} (scripts/build/contract-endpoints-loader.cjs).\n${lines.join('\n')}\n`;
};
