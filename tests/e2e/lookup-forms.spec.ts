import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 12 points 1–3 in real forms, against the real server and its seeded data: a
 * department's organisation auto-selected from a typed code (widgets §4 "auto-select picks the
 * only result on page 1"), the account form's financial office as the office dropdown of §2
 * (name shown, code stored), and a dynamic form whose magnifier, added from the template
 * editor's lookup offer, fills two fields with one pick.
 */

/** Codes of this attempt: a retry or the other worker never meets this test's records. */
const suffix = () => `${Date.now().toString(36)}${test.info().workerIndex}${test.info().retry}`.toUpperCase();

const form = (page: Page) => page.getByTestId('record-form');
const lookupDialog = (page: Page, code: string) => page.getByTestId(`lookup-dialog-${code}`);
const tableRow = (page: Page, cell: string) => page.getByTestId('resource-table').locator('[data-part=row]').filter({ has: page.getByRole('cell', { name: cell, exact: true }) });

async function openAdd(page: Page, code: string) {
  await page.goto(`/index.html#/${code}`);
  await expect(page.getByTestId(`resource-${code}`)).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(form(page)).toBeVisible();
}

test('department form: a typed organisation code is picked at once when it is the only result; a code that matches several opens the lookup searched by it', async ({ page }) => {
  const deptCode = `E2E-AS-${suffix()}`;
  await loginAs(page, ADMIN);
  await openAdd(page, 'department');
  const org = form(page).getByTestId('lookup-field-orgCode');
  await expect(org).toHaveAttribute('placeholder', '输入代码后按回车');

  // Several organisations' codes hold 01 (three seeded, and whatever other tests added): the
  // dialog opens with the code search filled and lists only them.
  await org.fill('01');
  await org.press('Enter');
  const d = lookupDialog(page, 'organisation');
  await expect(d.getByLabel('机构代码')).toHaveValue('01');
  await expect(d.locator('[data-testid=lookup-row][data-key="SH01"]')).toHaveCount(1);
  const keys = await d.getByTestId('lookup-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key') ?? ''));
  expect(keys.length).toBeGreaterThanOrEqual(3);
  expect(keys.filter((k) => !k.includes('01'))).toEqual([]);
  await d.locator('[data-testid=lookup-row][data-key="SH01"]').dblclick();
  await expect(d).toHaveCount(0);
  await expect(org).toHaveValue('SH01 华东实业有限公司');

  // One organisation matches (any case): picked without a dialog, through the magnifier button.
  await org.fill('gz01');
  await form(page).getByTestId('lookup-open-orgCode').click();
  await expect(org).toHaveValue('GZ01 集团广州分公司');
  await expect(d).toHaveCount(0);

  // Typing left without opening changes nothing: the field shows its value again.
  await org.fill('HQ');
  await form(page).locator('#field-deptName').click();
  await expect(org).toHaveValue('GZ01 集团广州分公司');

  await form(page).locator('#field-deptCode').fill(deptCode);
  await form(page).locator('#field-deptName').fill('自动选择测试部');
  // The department form's embedded remarks page (seeded) wants its remark too.
  await form(page).getByTestId('embedded-page-remarks').frameLocator('iframe[name=remarks]').getByTestId('embedded-remark').fill('自动选择');
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  await page.getByTestId('query-form').getByLabel('部门代码').fill(deptCode);
  await page.keyboard.press('Enter');
  await expect(tableRow(page, deptCode)).toContainText('GZ01');
  await expectNoRawLocaleKeys(page);
});

test('account form: the financial office is the office dropdown, naming the office and storing its code; the branch auto-selects from its CNAPS number', async ({ page }) => {
  const acctNo = `E2E${suffix()}`;
  await loginAs(page, ADMIN);
  await openAdd(page, 'account');
  const office = form(page).locator('#field-officeCode');
  await office.click();
  const list = page.locator('[data-part=list][data-state]:visible');
  await expect(list.getByRole('option')).toHaveCount(5);
  await office.fill('上海');
  await expect(list.getByRole('option')).toHaveCount(1);
  await list.getByRole('option', { name: '集团财务有限公司上海分公司' }).click();
  await expect(office).toHaveValue('集团财务有限公司上海分公司');

  // The organisation: SC01 is the only code holding "SC01" (a two-letter code such as HQ may
  // also stand inside the random codes other tests give their organisations).
  await form(page).getByTestId('lookup-field-orgCode').fill('SC01');
  await form(page).getByTestId('lookup-field-orgCode').press('Enter');
  await expect(form(page).getByTestId('lookup-field-orgCode')).toHaveValue('SC01 集团资金结算中心');

  // The branch: a whole CNAPS number read from the bank lookup, typed, is picked with its bank code.
  await form(page).getByTestId('lookup-open-lineNumber').click();
  const bank = lookupDialog(page, 'bank');
  await expect(bank.getByTestId('lookup-row').first()).toBeVisible();
  const cnaps = (await bank.getByTestId('lookup-row').first().getAttribute('data-key'))!;
  await bank.getByRole('button', { name: '取消', exact: true }).click();
  await expect(bank).toHaveCount(0);
  await form(page).getByTestId('lookup-field-lineNumber').fill(cnaps);
  await form(page).getByTestId('lookup-field-lineNumber').press('Enter');
  await expect(form(page).getByTestId('lookup-field-lineNumber')).toHaveValue(new RegExp(`^${cnaps} `));
  await expect(form(page).locator('#field-bankCode')).toHaveValue(cnaps.slice(0, 3));

  await form(page).locator('#field-acctNo').fill(acctNo);
  await form(page).locator('#field-acctName').fill('下拉测试账户');
  await form(page).locator('#field-currencyCode').fill('CNY');
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  await page.getByTestId('query-form').getByLabel('账号').fill(acctNo);
  await page.keyboard.press('Enter');
  const row = tableRow(page, acctNo);
  await expect(row).toContainText('FO02');
  // Opened again: the stored code is shown by its name.
  await row.getByRole('button', { name: '修改' }).click();
  await expect(form(page).locator('#field-officeCode')).toHaveValue('集团财务有限公司上海分公司');
  await expectNoRawLocaleKeys(page);
});

