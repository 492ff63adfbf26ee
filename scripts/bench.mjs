// `npm run bench`: every benchmark of bench/, one after the other (each in a child process of its
// own, so they do not disturb each other), then the table of bench/README.md between its
// markers rewritten: machine, date, commit, each figure beside its goal, each bench's method.
//
//   npm run bench                          # all of them (a while: a million-row export, Lighthouse…)
//   npm run bench -- --only table-render,menu-browser
//   npm run bench -- --check               # exit 1 when a figure misses its goal (or a bench fails)
//   npm run bench -- --no-readme           # print only (bench/results/ and the README untouched)
//
// Each bench writes its figures as JSON (bench/support/report.cjs); the last result of each is
// kept in bench/results/<name>.json, so a run of some of them rewrites the table with the
// others' last figures (each section says when it was measured). Install, build (DIST_DIR, else
// dist/) and Chromium are made first as scripts/setup.mjs does; every bench is given the build
// (--dist), BENCH_PORT (a range of ten ports from 18350, or from BENCH_PORT) and BENCH_TMP.
import { spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TS = [process.execPath, '-r', './scripts/diagrams/register.cjs'];
const JS = [process.execPath];

/** In the order they run: the browser's first screen, the browser benches, the server, the export, start. */
export const BENCHES = [
  { name: 'first-screen', title: 'First-screen weight', command: [...JS, 'bench/first-screen.mjs'] },
  { name: 'lighthouse', title: 'Lighthouse', command: [...JS, 'bench/lighthouse.mjs'] },
  { name: 'table-render', title: 'Table page and virtualised list', command: [...TS, 'bench/table-render.bench.ts'] },
  { name: 'menu-browser', title: 'Menu search in the browser', command: [...TS, 'bench/menu-browser.bench.ts'] },
  { name: 'request-load', title: 'Server under load', command: [...TS, 'bench/request-load.bench.ts'] },
  { name: 'export', title: 'Export', command: [...TS, 'bench/export.bench.ts'] },
  { name: 'start', title: '`npm start`', command: [...JS, 'bench/start.bench.mjs'] },
];

const BEGIN = '<!-- bench:begin -->';
const END = '<!-- bench:end -->';
const RESULTS = path.join(ROOT, 'bench', 'results');

function parseArgs(argv) {
  const only = argv.flatMap((a, i) => (a === '--only' ? (argv[i + 1] ?? '').split(',') : a.startsWith('--only=') ? a.slice(7).split(',') : [])).filter(Boolean);
  const unknown = only.filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length) throw new Error(`unknown bench: ${unknown.join(', ')} (there are: ${BENCHES.map((b) => b.name).join(', ')})`);
  return { only, check: argv.includes('--check'), readme: !argv.includes('--no-readme') };
}

const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

/** Runs one bench; its figures, or a failure with the end of its output. */
function runBench(bench, { dist, port, tmp }) {
  const json = path.join(tmp, `${bench.name}.json`);
  fs.rmSync(json, { force: true });
  const load = os.loadavg();
  const started = Date.now();
  console.log(`\n[bench] ${bench.name}: ${bench.command.slice(1).join(' ')} (load average ${load.map((l) => l.toFixed(2)).join(' ')})`);
  const benchTmp = fs.mkdtempSync(path.join(tmp, `${bench.name}-`));
  const run = spawnSync(bench.command[0], [...bench.command.slice(1), '--json', json, '--dist', dist], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, BENCH_PORT: String(port), BENCH_TMP: benchTmp, DIST_DIR: dist },
  });
  fs.rmSync(benchTmp, { recursive: true, force: true });
  const seconds = Math.round((Date.now() - started) / 1000);
  const meta = { name: bench.name, at: new Date().toISOString(), commit: git('rev-parse', '--short', 'HEAD'), seconds, exitCode: run.status ?? run.signal };
  if (run.status === 0 && fs.existsSync(json)) {
    try {
      const result = JSON.parse(fs.readFileSync(json, 'utf8'));
      if (Array.isArray(result.rows)) return { ...meta, ...result };
    } catch {
      // reported as a failure below
    }
  }
  return { ...meta, failed: run.status === 0 ? 'it wrote no figures (--json)' : `exit ${run.status ?? run.signal}`, rows: [], machine: null, method: '' };
}

const missed = (result) => result.rows.filter((r) => r.goal !== null && r.met === false);

/** What makes `--check` fail: every figure that missed its goal, and every bench that could not run. */
export function checkProblems(ran) {
  return [
    ...ran.flatMap((r) => missed(r).map((x) => `${r.name}: ${x.name}: ${x.value} ${x.unit}, goal ${x.goal}`)),
    ...ran.filter((r) => r.failed).map((r) => `failed to run: ${r.name}: ${r.failed}`),
  ];
}

