import { expect, test } from '@playwright/test';
import { STAFF, loginAs } from './support/users';

/**
 * Issue 15 point 6 in the real browser: the page host keeps a page whose route is marked as
 * history (every resource query page: meta.history) as it was while the user is elsewhere:
 * its typed filters, the query they ran and where the page was scrolled to.
 */
test('a page marked as history keeps its filters after leaving and returning', async ({ page }) => {
  // Short enough that the query page scrolls.
  await page.setViewportSize({ width: 1280, height: 360 });
  await loginAs(page, STAFF, '/contact-org-acc');
  const resource = page.getByTestId('resource-contact-org-acc');
  await expect(resource).toBeVisible();
  const accountNo = page.getByTestId('query-form').getByLabel('账号');
  await accountNo.fill('0');
  const answered = page.waitForResponse((r) => r.url().includes('/api/fsmc/contact-org-acc/query'));
  await page.getByTestId('query-search').click();
  await answered;
  await expect(resource.getByTestId('resource-table').locator('[data-part=row]').first()).toBeVisible();
  const rows = await resource.getByTestId('resource-table').locator('[data-part=row]').allTextContents();
  const main = page.locator('main');
  await expect.poll(() => main.evaluate((m) => m.scrollHeight - m.clientHeight)).toBeGreaterThan(40);
  // Down to the table's end.
  const scrolled = await main.evaluate((m) => {
    m.scrollTo({ top: m.scrollHeight });
    return m.scrollTop;
  });
  expect(scrolled).toBeGreaterThan(40);

  // Elsewhere: another page of the menu, at the top, the kept one hidden.
  await page.getByTestId('left-menu').getByText('交易对手', { exact: true }).click();
  await expect(page.getByTestId('resource-counter-party')).toBeVisible();
  await expect(resource).toBeHidden();
  await expect.poll(() => main.evaluate((m) => m.scrollTop)).toBe(0);

  // Back: the filter as typed, and the scroll position, with no new start of the page.
  await page.goBack();
  await expect(resource).toBeVisible();
  await expect(accountNo).toHaveValue('0');
  // The rows the query found, as they were: nothing asked again.
  expect(await resource.getByTestId('resource-table').locator('[data-part=row]').allTextContents()).toEqual(rows);
  await expect.poll(() => main.evaluate((m) => m.scrollTop)).toBe(scrolled);

  // Through the menu too: the same kept page.
  await page.getByTestId('left-menu').getByText('交易对手', { exact: true }).click();
  await expect(page.getByTestId('resource-counter-party')).toBeVisible();
  await page.getByTestId('left-menu').getByText('往来单位账户', { exact: true }).click();
  await expect(resource).toBeVisible();
  await expect(accountNo).toHaveValue('0');
});
