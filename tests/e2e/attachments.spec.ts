import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { apiClient } from './support/api';

/**
 * Issue 13 point 4 in the real browser against the real server and database: the contact
 * account's form carries its attachments in the footer; the account-opening licence is a
 * required type of its business (migration 0020's seeded setting).
 */

const LICENCE = '开户许可证';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const form = (page: Page) => page.getByTestId('record-form');
const field = (page: Page, name: string) => form(page).locator(`#field-${name}`);
const uploader = (page: Page) => form(page).getByTestId('attachment-upload');
const fileRows = (page: Page) => uploader(page).getByTestId('upload-row');
const unique = () => `${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 90 + 10)}`;

async function openAdd(page: Page) {
  await page.goto('/index.html#/contact-org-acc');
  await expect(page.getByTestId('resource-contact-org-acc')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(uploader(page).getByTestId('upload-dropzone')).toBeVisible();
}

async function fillAccount(page: Page, accountNo: string) {
  await field(page, 'accountNo').fill(accountNo);
  await field(page, 'accountName').fill(`附件测试${accountNo}`);
  await field(page, 'counterPartyCode').fill('CP000001');
}

/** A file dropped on the dropzone, as a user drags one from the desktop. */
async function dropFile(page: Page, name: string, content: Buffer, type: string) {
  const transfer = await page.evaluateHandle(
    ({ name, bytes, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return dt;
    },
    { name, bytes: [...content], type },
  );
  const zone = uploader(page).getByTestId('upload-dropzone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

test('a save missing the required attachment type says which; with the licence uploaded it saves and the file stays with the record', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openAdd(page);
  const accountNo = `62${unique()}`;
  await fillAccount(page, accountNo);
  await expect(uploader(page).locator('[data-part=required-types]')).toContainText(LICENCE);
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page).getByTestId('form-failure')).toContainText(`保存前检查未通过：请上传${LICENCE}`);
  await expect(form(page).getByTestId('form-failure')).toHaveAttribute('data-failed-step', 'beforeSave');

  // Chosen by click (the hidden input), filed under the licence type.
  await uploader(page).getByTestId('upload-category').selectOption(LICENCE);
  await uploader(page).getByTestId('upload-input').setInputFiles({ name: '开户许可证.pdf', mimeType: 'application/pdf', buffer: PDF });
  const row = fileRows(page).filter({ hasText: '开户许可证.pdf' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('upload-file-size')).toHaveText(`${PDF.length} B`);
  await expect(uploader(page).locator('[data-part=required-types] [data-state=present]')).toHaveText(`${LICENCE} (必传)`);
  await expectNoRawLocaleKeys(page);

  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  await page.getByTestId('query-form').getByLabel('账号').fill(accountNo);
  await page.keyboard.press('Enter');
  const tableRow = page.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: accountNo });
  await expect(tableRow).toHaveCount(1);
  await tableRow.getByRole('button', { name: '修改' }).click();
  await expect(fileRows(page).filter({ hasText: '开户许可证.pdf' })).toHaveCount(1);
  await form(page).locator('[data-part=button-bar]').getByRole('button', { name: /^(返回|关闭)$/ }).click();
  await expect(form(page)).toHaveCount(0);

  // View mode: the files are listed, nothing that changes them is offered (widgets §4 "Form type").
  await tableRow.getByRole('button', { name: '查看' }).click();
  await expect(fileRows(page).filter({ hasText: '开户许可证.pdf' })).toHaveCount(1);
  await expect(uploader(page)).toHaveAttribute('data-readonly', '');
  await expect(uploader(page).getByTestId('upload-dropzone')).toHaveCount(0);
  await expect(uploader(page).getByTestId('upload-delete')).toHaveCount(0);
  await expect(uploader(page).getByTestId('upload-bulk-delete')).toHaveCount(0);
  await expect(uploader(page).getByTestId('upload-bulk-download')).toBeEnabled();
});

