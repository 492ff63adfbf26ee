import { defineConfig } from '@playwright/test';

/**
 * End-to-end: the real built server on a fresh embedded database, driven through Debian's
 * Chromium (never a downloaded browser).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
/** A run's own scratch directory (TEST_TMP), so two runs on one machine stay apart. */
const TMP = process.env.TEST_TMP ?? '.tmp';
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * Two workers, files spread between them (tests within a file run in order). Each worker logs
 * in as its own copy of the demo users (one user has one session): the servers seed the copies
 * when E2E_WORKER_USERS says how many (server/db/seed.ts), for the shared server below and the
 * servers tests start themselves alike.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
process.env.E2E_WORKER_USERS ??= String(WORKERS);

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  // One retry, so that a browser hiccup on a loaded 2-core CI machine does not sink the run;
  // `npm test` prints every test that needed it (Playwright's "flaky"), so none goes unseen.
  retries: 1,
  outputDir: `${TMP}/test-results`,
  reporter: [['list'], ['json', { outputFile: `${TMP}/playwright.json` }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    // Recording a trace costs every test its snapshots; a failure is traced on its retry.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: `rm -rf ${TMP}/e2e-data && node ${process.env.DIST_DIR ?? 'dist'}/server/main.mjs`,
    url: `${baseURL}/login.html`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: `${TMP}/e2e-data`, STATIC_DIR: `${process.env.DIST_DIR ?? 'dist'}/public`, LOG_LEVEL: 'warn', NODE_ENV: 'test', E2E_WORKER_USERS: process.env.E2E_WORKER_USERS, TRUST_PROXY: '127.0.0.1' },
  },
});
