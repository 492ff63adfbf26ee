import type { Page } from '@playwright/test';

/**
 * Shows the page in English until `work` ends, then sets Chinese back (the language the worker's
 * other tests log in with). The page is reloaded in English; `work` runs on it.
 */
export async function inEnglish(page: Page, work: () => Promise<void>): Promise<void> {
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  try {
    await page.reload();
    await work();
  } finally {
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  }
}
