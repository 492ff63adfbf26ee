// What every bench script writes for `npm run bench` (scripts/bench.mjs) when run with
// `--json <file>`: its rows (figure, value, unit, goal, met), the machine and its method.
// CommonJS so that both the .mjs benches (plain Node) and the .ts ones (register.cjs) load it.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const option = (name, argv = process.argv) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : null;
};

/** The `--json` file, or null when the bench prints only. */
const jsonTarget = (argv = process.argv) => option('--json', argv);
/** The `--dist` build the aggregator made, or null. */
const distArg = (argv = process.argv) => option('--dist', argv);

let chromiumVersion;
function chromium() {
  if (chromiumVersion !== undefined) return chromiumVersion;
  try {
    chromiumVersion = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', timeout: 20000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    chromiumVersion = null;
  }
  return chromiumVersion;
}

function machine() {
  return { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memoryGB: Math.round(os.totalmem() / 2 ** 30), load: os.loadavg().map((l) => Math.round(l * 100) / 100), node: process.version, chromium: chromium() };
}

/**
 * One figure. `goal` is the spec's text ("≤ 200 kB", "< 16 ms"); `met` is null without a goal.
 * @param {string} name
 * @param {number} value
 * @param {string} unit
 * @param {string | null} [goal]
 * @param {boolean | null} [met]
 * @param {{ group?: string, note?: string }} [extra]
 */
function row(name, value, unit, goal = null, met = null, extra = {}) {
  return { name, value, unit, goal, met: goal === null ? null : Boolean(met), ...extra };
}

/**
 * @param {string} file
 * @param {{ rows: Array<ReturnType<typeof row>>, method: string, machine?: ReturnType<typeof machine> }} report
 */
function writeReport(file, { rows, method, machine: m }) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ rows, machine: m ?? machine(), method }, null, 2));
}

/** @param {number[]} xs @param {number} p @returns {number} */
function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
}

/** @param {number[]} xs @returns {number} */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Rounds to a sensible number of figures for a table (3 significant, no more than 2 decimals). */
/** @param {number} x @returns {number} */
function round(x) {
  if (!Number.isFinite(x)) return x;
  const a = Math.abs(x);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : 2;
  return Number(x.toFixed(digits));
}

module.exports = { jsonTarget, distArg, option, machine, row, writeReport, percentile, median, round };
