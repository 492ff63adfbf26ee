// What `npm start` and `npm test` do before their real work, so a fresh clone needs nothing
// else: install dependencies when missing or stale, build when sources are newer than dist,
// install Debian's chromium when the browser tests need it and it is absent.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(ROOT, ...p);

export function run(command, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, { cwd: ROOT, shell: true, stdio: 'inherit', ...options });
  return { ok: result.status === 0, status: result.status, seconds: (Date.now() - started) / 1000 };
}

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : mtime(p));
  }
  return latest;
}

export function ensureDependencies() {
  const marker = at('node_modules', '.package-lock.json');
  if (mtime(marker) >= Math.max(mtime(at('package.json')), mtime(at('package-lock.json')))) return;
  console.log('[setup] installing dependencies (npm install)…');
  // `npm ci` cannot be used: the lockfile made here lacks rspack's and swc's platform builds.
  const r = run('npm install --no-audit --no-fund');
  if (!r.ok) throw new Error('npm install failed');
}

// The build's folder: DIST_DIR, as rspack.config.ts reads it (a side run's build lives apart).
const DIST = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist');
const BUILD_STAMP = path.join(DIST, '.build-stamp');
// docs/diagrams is copied into the build (the diagrams page reads it).
const BUILD_INPUTS = ['src', 'server', 'locale', 'docs/diagrams', 'rspack.config.ts', 'package.json'];

export function ensureBuild({ force = false } = {}) {
  const sources = Math.max(...BUILD_INPUTS.map((p) => (fs.statSync(at(p), { throwIfNoEntry: false })?.isDirectory() ? newest(at(p)) : mtime(at(p)))));
  if (!force && mtime(BUILD_STAMP) > sources && fs.existsSync(path.join(DIST, 'server', 'main.mjs'))) return { ok: true, seconds: 0, skipped: true };
  console.log('[setup] building (rspack)…');
  const r = run('npx rspack build', { env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' } });
  if (r.ok) fs.writeFileSync(BUILD_STAMP, new Date().toISOString());
  return r;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// A Chinese font for the browser: the portal's zh-CN pages, and a pdf whose Chinese font is not
// embedded (the previewer draws it with the system's), need one; Debian's chromium brings none.
const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

export function ensureChromium() {
  const missing = [fs.existsSync(CHROMIUM) ? null : 'chromium', fs.existsSync(CJK_FONT) ? null : 'fonts-wqy-microhei'].filter(Boolean);
  if (missing.length === 0) return;
  console.log(`[setup] installing Debian's ${missing.join(' and ')} (apt-get)…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
}
