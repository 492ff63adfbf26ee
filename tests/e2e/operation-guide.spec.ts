import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 15 point 3 in the real browser against the real server: the operation guide of a page,
 * opened from the page header. An administrator (staff type 1) edits it with attachments, and
 * cannot lose the edit by clicking outside; a staff user reads it, with no edit button, and
 * chooses never to be reminded by the hint.
 */

const PAGE = '/contact-org-acc';
const FUNC_ID = 30104;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const dialog = (page: Page) => page.getByTestId('guide-dialog');

async function openGuide(page: Page) {
  await expect(page.getByTestId('resource-contact-org-acc')).toBeVisible();
  await page.getByTestId('guide-open').click();
  await expect(dialog(page)).toHaveAttribute('data-state', 'readOnly');
}

test('an administrator edits a guide, a staff user reads it and cannot edit', async ({ page, browser }) => {
  const step = `第一步：选择开户行 ${Date.now()}`;
  const fileName = `操作手册-${Date.now()}.pdf`;
  await loginAs(page, ADMIN, PAGE);
  await openGuide(page);
  await expect(dialog(page)).toContainText('操作指南：往来单位账户');

  // Edit: type a heading line and a bulleted step.
  await dialog(page).getByTestId('guide-edit').click();
  await expect(dialog(page)).toHaveAttribute('data-state', 'editing');
  const editor = dialog(page).getByTestId('guide-editor');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('开户前请准备营业执照。');
  await page.keyboard.press('Enter');
  await dialog(page).getByRole('button', { name: '项目符号列表' }).click();
  await page.keyboard.type(step);
  await dialog(page).getByTestId('attachment-upload').getByTestId('upload-input').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog(page).getByTestId('upload-row').filter({ hasText: fileName })).toBeVisible();

  // While editing, neither a click outside nor Escape closes it, and it has no close button.
  await page.mouse.click(5, 5);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveAttribute('data-state', 'editing');
  await expect(dialog(page).getByTestId('guide-close')).toBeHidden();

  // Full screen, then save: back to read-only with the saved text, and the generic success message.
  await dialog(page).getByTestId('guide-full-screen').click();
  await expect(dialog(page)).toHaveAttribute('data-full-screen', 'on');
  await dialog(page).getByTestId('guide-save').click();
  await expect(dialog(page)).toHaveAttribute('data-state', 'readOnly');
  await expect(page.getByTestId('toast').filter({ hasText: '操作成功' })).toBeVisible();
  const content = dialog(page).getByTestId('guide-content');
  await expect(content.locator('li')).toHaveText(step);
  await expect(content).toContainText('开户前请准备营业执照。');
  await expect(dialog(page)).toHaveAttribute('data-full-screen', 'on');
  await expectNoRawLocaleKeys(page);

  // Read-only again: out of full screen, a click outside closes it.
  await dialog(page).getByTestId('guide-full-screen').click();
  await expect(dialog(page)).toHaveAttribute('data-full-screen', 'off');
  await page.mouse.click(5, 5);
  await expect(dialog(page)).toHaveCount(0);

  // A staff user, in English: reads the guide and its attachment; no edit button, no upload.
  const context = await browser.newContext({ locale: 'en-US' });
  const staff = await context.newPage();
  try {
    await staff.goto('/login.html#/login');
    await staff.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await loginAs(staff, STAFF, PAGE);
    const hint = staff.getByTestId('guide-hint');
    // Shown on every page until dismissed, guide or none: it does not claim the page has one.
    await expect(hint).toContainText('Click “?” for this page’s operation guide, where one has been written.');
    await openGuide(staff);
    await expect(dialog(staff)).toContainText('Operation guide: Contact organisation accounts');
    await expect(dialog(staff).getByTestId('guide-content').locator('li')).toHaveText(step);
    await expect(dialog(staff).getByTestId('guide-edit')).toBeHidden();
    await expect(dialog(staff).getByTestId('upload-row').filter({ hasText: fileName })).toBeVisible();
    await expect(dialog(staff).getByTestId('upload-input')).toHaveCount(0);
    await expectNoRawLocaleKeys(staff);
    await staff.keyboard.press('Escape');
    await expect(dialog(staff)).toHaveCount(0);

    // Opening the guide put the hint aside for this visit; after a reload it is back, until "never".
    await staff.reload();
    await expect(hint).toBeVisible();
    await staff.getByTestId('guide-hint-never').click();
    await expect(hint).toHaveCount(0);
    expect(await staff.evaluate((key) => localStorage.getItem(key), `guideHint:${FUNC_ID}`)).toBe('true');
    await staff.reload();
    await expect(staff.getByTestId('guide-open')).toBeVisible();
    await expect(hint).toHaveCount(0);
  } finally {
    await context.close();
  }
});
