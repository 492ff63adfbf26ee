/**
 * What the first screen's scripts are made of (README.md, "First-screen weight"): builds the
 * client (rspack.config.ts, production, into a temporary directory) and prints, for the named
 * output files, the source bytes of each package or source folder in them, before minification
 * and compression: where to look when the weight grows.
 *
 *   node bench/first-screen-packages.cjs index login view-shell 761
 *
 * Files are named as in assets/, without hash and extension (a numbered shared chunk by its
 * number, which changes between builds: take it from first-screen.mjs's list).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
require(path.join(ROOT, 'scripts/diagrams/register.cjs'));
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-packages-'));
process.env.DIST_DIR = dist;
process.env.NODE_ENV = 'production';
const { rspack } = require('@rspack/core');
const client = require(path.join(ROOT, 'rspack.config.ts')).default.find((c) => c.name === 'client');
const wanted = new Set(process.argv.slice(2));

rspack(client, (error, stats) => {
  if (error) throw error;
  const json = stats.toJson({ all: false, chunks: true, modules: true, ids: true, orphanModules: true, nestedModules: true, modulesSpace: 1e9, nestedModulesSpace: 1e9, groupModulesByType: false, groupModulesByPath: false, groupModulesByExtension: false, groupModulesByAttributes: false, groupModulesByCacheStatus: false, groupModulesByLayer: false });
  const fileOf = new Map(json.chunks.map((c) => [c.id, path.basename(c.files[0] ?? String(c.id)).split('.')[0]]));
  const perFile = new Map();
  const add = (module, chunks) => {
    const name = module.name ?? '';
    const pkg = name.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const owner = pkg ? pkg[1] : name.replace(/^\.\//, '').split('/').slice(0, 2).join('/');
    for (const chunk of chunks) {
      const file = fileOf.get(chunk);
      if (!perFile.has(file)) perFile.set(file, new Map());
      perFile.get(file).set(owner, (perFile.get(file).get(owner) ?? 0) + (module.size ?? 0));
    }
  };
  const walk = (modules, chunks) => {
    for (const m of modules ?? []) {
      const at = m.chunks?.length ? m.chunks : chunks;
      if (m.modules?.length) walk(m.modules, at);
      else add(m, at);
    }
  };
  walk(json.modules, []);
  for (const [file, owners] of perFile) {
    if (wanted.size && !wanted.has(file)) continue;
    const total = [...owners.values()].reduce((a, b) => a + b, 0);
    console.log(`\n${file}: ${(total / 1000).toFixed(1)} kB of source`);
    for (const [owner, bytes] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${owner.padEnd(36)} ${(bytes / 1000).toFixed(1).padStart(7)} kB`);
  }
  fs.rmSync(dist, { recursive: true, force: true });
});
