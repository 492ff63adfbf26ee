import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';

/**
 * Issue 15's pages as a keyboard user and on a phone (what a new user's walk through the
 * workbench, the page header and the operation guide found): the focus stays where Enter was
 * pressed, editing a guide or deciding a review by keyboard never drops the focus to the page
 * behind the dialog, the
 * page header's trail stays readable beside the guide at 390 px, and the guide's attachments
 * have one heading.
 */

const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

test('Enter on a workbench panel’s window or refresh keeps the keyboard’s focus on that button while it loads', async ({ page }) => {
  await loginAs(page, STAFF);
  const cashFlow = page.getByTestId('workbench-cashFlow');
  await expect(cashFlow).toHaveAttribute('data-state', /ready|empty/);
  const week = cashFlow.getByRole('button', { name: '7 天' });
  await week.focus();
  await page.keyboard.press('Enter');
  // Pressed at once, the panel loading under it (aria-disabled, so still in the tab order).
  await expect(week).toHaveAttribute('aria-pressed', 'true');
  expect(await focused(week)).toBe(true);
  await expect(cashFlow).toHaveAttribute('data-state', /ready|empty/);
  expect(await focused(week)).toBe(true);

  const refresh = cashFlow.locator('[data-part=reload]');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focused(refresh)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(cashFlow).toHaveAttribute('data-state', /ready|empty/);
  expect(await focused(refresh)).toBe(true);
  // Enter again: it reloads again, the focus still there.
  const again = page.waitForResponse((r) => r.url().includes('/api/acct/workbench/query-cash-flow'));
  await page.keyboard.press('Enter');
  await again;
  expect(await focused(refresh)).toBe(true);
});

/** How many lines each item of the page's trail takes (1: its words together). */
const trailLines = (page: Page) =>
  page.getByTestId('breadcrumbs').locator('li').evaluateAll((items) =>
    items.filter((li) => li.textContent?.trim()).map((li) => {
      // The line boxes of its text alone (an element's box may start a pixel off its text's).
      const tops = new Set<number>();
      const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(walker.currentNode);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size;
    }),
  );

test('at 390 px the page header’s trail stays readable beside the guide’s hint, and the guide’s attachments have one heading', async ({ page }) => {
  await loginAs(page, STAFF, '/contact-org-acc');
  // A phone's width (the shell's menu is in a drawer there, so the login waits for it first).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('resource-contact-org-acc')).toBeVisible();
  // The hint shows until the user says otherwise: the header is at its fullest.
  await expect(page.getByTestId('guide-hint')).toBeVisible();
  await expect(page.getByTestId('breadcrumbs')).toContainText('往来单位账户');
  expect(await trailLines(page)).toEqual([1, 1, 1]);
  await expect(page.getByTestId('guide-open')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await page.getByTestId('guide-open').click();
  const dialog = page.getByTestId('guide-dialog');
  await expect(dialog).toHaveAttribute('data-state', 'readOnly');
  await expect(dialog.getByTestId('attachment-upload')).toBeVisible();
  await expect(dialog.getByText('附件', { exact: true })).toHaveCount(1);
});

test('an administrator edits a guide by keyboard: Edit puts the focus in the text, Save and Cancel give it back to Edit', async ({ page }) => {
  // A page no other test writes the guide of.
  await loginAs(page, ADMIN, '/counter-party');
  await expect(page.getByTestId('resource-counter-party')).toBeVisible();
  await page.getByTestId('guide-open').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('guide-dialog');
  await expect(dialog).toHaveAttribute('data-state', 'readOnly');
  const edit = dialog.getByTestId('guide-edit');
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveAttribute('data-state', 'editing');
  const editor = dialog.getByTestId('guide-editor');
  await expect(editor).toBeFocused();
  const text = `键盘写下的指南 ${Date.now()}`;
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  const save = dialog.getByTestId('guide-save');
  for (let i = 0; i < 40 && !(await focused(save)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveAttribute('data-state', 'readOnly');
  await expect(dialog.getByTestId('guide-content')).toContainText(text);
  await expect(edit).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(editor).toBeFocused();
  await dialog.getByTestId('guide-cancel').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveAttribute('data-state', 'readOnly');
  await expect(edit).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('guide-open')).toBeFocused();
});

test('an approver decides a review by keyboard: the drawer closes onto the row, whose review button is gone, not onto the page', async ({ browser }) => {
  const planName = `键盘审批${test.info().parallelIndex}-${Date.now() % 100000}`;
  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, STAFF, '/rate-plan');
  const form = staff.getByTestId('record-form');
  await staff.getByRole('button', { name: '新增', exact: true }).click();
  await form.locator('#field-planName').fill(planName);
  await form.locator('#field-rateType').selectOption({ label: '贷款市场报价利率' });
  await form.locator('#field-floatRate').fill('0.35');
  await form.locator('#field-effectiveDate').fill('2026-12-01');
  await form.getByRole('button', { name: '保存', exact: true }).click();
  await expect(form.getByTestId('record-version')).toContainText('草稿');
  await form.getByRole('button', { name: '提交', exact: true }).click();
  await expect(form).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN, '/rate-plan');
  const row = admin.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: planName });
  const review = row.locator('[data-action=review]');
  await review.focus();
  await admin.keyboard.press('Enter');
  const panel = admin.getByTestId('review-panel');
  await panel.getByRole('textbox').focus();
  await admin.keyboard.type('请补充依据');
  await admin.keyboard.press('Tab');
  await admin.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: '退回' })).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(admin.getByTestId('record-form')).toHaveCount(0);
  await expect(row).toContainText('已退回');
  await expect(review).toHaveCount(0);
  await expect(row.locator('[data-action=view]')).toBeFocused();
});

test('at 390 px an administrator editing a guide has room to write: the footer’s attachments scroll on their own', async ({ page }) => {
  await loginAs(page, ADMIN, '/counter-party');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('guide-open').click();
  const dialog = page.getByTestId('guide-dialog');
  await dialog.getByTestId('guide-edit').click();
  await expect(dialog).toHaveAttribute('data-state', 'editing');
  const editor = dialog.getByTestId('guide-editor');
  await expect(editor).toBeFocused();
  // The part of the editor the dialog's body shows without scrolling.
  const shown = await editor.evaluate((el) => {
    // The editor scrolls itself: its nearest scrolling ancestor is the dialog's body.
    let body = el.parentElement!;
    while (body.parentElement && !/auto|scroll/.test(getComputedStyle(body).overflowY)) body = body.parentElement;
    const a = el.getBoundingClientRect();
    const b = body.getBoundingClientRect();
    return Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  });
  expect(shown).toBeGreaterThan(150);
  await expect(dialog.getByTestId('guide-save')).toBeInViewport();
  await dialog.getByTestId('guide-cancel').click();
  await expect(dialog).toHaveAttribute('data-state', 'readOnly');
});
