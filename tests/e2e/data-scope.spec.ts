import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { STAFF, loginAs } from './support/users';
import { adminTotals, grantOrganisations } from './support/grants';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { parseCsv } from './support/export-files';

/**
 * Issue 12 point 5 as a user meets it: data authorisation is enforced by the server, so a staff
 * user granted two organisations finds exactly those two wherever organisations are listed —
 * the accounts table and its export of all data, the organisation lookup of the account form
 * and the organisation dropdown of the budget form — and a filter naming another organisation
 * finds nothing.
 */

const GRANTED = ['SH01', 'GZ01'];

const rows = (page: Page) => page.getByTestId('resource-table').locator('[data-part=row]');
const form = (page: Page) => page.getByTestId('record-form');

/** The text of one column in every row shown, found by its header. */
async function columnTexts(page: Page, field: string): Promise<string[]> {
  const table = page.getByTestId('resource-table');
  const headers = await table.locator('thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-field')));
  const index = headers.indexOf(field);
  expect(index, `column ${field}`).toBeGreaterThanOrEqual(0);
  return rows(page).evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement).innerText.trim()), index);
}

test('a staff user granted two organisations sees exactly those in the accounts table, its export, the organisation lookup and the organisation dropdown', async ({ page, baseURL }) => {
  await grantOrganisations(baseURL!, STAFF.userCode, GRANTED);
  const [all, ...granted] = await adminTotals(baseURL!, 'account', [{}, ...GRANTED.map((orgCode) => ({ orgCode }))]);
  const expected = granted.reduce((a, b) => a + b, 0);
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(all!);

  await loginAs(page, STAFF, '/account');
  await expect(page.getByTestId('resource-account')).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  // The table renders only the rows in view: at its page size each row is on screen.
  const size = Number(await page.getByLabel('每页条数').inputValue());
  await expect(rows(page)).toHaveCount(Math.min(size, expected));
  // Every account listed belongs to a granted organisation, and the pages add up to theirs.
  expect(GRANTED).toEqual(expect.arrayContaining([...new Set(await columnTexts(page, 'orgCode'))]));
  const pages = Math.ceil(expected / size);
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(pager.getByText(String(pages), { exact: true })).toBeVisible();
  await expect(pager.getByText(String(pages + 1), { exact: true })).toHaveCount(0);

  // Exporting all data: the file holds exactly the two organisations' accounts.
  await page.getByTestId('export-trigger').click();
  const box = page.getByTestId('export-dialog');
  await box.getByTestId('export-scope').getByText('全部数据', { exact: true }).click();
  await expect(box.getByRole('radio', { name: '全部数据' })).toBeChecked();
  await box.getByTestId('export-file-type').selectOption('csv');
  const [download] = await Promise.all([page.waitForEvent('download'), box.getByTestId('export-submit').click()]);
  const [header, ...data] = parseCsv(await readFile(await download.path(), 'utf8'));
  const org = header!.indexOf('所属机构');
  expect(org).toBeGreaterThanOrEqual(0);
  expect(data).toHaveLength(expected);
  expect(new Set(data.map((r) => r[org]))).toEqual(new Set(GRANTED));

  // Asking for another organisation by filter finds nothing: the server cut it.
  await page.getByTestId('query-form').getByLabel('所属机构').fill('HQ');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('resource-account').getByText('暂无数据')).toBeVisible();

  // The organisation lookup of the account form lists the two, and only them.
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await form(page).getByTestId('lookup-open-orgCode').click();
  const lookup = page.getByTestId('lookup-dialog-organisation');
  await expect(lookup.getByTestId('lookup-row')).toHaveCount(GRANTED.length);
  const codes = await lookup.getByTestId('lookup-row').evaluateAll((trs) => trs.map((tr) => (tr.querySelector('td[data-field=orgCode]') as HTMLElement | null)?.innerText.trim() ?? tr.textContent));
  expect(codes.map((c) => GRANTED.find((g) => c?.includes(g))).sort()).toEqual([...GRANTED].sort());
  await expectNoRawLocaleKeys(page);
  await lookup.getByRole('button', { name: '取消', exact: true }).click();
  await expect(lookup).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(form(page)).toHaveCount(0);

  // The organisation dropdown of the budget form, the same two.
  await page.goto('/index.html#/budget');
  await expect(page.getByTestId('resource-budget')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await form(page).locator('#field-orgCode').click();
  const list = page.locator('[data-part=list][data-state]:visible');
  await expect(list.getByTestId('scroll-status')).toHaveAttribute('data-state', 'end');
  await expect(list.getByRole('option')).toHaveCount(GRANTED.length);
  await expect(list.getByRole('option').filter({ hasText: '华东实业' })).toHaveCount(1);
  await expect(list.getByRole('option').filter({ hasText: '广州分公司' })).toHaveCount(1);
  await expectNoRawLocaleKeys(page);
});