test('a file named pdf whose content is text is refused with its reason; a dragged file lands in the table with its size', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openAdd(page);
  await uploader(page).getByTestId('upload-input').setInputFiles({ name: 'x.pdf', mimeType: 'application/pdf', buffer: Buffer.from('this is only text, not a pdf\n') });
  await expect(uploader(page).getByTestId('upload-problem')).toContainText('x.pdf 的内容不是 pdf 文件');
  await expect(fileRows(page)).toHaveCount(0);

  await dropFile(page, 'notes.txt', Buffer.from('dragged in\n'), 'text/plain');
  await expect(fileRows(page).filter({ hasText: 'notes.txt' }).getByTestId('upload-file-size')).toHaveText('11 B');
  // A type the spec does not accept never leaves the browser.
  await uploader(page).getByTestId('upload-input').setInputFiles({ name: 'run.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(uploader(page).getByTestId('upload-problem')).toContainText('run.exe：不支持 exe 类型的文件');
});

test('bulk download gives one zip of the ticked files; bulk actions with nothing ticked say so; bulk delete asks first', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openAdd(page);
  const input = uploader(page).getByTestId('upload-input');
  await input.setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('first\n') });
  await expect(fileRows(page)).toHaveCount(1);
  await input.setInputFiles({ name: 'b.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(fileRows(page)).toHaveCount(2);

  // One row's download is that file under its own name.
  const [single] = await Promise.all([page.waitForEvent('download'), fileRows(page).filter({ hasText: 'a.txt' }).getByTestId('upload-download').click()]);
  expect(single.suggestedFilename()).toBe('a.txt');
  expect(fs.readFileSync(await single.path(), 'utf8')).toBe('first\n');

  await uploader(page).getByTestId('upload-bulk-download').click();
  await expect(uploader(page).getByTestId('upload-problem')).toContainText('请先选择文件');
  await uploader(page).getByTestId('upload-bulk-delete').click();
  await expect(uploader(page).getByTestId('upload-problem')).toContainText('请先选择文件');

  await uploader(page).getByRole('checkbox', { name: '选择全部文件' }).check({ force: true });
  const [download] = await Promise.all([page.waitForEvent('download'), uploader(page).getByTestId('upload-bulk-download').click()]);
  expect(download.suggestedFilename()).toBe('附件.zip');
  const entries = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  expect(Object.keys(entries).sort()).toEqual(['a.txt', 'b.pdf']);
  expect(Buffer.from(entries['b.pdf']!)).toEqual(PDF);

  await uploader(page).getByTestId('upload-bulk-delete').click();
  const confirm = page.getByTestId('upload-confirm');
  await expect(confirm).toContainText('确定删除所选的 2 个可删除文件？');
  await confirm.getByTestId('upload-confirm-ok').click();
  await expect(fileRows(page)).toHaveCount(0);
  await expect(uploader(page).getByTestId('upload-empty')).toBeVisible();
});

test('an administrator gives a business its attachment setting and types on the two administration pages', async ({ page, baseURL }) => {
  await loginAs(page, ADMIN);
  const business = `h4-e2e-${unique()}`;
  await page.goto('/index.html#/attach-type-set');
  await expect(page.getByTestId('resource-attach-type-set')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'businessCode').fill(business);
  await field(page, 'isSelfSet').focus();
  await page.keyboard.press('Space');
  await expect(field(page, 'isSelfSet')).toBeChecked();
  await field(page, 'attachmentSize').fill('3');
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);

  await page.goto('/index.html#/attach-type');
  await expect(page.getByTestId('resource-attach-type')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await field(page, 'businessCode').fill(business);
  await field(page, 'attachmentTypeName').fill('授权书');
  await field(page, 'isRequire').focus();
  await page.keyboard.press('Space');
  await expect(field(page, 'isRequire')).toBeChecked();
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  await expectNoRawLocaleKeys(page);

  // What the uploader reads for that business.
  const token = await page.evaluate(() => localStorage.getItem('sessionKey'));
  const api = apiClient(baseURL!);
  const setting = await api.post('/api/fsmc/components/upload/query-attachment-type-set', { businessCode: business }, { JwtToken: token! });
  expect(setting.body.data).toMatchObject({ attachmentFlag: true, isSelfSet: true, attachmentSize: 3, attachmentTypeList: [{ attachmentTypeName: '授权书', isRequire: true }] });
});
