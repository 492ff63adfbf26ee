// `npm test`: set up what is missing, then every suite in turn, then one closing line
// `N passed, N failed` summing them all. A check that is not a test runner (typecheck, stale
// diagrams, the production build) counts as one test.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild, ensureChromium, ensureDependencies, ROOT, run } from './setup.mjs';

const tmp = path.resolve(ROOT, process.env.TEST_TMP ?? '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const results = [];
const record = (suite, passed, failed, seconds, note = '') => {
  results.push({ suite, passed, failed, seconds });
  console.log(`\n[test] ${suite}: ${passed} passed, ${failed} failed (${seconds.toFixed(1)} s)${note ? ` ${note}` : ''}\n`);
};
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
/** Titles of the Playwright tests that failed once and passed on their retry. */
const flakyTitles = (report) => {
  const titles = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) if (t.status === 'flaky') titles.push([...trail, spec.title].join(' › '));
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return titles;
};
const check = (suite, command, env) => {
  const r = run(command, env ? { env: { ...process.env, ...env } } : {});
  record(suite, r.ok ? 1 : 0, r.ok ? 0 : 1, r.seconds);
};

ensureDependencies();
ensureChromium();

check('typecheck', 'npx tsc --noEmit -p tsconfig.json');

{
  const out = path.join(tmp, 'jest.json');
  fs.rmSync(out, { force: true });
  // PGlite imports modules dynamically; Jest's VM needs this flag to allow it. Two workers: on
  // the 2-core CI machine Jest's default (cores − 1) runs every file in one process, and the
  // server files wait on PostgreSQL and PGlite as much as they compute (bench/README.md).
  const r = run(`node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js --ci --maxWorkers=2 --json --outputFile=${out}`);
  const j = readJson(out);
  if (j) record('jest (unit, model, server)', j.numPassedTests, j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0), r.seconds);
  else record('jest (unit, model, server)', 0, 1, r.seconds, '(no report)');
}

// The model project's teardown wrote coverage/transitions.json; every transition must be taken.
check('transitions covered', 'node scripts/model-coverage.mjs');

// Never skipped: a machine changed without its diagram redrawn fails the run.
check('diagrams are fresh', 'node scripts/diagrams.mjs --check');
check('API docs are fresh', 'node scripts/api-docs.mjs --check');

{
  const b = ensureBuild({ force: true });
  record('production build', b.ok ? 1 : 0, b.ok ? 0 : 1, b.seconds);
  const out = path.join(tmp, 'playwright.json');
  fs.rmSync(out, { force: true });
  const r = b.ok ? run('npx playwright test') : { ok: false, seconds: 0 };
  const j = readJson(out);
  if (j?.stats) {
    const flaky = flakyTitles(j);
    // Playwright that could not start (its server's port taken) reports no test failed: its exit says so.
    const failed = j.stats.unexpected || (r.ok ? 0 : 1);
    record('end-to-end (Chromium)', j.stats.expected + (j.stats.flaky ?? 0), failed, r.seconds, flaky.length ? `(${flaky.length} passed only on retry: ${flaky.join('; ')})` : r.ok ? '' : '(playwright failed)');
  }
  else record('end-to-end (Chromium)', 0, 1, r.seconds, '(no report)');
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('[test] summary');
for (const r of results) console.log(`  ${r.suite.padEnd(28)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
