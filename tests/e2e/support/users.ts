import { expect, test, type Page } from '@playwright/test';

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

/** Logs in through the login page's password form and waits for the shell's menu. */
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

export async function loginAs(page: Page, user: { userCode: string; password: string }, route = '', { keepNotice = false } = {}): Promise<void> {
  if (!keepNotice) await closeReminderNotice(page);
  await page.goto(`/login.html${route ? `?redirect=${encodeURIComponent(route)}` : ''}#/login`);
  // The login page's language is saved on the user (src/views/login/after-login.ts): a test
  // that logged in in English would leave later tests of this worker's user in English. A test
  // that wants English says so first (localStorage 'lang'); every other one logs in in Chinese.
  await page.evaluate((lang) => localStorage.getItem('lang') ?? localStorage.setItem('lang', lang), 'zh-CN');
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox').first().fill(user.userCode);
  await form.locator('input[type=password]').fill(user.password);
  await form.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/index\.html/);
  await expect(page.getByTestId('nav-menu')).toBeVisible();
}
