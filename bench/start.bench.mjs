/**
 * Issue 16: "`npm start` to the login page on a new and on an existing data directory (goals
 * 10 s and 3 s after install and build)". Method and figures: README.md.
 *
 * Install and build are made first (scripts/setup.mjs, into DIST_DIR when set), so they are not
 * timed. Then `npm start` is spawned with a fresh DATA_DIR (the database is created, migrated
 * and seeded), timed from the spawn until GET /login.html answers 200, and stopped (SIGTERM to
 * its process group, waiting for it to close the database); then again on the same, now
 * existing, directory; then the built server alone on it (what npm and the setup checks add).
 * RUNS rounds, each with a new directory; medians. A run in which start had to build (sources
 * changed meanwhile) is repeated.
 *
 *   node bench/start.bench.mjs [--json <file>]        # BENCH_PORT, BENCH_TMP, DIST_DIR
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import report from './support/report.cjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 3);
const GOAL_NEW_S = 10;
const GOAL_EXISTING_S = 3;
const PORT = Number(process.env.BENCH_PORT ?? 18000 + Math.floor(Math.random() * 1000));
const JSON_FILE = report.jsonTarget();
const { ensureBuild, ensureDependencies } = await import('../scripts/setup.mjs');

const status = (url) =>
  new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(0));
    req.setTimeout(1000, () => req.destroy());
  });

const NPM_START = ['npm', ['start', '--silent']];
/** The built server alone, without npm and the setup checks: where the rest of the time goes. */
const SERVER_ALONE = [process.execPath, [path.join(path.resolve(ROOT, process.env.DIST_DIR ?? 'dist'), 'server', 'main.mjs')]];

/** `command` on `dataDir`: seconds from the spawn to login.html answering 200, and whether start built first. */
async function startOnce(dataDir, [command, args] = NPM_START) {
  if ((await status(`http://127.0.0.1:${PORT}/login.html`)) !== 0) throw new Error(`port ${PORT} is already answering`);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', STATIC_DIR: path.join(path.resolve(ROOT, process.env.DIST_DIR ?? 'dist'), 'public') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let done = false;
  child.on('exit', () => (done = true));
  try {
    for (;;) {
      if (done) throw new Error(`npm start exited before answering:\n${output}`);
      if ((await status(`http://127.0.0.1:${PORT}/login.html`)) === 200) break;
      if (performance.now() - started > 120_000) throw new Error(`no answer in 120 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return { seconds: (performance.now() - started) / 1000, cpu: groupCpuSeconds(child.pid), built: output.includes('[setup] building') };
  } finally {
    await stopGroup(child.pid);
  }
}

/**
 * CPU seconds the process group has used so far (npm, its shell, the server; their reaped
 * children too), from /proc: a figure the machine's load sways far less than the wall time.
 */
function groupCpuSeconds(pgid) {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100; // USER_HZ
}

const groupAlive = (pgid) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops the whole process group (npm, its shell, the server) and waits until every process of
 * it has gone and the port is free: npm exits before the server has closed its database.
 */
async function stopGroup(pgid) {
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  const deadline = performance.now() + 20_000;
  while (groupAlive(pgid) || (await status(`http://127.0.0.1:${PORT}/login.html`)) !== 0) {
    if (performance.now() > deadline) {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
      else throw new Error(`port ${PORT} still answers after the server stopped`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

ensureDependencies();
const build = ensureBuild();
if (!build.ok) throw new Error('build failed');
const atStart = report.machine();
const scratch = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'portal-bench-start-'));
const fresh = [];
const existing = [];
const alone = [];
const cpu = { fresh: [], existing: [] };
try {
  for (let i = 0; i < RUNS; i++) {
    const measure = async (dir) => {
      let r = await startOnce(dir);
      if (r.built) r = await startOnce(dir); // sources changed meanwhile: start built first; time it again
      return r;
    };
    const dir = path.join(scratch, `data-${i}`);
    const first = await measure(dir);
    const again = await measure(dir);
    fresh.push(first.seconds);
    existing.push(again.seconds);
    cpu.fresh.push(first.cpu);
    cpu.existing.push(again.cpu);
    alone.push((await startOnce(dir, SERVER_ALONE)).seconds);
    console.log(`run ${i + 1}: new data directory ${first.seconds.toFixed(2)} s (CPU ${first.cpu.toFixed(2)} s), existing ${again.seconds.toFixed(2)} s (CPU ${again.cpu.toFixed(2)} s); the server alone on it ${alone.at(-1).toFixed(2)} s`);
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
const mNew = report.median(fresh);
const mOld = report.median(existing);
const mAlone = report.median(alone);
console.log(`medians of ${RUNS}: new ${mNew.toFixed(2)} s (goal ≤ ${GOAL_NEW_S} s), existing ${mOld.toFixed(2)} s (goal ≤ ${GOAL_EXISTING_S} s); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (JSON_FILE) {
  const group = { group: '`npm start` to the login page (after install and build)' };
  report.writeReport(JSON_FILE, {
    rows: [
      report.row('new data directory', report.round(mNew), 's', `≤ ${GOAL_NEW_S} s`, mNew <= GOAL_NEW_S, { ...group, note: `median of ${RUNS}; max ${report.round(Math.max(...fresh))} s` }),
      report.row('existing data directory', report.round(mOld), 's', `≤ ${GOAL_EXISTING_S} s`, mOld <= GOAL_EXISTING_S, { ...group, note: `median of ${RUNS}; max ${report.round(Math.max(...existing))} s` }),
      report.row('new data directory: CPU time used', report.round(report.median(cpu.fresh)), 's', null, null, { ...group, note: 'npm and the server, from /proc; what a quiet machine would need at least' }),
      report.row('existing data directory: CPU time used', report.round(report.median(cpu.existing)), 's', null, null, group),
      report.row('existing data directory, the built server alone (no npm, no setup checks)', report.round(mAlone), 's', null, null, { ...group, note: `median of ${RUNS}` }),
    ],
    machine: atStart,
    method: `\`npm start\` spawned (install and build already done, PGlite unless DATABASE_URL), timed until GET /login.html answers 200, then stopped with SIGTERM (the CPU time its processes used until then read from /proc beside it: the machine's load sways it far less); first on a fresh DATA_DIR (created, migrated, seeded), then on the same directory again, then the built server alone (node <dist>/server/main.mjs) on it, to show what npm and the setup checks add; ${RUNS} rounds, medians.`,
  });
}
