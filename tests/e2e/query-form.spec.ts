import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { ownUser } from './support/admin-api';
import { inEnglish } from './support/in-english';
import { USER_TYPE_ADMIN } from '../../src/shared/constants';

/**
 * Issue 10 point 4 and 5 in the browser: each user saves a search on a resource page, makes it
 * the default, reloads and finds it applied (the query page starts with it); the name rules
 * speak in the dialog; staff never see the administrators' hidden-field settings.
 */
const rows = (page: Page) => page.getByTestId('resource-table').locator('[data-part=row]');

// Each test saves as a user of its own, so no other test's page, nor its own retry, starts filtered.
async function saveDefaultSearch(page: Page, path: string, label: string, name: string, code: string) {
  await page.goto(`/index.html#${path}`);
  await expect(rows(page)).toHaveCount(10);
  const form = page.getByTestId('query-form');
  await form.getByLabel(label).fill(code);
  await page.getByTestId('query-search').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(code);

  await page.getByTestId('query-save').click();
  const dialog = page.getByTestId('save-query-dialog');
  await expect(dialog).toBeVisible();
  // Seven characters are one too many (counted as characters, so six Chinese ones fit).
  await dialog.getByLabel('名称').fill('我的常用币种查');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toContainText('名称最多 6 个字');
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByText('设为默认查询').click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  const saved = page.getByTestId('saved-search').filter({ hasText: name });
  await expect(saved).toHaveAttribute('data-default', 'true');
  await expectNoRawLocaleKeys(page);

  // A reload starts the page with the default search applied: its filter typed, its rows shown.
  await page.reload();
  await expect(page.getByTestId('query-form').getByLabel(label)).toHaveValue(code);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(code);
}

test('an administrator saves a default search and finds it applied after a reload; the hidden-field settings are offered', async ({ page, baseURL }) => {
  await loginAs(page, await ownUser(baseURL!, 'qa', { duties: ['ADMIN'], userType: USER_TYPE_ADMIN }));
  await saveDefaultSearch(page, '/country', '国家代码', '中国查询', 'CN');
  await expect(page.getByTestId('query-hidden-settings')).toBeVisible();
  await page.getByTestId('query-hidden-settings').click();
  await expect(page.getByTestId('hidden-field-dialog')).toBeVisible();
  await expect(page.getByTestId('hidden-field-row')).toHaveCount(2);
});

test('staff save their own default search, see only theirs, and never the administrators’ settings', async ({ page, baseURL }) => {
  await loginAs(page, await ownUser(baseURL!, 'qs', { duties: ['STAFF'] }));
  await saveDefaultSearch(page, '/province', '省份代码', '北京', '11');
  await expect(page.getByTestId('saved-search')).toHaveCount(1);
  await expect(page.getByTestId('query-hidden-settings')).toHaveCount(0);

  // Clicking the default's star again unsets it: the next visit starts unfiltered.
  await page.getByRole('button', { name: '取消“北京”的默认' }).click();
  await expect(page.getByTestId('saved-search')).not.toHaveAttribute('data-default', 'true');
  await page.reload();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('query-form').getByLabel('省份代码')).toHaveValue('');
});

/**
 * How much of each date a form's date range shows, per input: its text (YYYY-MM-DD, as typed,
 * in either language) in the input's own font, against the room inside the input's padding
 * (the end padding holds the calendar button).
 */
async function dateRoom(form: Locator) {
  const dates = rangeDates(form);
  await expect(dates).toHaveCount(2);
  return dates.evaluateAll((inputs) =>
    inputs.map((input) => {
      const style = getComputedStyle(input);
      const pen = document.createElement('canvas').getContext('2d')!;
      // Built from its parts: the computed \`font\` is empty when a part has no place in it (tabular digits).
      pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      if (!pen.font.includes(style.fontSize)) throw new Error(`the canvas refused the input's font: ${style.fontSize} ${style.fontFamily}`);
      const box = input.getBoundingClientRect();
      return {
        value: (input as HTMLInputElement).value,
        text: Math.ceil(pen.measureText((input as HTMLInputElement).value).width),
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        inPage: box.left >= 0 && box.right <= document.documentElement.clientWidth,
      };
    }),
  );
}

/** A query form's date range's two inputs (resource pages stay open, hidden: each form is its page's). */
const rangeDates = (form: Locator) => form.locator('[data-part=field]').filter({ has: form.page().locator('[data-part=range-shortcuts]') }).locator('input[data-format]');

