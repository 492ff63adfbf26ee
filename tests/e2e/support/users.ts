import { expect, test, type Page } from '@playwright/test';
import { HEADERS, LOCAL_KEYS, SESSION_KEYS } from '../../../src/shared/constants';
import { apiClient } from './api';

/**
 * The seeded demo users (server/db/seed.ts), each worker its own: one user has one session,
 * so two workers logging in as the same user would end each other's sessions. Worker slot 0
 * uses the demo users themselves, slot n their copies `<code>-w<n+1>` (seeded when
 * E2E_WORKER_USERS asks: playwright.config.ts). Read the code inside a test, where the worker
 * is known.
 */
const demo = (code: string, password: string, name?: string) => ({
  get userCode(): string {
    let slot = 0;
    try {
      slot = test.info().parallelIndex;
    } catch {
      // Outside a test (a module's top level): the demo user itself.
    }
    return slot === 0 ? code : `${code}-w${slot + 1}`;
  },
  password,
  ...(name ? { name } : {}),
});

export const ADMIN = demo('admin', 'Admin@2026', '系统管理员') as { readonly userCode: string; readonly password: string; readonly name: string };
/** The second administrator: reviews users and duties an administrator wrote (four eyes). */
export const CHECKER = demo('checker', 'Checker@2026', '复核员') as { readonly userCode: string; readonly password: string; readonly name: string };
export const STAFF = demo('staff', 'Staff@2026') as { readonly userCode: string; readonly password: string };

/**
 * The unread-reminders notice (src/widgets/ReminderNotice.tsx) arrives a moment after the shell,
 * bottom right, over whatever sits there (a row's buttons, the table settings). A user closes it;
 * a test does too, whenever it stands in the way of the next action or check (Playwright's
 * locator handler), unless the test is about the notice (`keepNotice`).
 */
function closeReminderNotice(page: Page): Promise<void> {
  const notice = page.getByTestId('reminder-notice');
  return page.addLocatorHandler(notice, async () => {
    // Dispatched, not clicked: a drawer opened over the notice would take a real click. The
    // notice may also go by itself (the reminders drawer opened), leaving nothing to close.
    await notice
      .getByRole('button', { name: /^(关闭|Close)$/ })
      .dispatchEvent('click', undefined, { timeout: 2_000 })
      .catch(() => undefined);
  });
}

/**
 * Sends the page's requests from an address of this test's own (X-Forwarded-For, which the
 * shared server believes from 127.0.0.1: TRUST_PROXY in playwright.config.ts), as browsers behind
 * a proxy arrive. For tests that fail logins on purpose: the server counts failures per address
 * too (LOGIN_THROTTLE.addressFailures in its window), and from 127.0.0.1 they would add up across
 * the run's tests until every login of every worker is refused.
 */
export async function fromOwnAddress(page: Page): Promise<string> {
  const info = test.info();
  let hash = info.retry;
  for (const c of info.testId) hash = (hash * 31 + c.charCodeAt(0)) % 65_521;
  // 198.18.0.0/15, the benchmarking range: never a real client's.
  const address = `198.${18 + (info.workerIndex >> 8) % 2}.${info.workerIndex % 256}.${(hash % 254) + 1}`;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return address;
}

type LoginOptions = { keepNotice?: boolean; throughForm?: boolean };

/**
 * Logs `user` in and opens the shell at `route` (home when empty), waiting for its menu.
 *
 * Over the API by default: the login page's own tests (login-*.spec.ts) drive its form, and
 * every other test only needs a session. It does what the page does once the server said yes
 * (src/views/login/after-login.ts): the token and the user in storage, the language shown saved
 * on the user. That skips loading the login page's script and typing, a few seconds per login
 * on a loaded 2-core machine, over a hundred logins a run. `throughForm` logs in with the form.
 *
 * The language: a test that wants English says so first (localStorage 'lang'); every other one
 * logs in in Chinese, since a test that left its worker's user in English would change the
 * language of the next test of that worker.
 */
export async function loginAs(page: Page, user: { userCode: string; password: string }, route = '', { keepNotice = false, throughForm = false }: LoginOptions = {}): Promise<void> {
  if (!keepNotice) await closeReminderNotice(page);
  if (throughForm) await loginThroughForm(page, user, route);
  else await loginThroughApi(page, user, route);
  await expect(page).toHaveURL(/index\.html/);
  await expect(page.getByTestId('nav-menu')).toBeVisible();
}

async function loginThroughForm(page: Page, user: { userCode: string; password: string }, route: string): Promise<void> {
  await page.goto(`/login.html${route ? `?redirect=${encodeURIComponent(route)}` : ''}#/login`);
  await page.evaluate((lang) => localStorage.getItem('lang') ?? localStorage.setItem('lang', lang), 'zh-CN');
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox').first().fill(user.userCode);
  await form.locator('input[type=password]').fill(user.password);
  await form.locator('button[type=submit]').click();
}

async function loginThroughApi(page: Page, user: { userCode: string; password: string }, route: string): Promise<void> {
  // Any document of the portal's origin lets the test write its storage; this one is a small
  // JSON answer that loads no script.
  await page.goto('/api/portal/login/query-system-setting');
  const origin = new URL(page.url()).origin;
  const lang = await page.evaluate((fallback) => localStorage.getItem('lang') ?? fallback, 'zh-CN');
  const api = apiClient(origin);
  const login = await api.post('/api/fsmc/login/login', { userCode: user.userCode, password: user.password });
  expect(login.body.code, `API login of ${user.userCode}: ${login.body.msg}`).toBe(0);
  const { JwtToken: token, loginUserInfo, lang: saved } = login.body.data as { JwtToken: string; loginUserInfo: unknown; lang?: string };
  if (saved !== lang) {
    const set = await api.post('/api/fsmc/login/lang-setting', { lang }, { [HEADERS.jwtToken]: token });
    expect(set.body.code, set.body.msg).toBe(0);
  }
  await page.evaluate(
    ({ keys, token, info, lang }) => {
      localStorage.setItem(keys.lang, lang);
      localStorage.setItem(keys.sessionKey, token);
      sessionStorage.setItem(keys.loginUserInfo, JSON.stringify(info));
    },
    { keys: { lang: LOCAL_KEYS.lang, sessionKey: LOCAL_KEYS.sessionKey, loginUserInfo: SESSION_KEYS.loginUserInfo }, token, info: loginUserInfo, lang },
  );
  await page.goto(`/index.html#${route || '/'}`);
}
