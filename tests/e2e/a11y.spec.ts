import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { STAFF, loginAs } from './support/users';

/**
 * axe-core finds no serious or critical violation (WCAG 2.x A and AA rules and axe's best
 * practices) on the login page, the shell and a stack of drawers, in both languages.
 */
async function expectNoSeriousViolations(page: Page, where: string) {
  // A drawer fades in: scanned mid-animation, its text's contrast is measured against a
  // half-transparent background (a CI run saw exactly that). Finite animations end first.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `serious axe violations on ${where}`).toEqual([]);
}

async function chooseLanguage(page: Page, lang: 'zh-CN' | 'en-US') {
  await page.getByTestId('language-switch').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

const LANGS = [
  { lang: 'zh-CN', favourites: '常用菜单', reminders: '我的提醒' },
  { lang: 'en-US', favourites: 'Often-used menus', reminders: 'My reminders' },
] as const;

for (const { lang, favourites, reminders } of LANGS) {
  test(`${lang}: no serious accessibility violation on the login page, the shell and stacked drawers`, async ({ page }) => {
    await page.goto('/login.html#/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await chooseLanguage(page, lang);
    await expectNoSeriousViolations(page, `the login page (${lang})`);

    await loginAs(page, STAFF);
    // The login page's language carries into the shell. (Switching in the shell would save it
    // on the user, and change what the other tests that log in as this user find.)
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The shell as it stands, the menu search's result list closed.
    await expectNoSeriousViolations(page, `the shell (${lang})`);

    // Two drawers opened at once (a reload of their address): the top one is exposed to
    // assistive technology, the one below and the shell are hidden.
    await page.goto('/index.html?drawer=reminders,favourites#/');
    await expect(page.getByTestId('drawer-favourites')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByRole('dialog', { name: favourites })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expectNoSeriousViolations(page, `two stacked drawers (${lang})`);

    // Escape closes the top one; the one below is exposed in turn.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drawer-favourites')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: reminders })).toBeVisible();
    await expectNoSeriousViolations(page, `a drawer (${lang})`);

  });
}