const number = (v) => (typeof v !== 'number' ? String(v) : Math.abs(v) >= 1000 ? v.toLocaleString('en-US', { maximumFractionDigits: 0 }) : String(v));
const cell = (s) => String(s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The block between the markers: the machine, then one table, then each bench's method. */
export function renderBlock(results, { totalSeconds }) {
  const present = BENCHES.map((b) => results[b.name]).filter(Boolean);
  const machines = present.map((r) => r.machine).filter(Boolean);
  const m = machines[machines.length - 1];
  const dates = [...new Set(present.map((r) => r.at.slice(0, 10)))].sort();
  const commits = [...new Set(present.map((r) => r.commit).filter(Boolean))];
  const goals = present.flatMap((r) => r.rows.filter((x) => x.goal !== null));
  const misses = present.flatMap(missed);
  const failed = present.filter((r) => r.failed);
  const lines = [BEGIN, '', '## `npm run bench` (generated: do not edit between the markers)', ''];
  const atCommits = commits.length > 1 ? `commits \`${commits[0]}\` to \`${commits[commits.length - 1]}\` (others committed during the run)` : `commit \`${commits[0] ?? '?'}\``;
  lines.push(`Measured ${dates.join(' to ')} at ${atCommits}${totalSeconds ? `; the whole run took ${Math.round(totalSeconds / 60)} min` : ''}. `
    + (m ? `Machine: ${m.cpus} cores (${m.cpuModel ?? '?'}), ${m.memoryGB ?? '?'} GB, Node ${m.node}, ${m.chromium ?? 'no Chromium'}; shared with other work, so each bench gives the load average at its start. ` : '')
    + `**${goals.length - misses.length} of ${goals.length} goals met, ${misses.length} missed** (marked below).${failed.length ? ` Failed to run: ${failed.map((r) => `${r.name} (${r.failed})`).join(', ')}.` : ''} `
    + '`npm run bench -- --check` exits 1 when a goal is missed.');
  lines.push('', '| figure | value | goal | met |', '|---|---|---|---|');
  for (const bench of BENCHES) {
    const r = results[bench.name];
    if (!r) continue;
    const when = `${r.at.slice(0, 16).replace('T', ' ')} UTC, load ${r.machine?.load?.[0] ?? '?'}`;
    if (r.failed) {
      lines.push(`| **${cell(bench.title)}** (\`${bench.name}\`, ${when}) | failed: ${cell(r.failed)} | | |`);
      continue;
    }
    let group = null;
    lines.push(`| **${cell(bench.title)}** (\`${bench.name}\`, ${when}) | | | |`);
    for (const row of r.rows) {
      if (row.group && row.group !== group) {
        group = row.group;
        if (row.group !== bench.title) lines.push(`| *${cell(group)}* | | | |`);
      }
      const value = `${number(row.value)}${row.unit ? ` ${row.unit}` : ''}${row.note ? ` (${row.note})` : ''}`;
      const met = row.goal === null ? '' : row.met ? 'met' : '**missed**';
      lines.push(`| ${cell(row.name)} | ${cell(value)} | ${cell(row.goal ?? '')} | ${met} |`);
    }
  }
  lines.push('', '**Methods.**', '');
  for (const bench of BENCHES) {
    const r = results[bench.name];
    if (!r || r.failed) continue;
    lines.push(`- \`${bench.name}\` (${r.seconds} s; load average ${r.machine?.load?.join(' ') ?? '?'} at its start): ${r.method}`);
  }
  lines.push('', END);
  return lines.join('\n');
}

export function writeBlock(readme, block) {
  const text = fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8') : '# Benchmarks\n';
  const a = text.indexOf(BEGIN);
  const b = text.indexOf(END);
  let next;
  if (a >= 0 && b > a) next = text.slice(0, a) + block + text.slice(b + END.length);
  else {
    // Right under the title, before the older, hand-written sections.
    const nl = text.indexOf('\n');
    next = `${text.slice(0, nl + 1)}\n${block}\n${text.slice(nl + 1)}`;
  }
  fs.writeFileSync(readme, next);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dist = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist');
  process.env.DIST_DIR = dist;
  // setup.mjs reads DIST_DIR when loaded.
  const { ensureBuild, ensureChromium, ensureDependencies } = await import('./setup.mjs');
  ensureDependencies();
  ensureChromium();
  const build = ensureBuild();
  if (!build.ok) throw new Error('build failed');
  const port = Number(process.env.BENCH_PORT ?? 18350);
  const tmp = path.join(ROOT, '.tmp', `bench-run-${process.pid}`);
  fs.mkdirSync(tmp, { recursive: true });
  fs.mkdirSync(RESULTS, { recursive: true });
  const chosen = BENCHES.filter((b) => args.only.length === 0 || args.only.includes(b.name));
  const started = Date.now();
  const ran = [];
  try {
    for (const bench of chosen) {
      const result = runBench(bench, { dist, port, tmp });
      ran.push(result);
      if (args.readme) fs.writeFileSync(path.join(RESULTS, `${bench.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const totalSeconds = (Date.now() - started) / 1000;
  const results = {};
  for (const b of BENCHES) {
    const file = path.join(RESULTS, `${b.name}.json`);
    if (fs.existsSync(file)) results[b.name] = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  for (const r of ran) results[r.name] = r;
  const block = renderBlock(results, { totalSeconds: args.only.length ? 0 : totalSeconds });
  if (args.readme) writeBlock(path.join(ROOT, 'bench', 'README.md'), block);
  console.log(`\n${block}\n`);
  console.log(`[bench] ${chosen.length} bench(es) in ${Math.round(totalSeconds)} s${args.readme ? '; bench/README.md and bench/results/ rewritten' : ''}`);

  const problems = checkProblems(ran);
  if (problems.length) {
    console.log(`\n[bench] missed goals:\n${problems.map((l) => `  - ${l}`).join('\n')}`);
    if (args.check) process.exit(1);
  } else if (args.check) console.log('[bench] every goal met');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
