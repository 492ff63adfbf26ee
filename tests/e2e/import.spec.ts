import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import resourceZh from '../../locale/resource/zh-CN/index.json';

/**
 * Issue 13 point 3 as a user meets it, on the exchange-rate table: the import icon opens the
 * import form with its template type; the template downloads with the columns in the user's
 * language; filled (here with exceljs, as a spreadsheet program would) with one bad row among
 * good ones, the import is refused with the count of problems and nothing lands in the table;
 * the error report names the row, the column and the problem; the row corrected, the same file
 * imports whole and its rows are in the table.
 */

const table = (page: Page) => page.getByTestId('resource-table');
const rows = (page: Page) => table(page).locator('[data-part=row]');
const dialog = (page: Page) => page.getByTestId('import-dialog');

/** Three capital letters no other test (nor worker, nor run on this database) uses. */
function uniqueCode(first: string): string {
  const n = Date.now() + test.info().parallelIndex * 7919 + Math.floor(Math.random() * 1000);
  return first + String.fromCharCode(65 + (Math.floor(n / 26) % 26)) + String.fromCharCode(65 + (n % 26));
}

async function sheetRows(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as never);
  const out: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

/** The table's rows of one currency pair, through the query form as a user asks. */
async function queryPair(page: Page, source: string, target: string) {
  const form = page.getByTestId('query-form');
  await form.getByLabel('原币种').fill(source);
  await form.getByLabel('目标币种').fill(target);
  await form.getByTestId('query-search').click();
}

test('import a template with one bad row: the error report, nothing imported; corrected, every row imported', async ({ page }) => {
  await loginAs(page, ADMIN, '/exchange-rate');
  await expect(page.getByTestId('resource-exchange-rate')).toBeVisible();
  const source = uniqueCode('J');
  const target = uniqueCode('K');

  await page.getByTestId('import-trigger').click();
  const box = dialog(page);
  await expect(box).toBeVisible();
  await expect(box.getByRole('heading')).toHaveText('导入汇率');
  // The one template type is chosen already.
  await expect(box.getByTestId('import-template-type')).toHaveValue('exchange-rate');
  await expectNoRawLocaleKeys(page);

  // The template: its columns in the user's language. Asked for from the keyboard, its button is
  // busy, not disabled, while it comes, and keeps the focus.
  const templateButton = box.getByTestId('import-template-download');
  await templateButton.focus();
  const [templateFile] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(templateFile.suggestedFilename()).toBe('汇率导入模板.xlsx');
  await expect(templateButton).toBeFocused();
  expect(await sheetRows(templateFile)).toEqual([['日期', '原币种', '目标币种', '汇率']]);

  // Filled with three good rows and one whose rate is not a number (sheet row 3).
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await templateFile.path())) as never);
  const sheet = workbook.worksheets[0]!;
  sheet.addRow([new Date(Date.UTC(2033, 4, 1)), source, target, 6.5]);
  sheet.addRow(['2033-05-02', source, target, 'six']);
  sheet.addRow(['2033-05-03', source, target, 6.7]);
  sheet.addRow(['2033-05-04', source, target, 6.8]);
  const filled = test.info().outputPath('rates.xlsx');
  await workbook.xlsx.writeFile(filled);

  // The rules first: a request without a mode says it is required.
  await box.getByTestId('import-file-input').setInputFiles(filled);
  await expect(box.getByTestId('import-file-name')).toContainText('rates.xlsx');
  await box.getByTestId('import-submit').click();
  await expect(box.getByText('导入方式不能为空')).toBeVisible();
  await box.getByRole('radio', { name: '追加' }).check({ force: true });
  await expect(box.getByText('导入方式不能为空')).toHaveCount(0);

  // From the keyboard: the refusal takes the Import button's place, and the focus goes on to
  // the report's download.
  await box.getByTestId('import-submit').focus();
  await page.keyboard.press('Enter');
  await expect(box.getByTestId('import-error-count')).toHaveText('共 1 处错误：未导入任何数据');
  await expect(box.getByTestId('import-rejected')).toContainText('未导入任何数据');
  await expect(box.getByTestId('import-report-download')).toBeFocused();

  const [report] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  await expect(box.getByTestId('import-report-download')).toBeFocused();
  expect(report.suggestedFilename()).toBe('汇率导入错误.xlsx');
  expect(await sheetRows(report)).toEqual([
    ['行号', '列', '问题'],
    ['3', '汇率', resourceZh.error.number],
  ]);

  // "Import another file" goes, and the focus with it to the file to choose; Escape then closes
  // the dialog and gives the focus back to its icon. Nothing of the file is in the table.
  await page.keyboard.press('Shift+Tab');
  await expect(box.getByTestId('import-again')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box.getByTestId('import-dropzone')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await expect(page.getByTestId('import-trigger')).toBeFocused();
  await queryPair(page, source, target);
  await expect(page.getByText('暂无数据')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  // The row corrected, the same file again: every row imported, and the table shows them.
  sheet.getRow(3).getCell(4).value = 6.6;
  const fixed = test.info().outputPath('rates-fixed.xlsx');
  await workbook.xlsx.writeFile(fixed);
  await page.getByTestId('import-trigger').click();
  await expect(box).toBeVisible();
  await box.getByTestId('import-file-input').setInputFiles(fixed);
  await box.getByRole('radio', { name: '追加' }).check({ force: true });
  await box.getByTestId('import-submit').focus();
  await page.keyboard.press('Enter');
  await expect(box.getByTestId('import-result')).toHaveText('已导入 4 行');
  // The result takes the Import button's place: the focus goes on to Close.
  await expect(box.getByTestId('import-close')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box).toHaveCount(0);
  await queryPair(page, source, target);
  await expect(rows(page)).toHaveCount(4);
  for (const [day, rate] of [['2033-05-04', '6.800000'], ['2033-05-02', '6.600000']]) await expect(rows(page).filter({ hasText: day })).toContainText(rate!.replace(/0+$/, ''));
});

