// Lets a Node 20 script `require` the TypeScript machines (Node 20 cannot run .ts): each
// .ts/.tsx file under the repository is compiled to CommonJS by @swc/core, in memory, when
// first required. Nothing is written to disk and nothing is fetched.
const fs = require('node:fs');
const Module = require('node:module');
const swc = require('@swc/core');

const options = (filename) => ({
  filename,
  sourceMaps: 'inline',
  jsc: { parser: { syntax: 'typescript', tsx: filename.endsWith('.tsx') }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
  module: { type: 'commonjs' },
  swcrc: false,
  configFile: false,
});

for (const ext of ['.ts', '.tsx']) {
  Module._extensions[ext] = (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), options(filename));
    module._compile(code, filename);
  };
}
