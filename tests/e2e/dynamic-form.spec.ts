import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 11 point 7: a dynamic form built from an administered template validates and saves.
 * An administrator writes a template on the templates page (a broken JSON text is named at
 * once, the fixed one previews), fills a form built from it, is told on blur that the amount is
 * not a number, fixes it (shown formatted), saves, reopens the saved form and finds every value.
 * A template without fields shows "data empty".
 */

/** Codes of this attempt: a retried test finds the first attempt's templates already stored. */
const suffix = () => `${Date.now().toString(36)}${test.info().retry}`;

const TEMPLATE = [
  { name: 'title', text: '标题', textEn: 'Title', type: 'text', max: 20, rules: [{ required: true, whitespace: true }] },
  { name: 'amount', text: '金额', textEn: 'Amount', type: 'amount', min: 0, rules: [{ required: true }] },
  { name: 'kind', text: '类型', textEn: 'Kind', type: 'select', dataType: 'static', data: [{ text: '甲类', value: 'A' }, { text: '乙类', value: 'B' }] },
  { name: 'scope', text: '范围', textEn: 'Scope', type: 'radio', dataType: 'dictionary', data: 'ExportType' },
  { name: 'note', text: '备注', textEn: 'Note', type: 'textarea', max: 200 },
];

async function createTemplate(page: Page, code: string, name: string, fields: unknown[], nameEn = ''): Promise<void> {
  await page.goto('/index.html#/expand-template');
  await page.getByTestId('add-template').click();
  const editor = page.getByTestId('template-editor');
  await editor.getByTestId('template-code').fill(code);
  await editor.getByTestId('template-name').fill(name);
  if (nameEn) await editor.getByLabel('英文名称').fill(nameEn);
  const text = editor.getByTestId('template-fields');
  // A broken text is named at once, before anything is sent.
  await text.fill('[{"name": ');
  await expect(editor.getByTestId('template-problems')).toContainText('请输入正确的JSON格式');
  await text.fill(JSON.stringify(fields, null, 2));
  await expect(editor.getByTestId('template-valid')).toBeVisible();
  await editor.getByTestId('save-template').click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId('template-row').filter({ hasText: code })).toHaveCount(1);
  // Widgets §9: when it was last changed, in full (with seconds), not the browser's "2026/11/29 14:13:16".
  await expect(page.getByTestId('template-row').filter({ hasText: code }).locator('td').nth(4)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
}

async function openNewForm(page: Page, code: string): Promise<void> {
  await page.goto('/index.html#/dynamic-form');
  const picker = page.getByTestId('template-picker');
  await expect(picker.locator(`option[value="${code}"]`)).toHaveCount(1);
  await picker.selectOption(code);
  await page.getByTestId('new-form').click();
}

