import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DIALOG_WIDTH, EXPORT_FILE_NAME_MAX, TABLE_DEFAULT_PAGE_SIZE } from '../../src/shared/constants';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { parseCsv, readXlsx } from './support/export-files';

/**
 * Issue 13 point 1 as a user meets it: the accounts table's export icon opens the 590 px export
 * dialog with the visible columns; a page exported as CSV and as XLSX downloads at once under
 * the name typed (the server's content-disposition) and holds the page's rows and columns,
 * read back from the file (the xlsx unzipped). The name rules are applied as the user types.
 * Above 10,000 rows (all data as a background job) and above 1,000,000 (refused):
 * tests/e2e/export-jobs.spec.ts, on data of its own.
 */

const table = (page: Page) => page.getByTestId('resource-table');
const rows = (page: Page) => table(page).locator('[data-part=row]');
const dialog = (page: Page) => page.getByTestId('export-dialog');
/** A name no other test (or worker) uses. */
const uniqueName = (stem: string) => `${stem}-${test.info().parallelIndex}-${Date.now().toString(36)}`;

/** The data columns shown (header text, field), and the account numbers of the rows, as the table shows them. */
async function tableShown(page: Page) {
  // The whole page of rows: the virtualised body draws the rows it has room for once it has
  // measured itself (its first frame can hold only a few).
  await expect(rows(page)).toHaveCount(TABLE_DEFAULT_PAGE_SIZE);
  const headers = await table(page).locator('thead th').evaluateAll((ths) => ths.map((th) => ({ field: th.getAttribute('data-field') ?? '', kind: th.getAttribute('data-kind') ?? '', label: ((th.querySelector('[data-part=sort] > span') ?? th) as HTMLElement).innerText.trim() })));
  const columns = headers.filter((h) => !['seq', 'operation', 'checkbox', 'radio'].includes(h.kind));
  const acctNoAt = headers.findIndex((h) => h.field === 'acctNo');
  const acctNos = await rows(page).evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement).innerText.trim()), acctNoAt);
  return { columns, acctNos };
}

async function openExport(page: Page) {
  await page.getByTestId('export-trigger').click();
  await expect(dialog(page)).toBeVisible();
  return dialog(page);
}

/** Exports as it stands and waits for the file. */
async function exportNow(page: Page): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), dialog(page).getByTestId('export-submit').click()]);
  return download;
}

test.describe('export from the accounts table', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, ADMIN, '/account');
    await expect(page.getByTestId('resource-account')).toBeVisible();
  });

  test('a page as CSV: the name typed, the visible columns, the rows of the page', async ({ page }) => {
    const shown = await tableShown(page);
    const box = await openExport(page);
    expect(Math.round((await box.boundingBox())!.width)).toBe(DIALOG_WIDTH.export);
    // Every visible column is offered and ticked, in the table's order.
    await expect(box.getByTestId('export-columns').locator('[data-part=column]')).toHaveText(shown.columns.map((c) => c.label));
    await expect(box.getByTestId('export-columns').locator('[data-part=column][data-state=checked]')).toHaveCount(shown.columns.length);
    await expect(box.getByRole('radio', { name: '当前页' })).toBeChecked();
    const name = uniqueName('账户导出');
    await box.getByTestId('export-file-name').fill(name);
    await box.getByTestId('export-file-type').selectOption('csv');
    await expectNoRawLocaleKeys(page);

    const download = await exportNow(page);
    expect(download.suggestedFilename()).toBe(`${name}.csv`);
    await expect(page.getByText(`${name}.csv`).first()).toBeVisible(); // the success tip names the file
    await expect(dialog(page)).toHaveCount(0);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...data] = parseCsv(text);
    expect(header).toEqual(shown.columns.map((c) => c.label));
    expect(data.map((r) => r[header!.indexOf('账号')] ?? r[0])).toEqual(shown.acctNos);
  });

  test('a page as XLSX with two columns left out: the file holds the rest, in order', async ({ page }) => {
    const shown = await tableShown(page);
    const box = await openExport(page);
    const [kept, ...rest] = shown.columns;
    const dropped = rest.slice(-2);
    for (const c of dropped) await box.getByTestId('export-columns').locator(`[data-field=${c.field}]`).click();
    await expect(box.getByTestId('export-columns').locator('[data-part=column][data-state=checked]')).toHaveCount(shown.columns.length - 2);
    const name = uniqueName('Accounts');
    await box.getByTestId('export-file-name').fill(name);
    await box.getByTestId('export-file-type').selectOption('xlsx');

    const download = await exportNow(page);
    expect(download.suggestedFilename()).toBe(`${name}.xlsx`);
    const sheet = readXlsx(await readFile(await download.path()));
    const expectedHeader = shown.columns.filter((c) => !dropped.includes(c)).map((c) => c.label);
    expect(sheet[0]).toEqual(expectedHeader);
    expect(sheet.slice(1).map((r) => r[expectedHeader.indexOf(kept!.label)])).toEqual(shown.acctNos);
    // No cell beyond the columns asked for.
    expect(sheet.every((r) => r.length <= expectedHeader.length)).toBe(true);
  });

  test('the name rules: characters stripped as typed, fifty at most, all four fields required', async ({ page }) => {
    const box = await openExport(page);
    const name = box.getByTestId('export-file-name');
    await name.fill('');
    await name.pressSequentially('季度/报表:"终稿"*<v2>|?\\');
    await expect(name).toHaveValue('季度报表终稿v2');
    await name.fill(`${'账'.repeat(30)}${'x'.repeat(30)}`);
    await expect(name).toHaveValue(`${'账'.repeat(30)}${'x'.repeat(EXPORT_FILE_NAME_MAX - 30)}`);

    // Nothing goes while a field is missing: the name emptied, every column unticked.
    await name.fill('');
    await box.getByTestId('export-all-columns').click();
    await box.getByTestId('export-submit').click();
    await expect(box.getByText('文件名为必填项')).toBeVisible();
    await expect(box.getByText('导出列为必填项')).toBeVisible();
    await expect(box).toHaveAttribute('data-state', 'incomplete');
    // Filled again from the keyboard, the notes go and Enter exports.
    await name.fill('键盘导出');
    await box.getByTestId('export-all-columns').click();
    await expect(box.getByText('文件名为必填项')).toHaveCount(0);
    await name.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^键盘导出\.(xlsx|csv)$/);
  });

  test('keyboard, in English: the dialog starts in the name and gives the focus back to its icon after Escape, Cancel or an export', async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    const trigger = page.getByTestId('export-trigger');
    const box = dialog(page);
    const open = async () => {
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(box.getByTestId('export-file-name')).toBeFocused();
    };
    await open();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await open();
    await box.getByRole('button', { name: 'Cancel', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(box).toHaveCount(0);
    await expect(trigger).toBeFocused();

    // Enter in the name exports the page at once; the dialog closes and the focus is back.
    await open();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/\.(xlsx|csv)$/);
    await expect(box).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('in English on a phone: the dialog fits the screen, speaks English and passes axe', async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const box = dialog(page);
    await expect(box.getByRole('heading', { name: 'Export data' })).toBeVisible();
    const width = (await box.boundingBox())!.width;
    expect(width).toBeLessThanOrEqual(390);
    await expect(box.getByRole('radio', { name: 'Current page' })).toBeChecked();
    await expect(box.getByText('Columns to export')).toBeVisible();
    await expectNoRawLocaleKeys(page);
    // No serious or critical axe violation in the dialog (names, labels, contrast, focus).
    const { violations } = await new AxeBuilder({ page }).include('[data-testid=export-dialog]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Escape closes it.
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
  });
});
