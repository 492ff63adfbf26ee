// `npm run diagrams`: writes docs/diagrams/ (Mermaid, SVG, README.md, index.json) for every
// machine in src/machines. `--check` (in `npm test`) writes nothing and fails, naming the
// files, when what is committed differs from what the machines give now. Offline: the
// machines are compiled by @swc/core in memory and laid out by elkjs, no browser involved.
// `--dir <path>` reads and writes another directory (the tests use it).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./diagrams/register.cjs');
const { discoverMachines } = require('./diagrams/machines.ts');
const { generate, DIAGRAMS_DIR } = require('./diagrams/generate.ts');

const args = process.argv.slice(2);
const check = args.includes('--check');
const dirArg = args.indexOf('--dir');
const dir = path.resolve(ROOT, dirArg >= 0 ? args[dirArg + 1] : DIAGRAMS_DIR);
const rel = (f) => path.relative(ROOT, f);

let files;
try {
  files = await generate(discoverMachines(ROOT));
} catch (error) {
  console.error(`[diagrams] cannot read the machines: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const generated = new Set([...files.keys()]);
const existing = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.(mmd|svg)$/.test(f) || f === 'README.md' || f === 'index.json') : [];
const stale = [];
for (const [name, content] of files) {
  const file = path.join(dir, name);
  const now = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (now !== content) stale.push(now === null ? `${rel(file)} (missing)` : rel(file));
  if (!check && now !== content) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, content);
  }
}
for (const name of existing.filter((f) => !generated.has(f))) {
  stale.push(`${rel(path.join(dir, name))} (no such machine any more)`);
  if (!check) fs.rmSync(path.join(dir, name));
}

if (check) {
  if (stale.length) {
    console.error(`[diagrams] stale, run \`npm run diagrams\` and commit:\n${stale.map((s) => `  ${s}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`[diagrams] ${generated.size} files are fresh`);
} else {
  console.log(`[diagrams] ${stale.length ? `wrote ${stale.length} of ${generated.size} files` : `all ${generated.size} files already fresh`} in ${rel(dir)}`);
}
