import { expect, test } from '@playwright/test';
import { WATERMARK_REDRAW_MS } from '../../src/shared/constants';
import { STAFF, loginAs } from './support/users';

/**
 * Issue 15 point 7: the page-wide watermark of the user's account and the time; removing it from
 * the page brings it back within WATERMARK_REDRAW_MS (widgets §9), and clicks pass through it.
 */
test('removing the watermark from the page brings it back at once', async ({ page }) => {
  await loginAs(page, STAFF);
  const watermark = page.getByTestId('watermark');
  await expect(watermark).toBeAttached();
  const tile = () => watermark.evaluate((el) => decodeURIComponent(getComputedStyle(el).backgroundImage));
  expect(await tile()).toContain(`>${STAFF.userCode}<`);
  expect(await tile()).toMatch(/>\d{4}-\d{2}-\d{2} \d{2}:\d{2}</);

  await page.evaluate(() => document.querySelector('[data-testid=watermark]')!.remove());
  await expect(watermark).toBeAttached({ timeout: WATERMARK_REDRAW_MS });
  await page.evaluate(() => ((document.querySelector('[data-testid=watermark]') as HTMLElement).style.display = 'none'));
  await expect(watermark).toBeAttached({ timeout: WATERMARK_REDRAW_MS });
  await expect(watermark).toHaveCSS('display', 'block', { timeout: WATERMARK_REDRAW_MS });

  // Over everything, yet the page under it takes the clicks.
  await page.getByRole('button', { name: '全部菜单' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