test('an administrator writes a template; a form built from it validates on blur, saves and reopens with its values', async ({ page }) => {
  const code = `e2e-loan-${suffix()}`;
  await loginAs(page, ADMIN);
  await createTemplate(page, code, '贷款申请', TEMPLATE);
  // The preview on the templates page uses the same renderer: checked once the editor closed, on a fresh edit.
  await page.getByTestId('template-row').filter({ hasText: code }).getByTestId('edit-template').click();
  await expect(page.getByTestId('template-editor').getByTestId('dynamic-form').getByLabel('金额')).toBeVisible();
  await page.getByTestId('template-editor').getByRole('button', { name: '取消' }).click();

  await openNewForm(page, code);
  const form = page.getByTestId('form-panel').getByTestId('dynamic-form');
  await expect(form).toHaveAttribute('data-state', 'success');
  await expect(page.getByTestId('form-panel').getByRole('heading')).toHaveText('新建贷款申请');

  // Blur checks the field's own rules: not a number.
  const amount = form.getByLabel('金额');
  await amount.fill('12a');
  await amount.blur();
  const amountField = form.locator('[data-part=field][data-name=amount]');
  await expect(amountField).toHaveAttribute('data-state', 'invalid');
  await expect(amountField.getByTestId('field-problem')).toHaveText('金额不是有效的数字');
  // Fixed: the message goes, and the amount shows formatted once left.
  await amount.fill('1234.5');
  await expect(amountField.getByTestId('field-problem')).toHaveCount(0);
  await amount.blur();
  await expect(amount).toHaveValue('1,234.50');
  await expect(amountField).toHaveAttribute('data-state', 'valid');

  // Save checks every field first: the title is required.
  await form.getByTestId('dynamic-form-save').click();
  await expect(form.locator('[data-part=field][data-name=title]').getByTestId('field-problem')).toHaveText('标题不能为空');
  await form.getByLabel('标题').fill('设备采购');
  await form.getByLabel('类型').selectOption('B');
  await form.getByText('全部数据').click();
  await form.getByLabel('备注').fill('第一期');
  await form.getByTestId('dynamic-form-save').click();
  await expect(form.getByTestId('dynamic-form-saved')).toBeVisible();
  await expect(form).toHaveAttribute('data-mode', 'viewing');
  await expectNoRawLocaleKeys(page);

  // Reopened from the list after a reload: every value as saved, read-only.
  await page.reload();
  const row = page.getByTestId('saved-form').filter({ hasText: code }).first();
  await expect(row).toContainText('贷款申请');
  // Widgets §9: when it was last saved, in full (with seconds), not the browser's "2026/11/29 14:13:16".
  await expect(row.locator('td').nth(3)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await row.getByTestId('open-form').click();
  const opened = page.getByTestId('form-panel').getByTestId('dynamic-form');
  await expect(opened).toHaveAttribute('data-mode', 'viewing');
  await expect(opened.getByLabel('标题')).toHaveValue('设备采购');
  await expect(opened.getByLabel('标题')).toHaveAttribute('readonly', '');
  await expect(opened.getByLabel('金额')).toHaveValue('1,234.50');
  await expect(opened.getByLabel('类型')).toHaveValue('B');
  await expect(opened.getByRole('radio', { name: '全部数据' })).toBeChecked();
  await expect(opened.getByLabel('备注')).toHaveValue('第一期');

  // Edited and saved again at its version.
  await opened.getByTestId('dynamic-form-edit').click();
  await opened.getByLabel('金额').fill('99');
  await opened.getByTestId('dynamic-form-save').click();
  await expect(opened.getByTestId('dynamic-form-saved')).toBeVisible();
  // The list follows: the form is at version 2 now.
  await expect(page.getByTestId('saved-form').filter({ hasText: code }).first().locator('td').nth(4)).toHaveText('2');
});

test('a template without fields shows "data empty"', async ({ page }) => {
  const code = `e2e-blank-${suffix()}`;
  await loginAs(page, ADMIN);
  await createTemplate(page, code, '空模板', []);
  await openNewForm(page, code);
  const form = page.getByTestId('form-panel').getByTestId('dynamic-form');
  await expect(form).toHaveAttribute('data-state', 'empty');
  await expect(form.getByTestId('dynamic-form-empty')).toHaveText('暂无数据');
});

test('a stored template opens in the editor and is read there; the picker keeps its choice when the language changes', async ({ page }) => {
  const code = `e2e-trip-${suffix()}`;
  await loginAs(page, ADMIN);
  await createTemplate(page, code, '出差申请', [TEMPLATE[0]], 'Business trip');
  // Edit opens the editor at once; it reads the stored template itself and locks its code.
  await page.getByTestId('template-row').filter({ hasText: code }).getByTestId('edit-template').click();
  const editor = page.getByTestId('template-editor');
  await expect(editor).toHaveAttribute('data-state', 'editing');
  await expect(editor.getByTestId('template-code')).toHaveValue(code);
  await expect(editor.getByTestId('template-code')).toHaveAttribute('readonly', '');
  await expect(editor.getByTestId('template-name')).toHaveValue('出差申请');
  await expect(editor.getByTestId('template-valid')).toBeVisible();
  await editor.getByRole('button', { name: '取消' }).click();
  await expect(editor).toHaveCount(0);

  await page.goto('/index.html#/dynamic-form');
  const choice = page.getByTestId('template-choice');
  const picker = page.getByTestId('template-picker');
  await expect(choice).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('new-form')).toBeDisabled();
  await picker.selectOption(code);
  await expect(page.getByTestId('new-form')).toBeEnabled();
  await page.getByTestId('new-form').click();
  const form = page.getByTestId('form-panel').getByTestId('dynamic-form');
  await form.getByLabel('标题').fill('上海出差');
  // The list is asked again in English; the choice stays, now named in English, and the form
  // being filled stays as typed (the page is not taken down while the language changes).
  await page.getByTestId('language-switch').selectOption('en-US');
  await expect(page.getByRole('heading', { name: 'Dynamic forms' })).toBeVisible();
  await expect(choice).toHaveAttribute('data-state', 'ready');
  await expect(picker).toHaveValue(code);
  await expect(picker.locator(`option[value="${code}"]`)).toHaveText(`Business trip (${code})`);
  await expect(picker.locator('option').first()).toHaveText('Choose a template');
  await expect(form.getByRole('textbox').first()).toHaveValue('上海出差');
  await expectNoRawLocaleKeys(page);
});

test('a query page draws its extended filters, from the template query:<resource code>, with the same renderer', async ({ page }) => {
  await loginAs(page, ADMIN);
  // The city page: no other end-to-end test reads its query form, so its extra filter disturbs none.
  await page.goto('/index.html#/expand-template');
  const taken = page.getByTestId('template-row').filter({ hasText: 'query:city' });
  // The list has answered (a retry may find the template there already).
  await expect(page.getByTestId('expand-template-page').locator('[data-part=root][data-state=ready], [data-part=root][data-state=empty]').first()).toBeVisible();
  if ((await taken.count()) === 0) {
    await createTemplate(page, 'query:city', '城市扩展条件', [{ name: 'scope', text: '范围', textEn: 'Scope', type: 'radio', dataType: 'dictionary', data: 'ExportType' }]);
  }
  await page.goto('/index.html#/city');
  const form = page.getByTestId('query-form');
  await form.getByRole('button', { name: /展开/ }).click();
  const scope = form.locator('[data-part=field][data-field=scope]');
  await expect(scope).toContainText('范围');
  // A choice in a filter is one select, offering "all" first and the dictionary's values.
  await expect(scope.locator('select option')).toHaveText(['全部', '当前页', '全部数据']);
});