async function expectWholeDates(page: Page, form: Locator, where: string) {
  const shown = await dateRoom(form);
  for (const date of shown) {
    expect(date.value, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(date.room, `${where}: room for ${date.value}`).toBeGreaterThanOrEqual(date.text);
    expect(date.inPage, `${where}: ${date.value} within the page`).toBe(true);
  }
  // Nothing reaches past the page's width (no sideways scrolling at 390 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${where}: page width`).toBe(true);
}

const DATE_LANGS = [
  { lang: 'zh-CN', last7Days: '最近7天', calendar: '日历', previousMonth: '上个月' },
  { lang: 'en-US', last7Days: 'Last 7 days', calendar: 'Calendar', previousMonth: 'Previous month' },
] as const;

for (const { lang, last7Days, calendar, previousMonth } of DATE_LANGS) {
  test(`${lang}: a date range shows both dates whole, at 1280 px beside the other filters and at 390 px`, async ({ page }) => {
    await loginAs(page, ADMIN);
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    try {
      for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(viewport);
        // Typed dates on the exchange rates.
        await page.goto('/index.html#/exchange-rate');
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const rates = page.getByTestId('resource-exchange-rate').getByTestId('query-form');
        await rangeDates(rates).nth(0).fill('2025-11-28');
        await rangeDates(rates).nth(1).fill('2025-12-31');
        await expectWholeDates(page, rates, `${lang} ${viewport.width} px exchange rates`);
        if (viewport.width === 1280) {
          // The calendar by keyboard: its button follows the input; Enter opens it on the typed
          // day, in the page's language; an arrow and Enter pick the next day, written YYYY-MM-DD.
          await expect(rangeDates(rates).nth(1)).toHaveAttribute('placeholder', 'YYYY-MM-DD');
          await rangeDates(rates).nth(1).focus();
          await page.keyboard.press('Tab');
          await expect(page.locator(':focus')).toHaveAttribute('data-part', 'date-trigger');
          await page.keyboard.press('Enter');
          const shown = page.getByRole('application', { name: calendar });
          await expect(shown.getByRole('button', { name: previousMonth })).toBeVisible();
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('Enter');
          await expect(shown).toBeHidden();
          await expect(rangeDates(rates).nth(1)).toHaveValue('2026-01-01');
          await expect(page.locator(':focus')).toHaveAttribute('data-part', 'date-trigger');
        }
        // A shortcut's dates on the operation log.
        await page.goto('/index.html#/operate-log');
        const log = page.getByTestId('resource-operate-log').getByTestId('query-form');
        await log.locator('[data-part=range-shortcuts]').click();
        await page.getByRole('menuitem', { name: last7Days }).click();
        await expect(rangeDates(log).first()).not.toHaveValue('');
        await expectWholeDates(page, log, `${lang} ${viewport.width} px operation log`);
      }
    } finally {
      await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    }
  });
}

test('a calendar that cannot be loaded says so, keeps the date typed, and opens on the next press once it can', async ({ page }) => {
  // The calendar's code is a chunk of its own, fetched on the first press (src/widgets/date/DateInput.tsx).
  const calendarChunk = /\/assets\/calendar\.[0-9a-f]+\.js$/;
  await page.route(calendarChunk, (route) => route.abort('internetdisconnected'));
  await loginAs(page, ADMIN, '/exchange-rate');
  const rates = page.getByTestId('resource-exchange-rate').getByTestId('query-form');
  await rangeDates(rates).nth(0).fill('2025-11-28');
  const trigger = rates.locator('[data-part=date-trigger]').first();
  await trigger.click();
  await expect(page.getByText('日历未能加载，请检查网络后再试；日期仍可直接输入')).toBeVisible();
  await expect(rangeDates(rates).nth(0)).toHaveValue('2025-11-28');
  await rangeDates(rates).nth(0).fill('2025-11-27');
  await expect(rangeDates(rates).nth(0)).toHaveValue('2025-11-27');

  await page.unroute(calendarChunk);
  await trigger.click();
  const calendar = page.getByRole('application', { name: '日历' });
  await expect(calendar.getByRole('button', { name: '上个月' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(rangeDates(rates).nth(0)).toHaveValue('2025-11-27');
});

test('keyboard: the save-search dialog starts in the name and gives the focus back to its button after Escape or Cancel', async ({ page }) => {
  await loginAs(page, ADMIN, '/exchange-rate');
  await expect(rows(page).first()).toBeVisible();
  const trigger = page.getByTestId('query-save');
  const dialog = page.getByTestId('save-query-dialog');
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('名称')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('名称')).toBeFocused();
  await dialog.getByRole('button', { name: '取消' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test('a filter whose dictionary cannot be read says so in its place with a retry, without asking again and again; the retry, by keyboard, lists it; in English too', async ({ page }) => {
  const dictionary = '**/api/fsmc/common/query/dictionary';
  let asked = 0;
  await page.route(dictionary, (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  await loginAs(page, ADMIN, '/benchmark-rate');
  const filters = page.getByTestId('resource-rate').getByTestId('query-form');
  const failed = filters.locator('[data-field=rateType]').getByTestId('options-failed');
  await expect(failed).toContainText('选项读取失败');
  await expect(filters.locator('[data-field=tenor]').getByTestId('options-failed')).toBeVisible();
  // The other filters work on: what is typed there stays through the retry.
  await filters.getByLabel('币种').fill('USD');
  await expect(filters.getByLabel('币种')).toHaveValue('USD');
  // Each dictionary of the page asked for once or twice (its select, the table's names), not again
  // at every render (before: hundreds a second), and one toast for them all.
  expect(asked).toBeLessThanOrEqual(12);
  await expect(page.getByTestId('toast')).toHaveCount(1);

  await page.unroute(dictionary);
  await failed.getByRole('button', { name: '重试' }).focus();
  await page.keyboard.press('Enter');
  await expect(filters.locator('#query-rateType option')).not.toHaveCount(0);
  await expect(filters.locator('#query-rateType option').first()).toHaveText('全部');
  // The retry button the keyboard was on is gone: the select it brought has the focus.
  await expect(filters.locator('#query-rateType')).toBeFocused();
  await expect(filters.getByLabel('币种')).toHaveValue('USD');
  await expect(filters.locator('[data-field=tenor]').getByTestId('options-failed')).toBeVisible();

  // In English, on a phone: the failure in its words.
  await page.route(dictionary, (route) => route.abort('internetdisconnected'));
  await page.setViewportSize({ width: 390, height: 844 });
  await inEnglish(page, async () => {
    const english = page.getByTestId('resource-rate').getByTestId('query-form');
    await expect(english.locator('[data-field=rateType]').getByTestId('options-failed')).toContainText('The options could not be loaded');
    await expect(english.locator('[data-field=rateType]').getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