test('dynamic form: the template editor offers the lookups; the magnifier it adds fills the code and the name with one pick, saved and shown again', async ({ page }) => {
  const code = `e2e-org-${suffix().toLowerCase()}`;
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/expand-template');
  await page.getByTestId('add-template').click();
  const editor = page.getByTestId('template-editor');
  await editor.getByTestId('template-code').fill(code);
  await editor.getByTestId('template-name').fill('机构登记');
  await editor.getByTestId('template-fields').fill('[{"name": "title", "text": "标题", "type": "text", "max": 20}]');
  await editor.getByTestId('lookup-offer-code').selectOption('organisation');
  await expect(editor.getByTestId('lookup-offer-fields')).toContainText('orgCode, orgName, orgType');
  await editor.getByTestId('lookup-offer-add').click();
  const fields = JSON.parse(await editor.getByTestId('template-fields').inputValue());
  expect(fields.map((f: { name: string }) => f.name)).toEqual(['title', 'orgCode', 'orgName']);
  expect(fields[1]).toMatchObject({ type: 'magnifier', lookup: 'organisation', fills: { orgCode: 'orgCode', orgName: 'orgName' } });
  await expect(editor.getByTestId('template-valid')).toBeVisible();
  // A lookup the portal does not have is named at once (and the server refuses it the same way).
  await editor.getByTestId('template-fields').fill(JSON.stringify([{ ...fields[1], lookup: 'planet' }]));
  await expect(editor.getByTestId('template-problems')).toContainText('放大镜须指明查找');
  await editor.getByTestId('template-fields').fill(JSON.stringify(fields));
  await expect(editor.getByTestId('template-valid')).toBeVisible();
  await editor.getByTestId('save-template').click();
  await expect(editor).toHaveCount(0);

  await page.goto('/index.html#/dynamic-form');
  const picker = page.getByTestId('template-picker');
  await expect(picker.locator(`option[value="${code}"]`)).toHaveCount(1);
  await picker.selectOption(code);
  await page.getByTestId('new-form').click();
  const dyn = page.getByTestId('form-panel').getByTestId('dynamic-form');
  await expect(dyn).toHaveAttribute('data-state', 'success');
  await dyn.getByLabel('标题').fill('广州登记');
  await dyn.getByTestId('lookup-open-orgCode').click();
  const d = lookupDialog(page, 'organisation');
  await d.getByLabel('机构名称').fill('广州');
  await d.getByRole('button', { name: '查询', exact: true }).click();
  await expect(d.getByTestId('lookup-row')).toHaveCount(1);
  await d.getByTestId('lookup-row').dblclick();
  await expect(d).toHaveCount(0);
  // The dialog's search did not save the form the field sits in: it is still being edited.
  await expect(dyn).toHaveAttribute('data-mode', 'editing');
  await expect(dyn.getByTestId('lookup-field-orgCode')).toHaveValue('GZ01 集团广州分公司');
  await expect(dyn.getByLabel('机构名称')).toHaveValue('集团广州分公司');
  await dyn.getByTestId('dynamic-form-save').click();
  await expect(dyn.getByTestId('dynamic-form-saved')).toBeVisible();

  await page.reload();
  await page.getByTestId('saved-form').filter({ hasText: code }).first().getByTestId('open-form').click();
  const opened = page.getByTestId('form-panel').getByTestId('dynamic-form');
  await expect(opened).toHaveAttribute('data-mode', 'viewing');
  await expect(opened.getByTestId('lookup-field-orgCode')).toHaveValue('GZ01 集团广州分公司');
  await expect(opened.getByLabel('机构名称')).toHaveValue('集团广州分公司');
  // Read-only while viewing: no magnifier to open.
  await expect(opened.getByTestId('lookup-open-orgCode')).toHaveCount(0);
  await expectNoRawLocaleKeys(page);
});