test('the import form on a phone, in English, by keyboard: COVER asks for its dates, no serious accessibility problem', async ({ page }) => {
  await page.goto('/login.html#/login');
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(page, ADMIN, '/exchange-rate');
  await expect(page.getByTestId('resource-exchange-rate')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 700 });
  const trigger = page.getByTestId('import-trigger');
  await expect(trigger).toHaveAccessibleName('Import');
  // Focus and Enter in one step on the trigger as it stands after the resize (the toolbar lays
  // itself out again for the phone's width; once, under CI's load, Enter opened nothing).
  await trigger.press('Enter');
  const box = dialog(page);
  await expect(box).toBeVisible();
  // The whole width of the phone.
  expect(Math.round((await box.boundingBox())!.width)).toBe(375);
  await expect(box.getByRole('heading')).toHaveText('Import Exchange rate');
  await box.getByRole('radio', { name: 'Overwrite' }).check({ force: true });
  await box.getByTestId('import-submit').click();
  await expect(box.getByText('File is required')).toBeVisible();
  await expect(box.getByText('Dates to overwrite is required')).toBeVisible();
  await box.getByTestId('import-date-from').fill('2033-06-01');
  await box.getByTestId('import-date-to').fill('2033-06-02');
  await expect(box.getByText('Dates to overwrite is required')).toHaveCount(0);
  await expectNoRawLocaleKeys(page);
  // The pointer off the buttons (a hovered button is lighter), and scanned once the dialog's finite animations have ended (mid-fade, contrast is measured against a half-transparent background).
  await page.mouse.move(0, 0);
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).include('[data-testid=import-dialog]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // The footer stays on screen however long the form; Escape closes the dialog.
  await expect(box.getByTestId('import-submit')).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
});

test('in English, counts of one read right: one problem refused, one row imported, one record replaced', async ({ page }) => {
  await page.goto('/login.html#/login');
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  try {
    await loginAs(page, ADMIN, '/exchange-rate');
    await expect(page.getByTestId('resource-exchange-rate')).toBeVisible();
    const source = uniqueCode('L');
    const target = uniqueCode('M');
    await page.getByTestId('import-trigger').click();
    const box = dialog(page);
    await expect(box.getByRole('heading')).toHaveText('Import Exchange rate');
    const [templateFile] = await Promise.all([page.waitForEvent('download'), box.getByTestId('import-template-download').click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await templateFile.path())) as never);
    const sheet = workbook.worksheets[0]!;
    sheet.addRow(['2033-07-01', source, target, 'seven']);
    const bad = test.info().outputPath('one-bad.xlsx');
    await workbook.xlsx.writeFile(bad);
    sheet.getRow(2).getCell(4).value = 7.1;
    const good = test.info().outputPath('one-good.xlsx');
    await workbook.xlsx.writeFile(good);
    const importFile = async (file: string, mode: 'Append' | 'Overwrite') => {
      await box.getByTestId('import-file-input').setInputFiles(file);
      await box.getByRole('radio', { name: mode }).check({ force: true });
      if (mode === 'Overwrite') {
        await box.getByTestId('import-date-from').fill('2033-07-01');
        await box.getByTestId('import-date-to').fill('2033-07-01');
      }
      await box.getByTestId('import-submit').click();
    };

    // rosetta has no plurals: each count is phrased to read right for one ("1 problems", "1 rows" before).
    await importFile(bad, 'Append');
    await expect(box.getByTestId('import-error-count')).toHaveText('Problems found: 1; nothing was imported');
    await expect(box.getByTestId('import-rejected')).toContainText('Problems in the file: 1; nothing was imported.');
    await box.getByTestId('import-again').click();
    await importFile(good, 'Append');
    await expect(box.getByTestId('import-result')).toHaveText('Rows imported: 1');
    await box.getByTestId('import-again').click();
    await importFile(good, 'Overwrite');
    await expect(box.getByTestId('import-result')).toHaveText('Rows imported: 1Records of the chosen dates replaced: 1');
    await expectNoRawLocaleKeys(page);
  } finally {
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  }
});
