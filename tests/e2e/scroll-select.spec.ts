import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 12 points 3 and 4 in the real browser against the real server and database: the
 * counterparty form's country is a scroll dropdown (remote filter, pages of 15 appended as the
 * 200 px list is scrolled, a failed page keeps what is shown), and its province and city are
 * the pair (the city opens once a province is set; a new or cleared province empties it).
 */

const form = (page: Page) => page.getByTestId('record-form');
const input = (page: Page, name: string) => form(page).locator(`#field-${name}`);
const list = (page: Page) => page.locator('[data-part=list][data-state]:visible');
const options = (page: Page) => list(page).getByRole('option');
const status = (page: Page) => list(page).getByTestId('scroll-status');

async function openAddForm(page: Page) {
  await page.goto('/index.html#/counter-party');
  await expect(page.getByTestId('resource-counter-party')).toBeVisible();
  await page.getByRole('button', { name: /^(新增|Add)$/ }).click();
  await expect(form(page)).toBeVisible();
}

async function scrollToEnd(page: Page) {
  await list(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
}

test('the country dropdown filters on the server as the user types and lists the match', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openAddForm(page);
  // A new record starts with the default country, named by its label.
  await expect(input(page, 'countryCode')).toHaveValue('中国');
  await input(page, 'countryCode').click();
  await expect(options(page)).toHaveCount(15);
  await input(page, 'countryCode').fill('法');
  await expect(options(page).filter({ hasText: '法国' })).toHaveCount(1);
  await expect(status(page)).toHaveAttribute('data-state', 'end');
  await options(page).filter({ hasText: '法国' }).click();
  await expect(input(page, 'countryCode')).toHaveValue('法国');
  await expectNoRawLocaleKeys(page);
});

test('scrolling to the end of the list appends pages of 15 until every country is listed', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openAddForm(page);
  await input(page, 'countryCode').click();
  await expect(options(page)).toHaveCount(15);
  const box = await list(page).boundingBox();
  expect(box!.height).toBeLessThanOrEqual(200);
  let shown = 15;
  while ((await status(page).getAttribute('data-state')) !== 'end') {
    await expect(status(page)).toHaveAttribute('data-state', 'more');
    await scrollToEnd(page);
    // The next page arrives (the last one may be shorter and ends the list).
    await expect.poll(async () => (await options(page).count()) > shown).toBe(true);
    const now = await options(page).count();
    expect(now - shown).toBeLessThanOrEqual(15);
    shown = now;
    await expect(status(page)).not.toHaveAttribute('data-state', 'loading');
  }
  const total = Number((await status(page).textContent())!.match(/\d+/)![0]);
  expect(total).toBeGreaterThan(200);
  await expect(options(page)).toHaveCount(total);
});

test('the keyboard alone opens the list, reaches its end (which asks for the next page) and chooses', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openAddForm(page);
  await input(page, 'countryCode').focus();
  await page.keyboard.press('ArrowDown');
  await expect(options(page)).toHaveCount(15);
  for (let i = 0; i < 15; i += 1) await page.keyboard.press('ArrowDown');
  await expect(options(page)).toHaveCount(30);
  const highlighted = options(page).and(page.locator('[data-highlighted]'));
  const name = (await highlighted.textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(input(page, 'countryCode')).toHaveValue(name);
});

test('a page that fails keeps the countries shown and says so; scrolling again fetches it', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openAddForm(page);
  let calls = 0;
  // The second call (page 2) fails once; every other goes to the real server.
  await page.route('**/api/fsmc/scroll-select/country', async (route) => {
    calls += 1;
    if (calls === 2) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: 'boom' }) });
    else await route.continue();
  });
  await input(page, 'countryCode').click();
  await expect(options(page)).toHaveCount(15);
  await scrollToEnd(page);
  await expect(status(page)).toHaveAttribute('data-state', 'error');
  await expect(status(page)).toHaveAttribute('role', 'alert');
  await expect(status(page)).toContainText('下一页加载失败');
  await expect(options(page)).toHaveCount(15);
  await status(page).getByRole('button', { name: '重试' }).click();
  await expect(options(page)).toHaveCount(30);
  await expect(status(page)).toHaveAttribute('data-state', 'more');
});

test('the city opens once a province is chosen; a new or cleared province empties it; the pair is saved', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openAddForm(page);
  const name = `省市对手${Date.now().toString(36)}`;
  await input(page, 'counterPartyName').fill(name);
  await form(page).locator('#field-counterPartyType').selectOption({ index: 1 });
  await expect(input(page, 'cityCode')).toBeDisabled();
  await expect(input(page, 'cityCode')).toHaveAttribute('placeholder', '请先选择省份');

  await input(page, 'provinceCode').click();
  await input(page, 'provinceCode').fill('河北');
  await options(page).filter({ hasText: '河北省' }).click();
  await expect(input(page, 'cityCode')).toBeEnabled();
  await input(page, 'cityCode').click();
  await expect(options(page).first()).toBeVisible();
  // Only Hebei's cities.
  await expect(options(page).filter({ hasText: '广州市' })).toHaveCount(0);
  await input(page, 'cityCode').fill('石家庄');
  await options(page).filter({ hasText: '石家庄市' }).click();
  await expect(input(page, 'cityCode')).toHaveValue('石家庄市');

  // Another province: the city goes.
  await input(page, 'provinceCode').click();
  await input(page, 'provinceCode').fill('广东');
  await options(page).filter({ hasText: '广东省' }).click();
  await expect(input(page, 'provinceCode')).toHaveValue('广东省');
  await expect(input(page, 'cityCode')).toHaveValue('');
  await input(page, 'cityCode').click();
  await input(page, 'cityCode').fill('广州');
  await options(page).filter({ hasText: '广州市' }).click();

  // Clearing the province empties and closes the city.
  await form(page).locator('[data-testid=scroll-provinceCode] [data-part=clear-trigger]').click();
  await expect(input(page, 'provinceCode')).toHaveValue('');
  await expect(input(page, 'cityCode')).toHaveValue('');
  await expect(input(page, 'cityCode')).toBeDisabled();

  await input(page, 'provinceCode').click();
  await input(page, 'provinceCode').fill('广东');
  await options(page).filter({ hasText: '广东省' }).click();
  await input(page, 'cityCode').click();
  await input(page, 'cityCode').fill('深圳');
  await options(page).filter({ hasText: '深圳市' }).click();
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  const row = page.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // Opened again, the pair shows its names.
  await row.getByRole('button', { name: '修改' }).click();
  await expect(input(page, 'provinceCode')).toHaveValue('广东省');
  await expect(input(page, 'cityCode')).toHaveValue('深圳市');
});

test('in English the dropdown speaks English and lists English names', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(page, ADMIN);
  await openAddForm(page);
  await expect(input(page, 'countryCode')).toHaveValue('China');
  await input(page, 'countryCode').click();
  await input(page, 'countryCode').fill('fran');
  await expect(options(page).filter({ hasText: 'France' })).toHaveCount(1);
  await expect(status(page)).toContainText('All 1 shown');
  await expect(input(page, 'cityCode')).toHaveAttribute('placeholder', 'Choose the province first');
  await expectNoRawLocaleKeys(page);
});

test.describe('on a narrow screen', () => {
  test('the list opens within the screen and scrolls for more', async ({ page }) => {
    await loginAs(page, ADMIN);
    await page.setViewportSize({ width: 375, height: 740 });
    await openAddForm(page);
    await input(page, 'countryCode').click();
    await expect(options(page)).toHaveCount(15);
    const box = (await list(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await scrollToEnd(page);
    await expect(options(page)).toHaveCount(30);
  });
});
