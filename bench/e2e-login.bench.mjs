// How long an end-to-end test's login takes through the login page's form and over the API
// (tests/e2e/support/users.ts), side by side, alternating, against a running built server.
//   BASE=http://127.0.0.1:8090 ROUNDS=10 node bench/e2e-login.bench.mjs
// Each login is a fresh browser context, as a test's is, and ends when the shell's menu shows.
import { chromium } from '@playwright/test';
import { createRequire } from 'node:module';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8090';
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const USER = { userCode: process.env.USER_CODE ?? 'staff', password: process.env.PASSWORD ?? 'Staff@2026' };
const require = createRequire(import.meta.url);
require('../scripts/diagrams/register.cjs');
const { apiClient } = require('../tests/e2e/support/api.ts');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function throughForm(page) {
  await page.goto('/login.html#/login');
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox').first().fill(USER.userCode);
  await form.locator('input[type=password]').fill(USER.password);
  await form.locator('button[type=submit]').click();
}
async function throughApi(page) {
  await page.goto('/api/portal/login/query-system-setting');
  const login = await apiClient(BASE).post('/api/fsmc/login/login', USER);
  const { JwtToken, loginUserInfo } = login.body.data;
  await page.evaluate(({ t, i }) => {
    localStorage.setItem('lang', 'zh-CN');
    localStorage.setItem('sessionKey', t);
    sessionStorage.setItem('loginUserInfo', JSON.stringify(i));
  }, { t: JwtToken, i: loginUserInfo });
  await page.goto('/index.html#/');
}
const times = { form: [], api: [] };
for (let round = 0; round < ROUNDS + 1; round++) {
  for (const [name, login] of round % 2 ? [['api', throughApi], ['form', throughForm]] : [['form', throughForm], ['api', throughApi]]) {
    const context = await browser.newContext({ baseURL: BASE });
    const page = await context.newPage();
    const start = performance.now();
    await login(page);
    await page.getByTestId('nav-menu').waitFor();
    const ms = performance.now() - start;
    if (round > 0) times[name].push(ms); // round 0 warms the server and the browser's caches
    await context.close();
  }
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, xs] of Object.entries(times)) console.log(`${name.padEnd(5)} median ${median(xs).toFixed(0)} ms  (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}, n=${xs.length})`);
console.log(`api / form: ${(median(times.api) / median(times.form)).toFixed(2)}`);
