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

/** What the reader sees of the watermark: shown, visible and opaque, its tile drawn. */
const seen = (page: import('@playwright/test').Page) =>
  page.getByTestId('watermark').evaluate((el) => {
    const css = getComputedStyle(el);
    return { display: css.display, visibility: css.visibility, opacity: css.opacity, tile: css.backgroundImage !== 'none' };
  });
const visible = { display: 'block', visibility: 'visible', opacity: '1', tile: true };

test('hiding the watermark with a stylesheet or its style does not hide it for more than WATERMARK_REDRAW_MS', async ({ page }) => {
  await page.clock.install();
  await loginAs(page, STAFF);
  await expect(page.getByTestId('watermark')).toBeAttached();
  // The page's timers stand still from here: only runFor moves them.
  await page.clock.pauseAt(Date.now() + 60_000);

  for (const rule of ['display: none', 'visibility: hidden', 'opacity: 0', 'background-image: none']) {
    // A constructed stylesheet (no element, so no observer hears it; the page's style policy
    // does not stop it), proven to apply by a probe element it hides as well.
    const probeHidden = await page.evaluate((declaration) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`[data-testid=watermark], [data-probe] { ${declaration} !important; }`);
      document.adoptedStyleSheets = [sheet];
      const probe = document.createElement('div');
      probe.setAttribute('data-probe', '');
      document.body.appendChild(probe);
      const css = getComputedStyle(probe);
      const hidden = css.display === 'none' || css.visibility === 'hidden' || css.opacity === '0' || css.backgroundImage === 'none';
      probe.remove();
      return hidden;
    }, rule);
    expect(probeHidden).toBe(true);
    await page.clock.runFor(WATERMARK_REDRAW_MS);
    expect(await seen(page)).toEqual(visible);
    await page.evaluate(() => (document.adoptedStyleSheets = []));
  }

  // A rule added to one of the page's own stylesheets, and the element's own style changed.
  await page.evaluate(() => {
    const sheet = [...document.styleSheets].find((s) => !s.href)!;
    sheet.insertRule('[data-testid=watermark] { opacity: 0 !important; }', sheet.cssRules.length);
  });
  await page.clock.runFor(WATERMARK_REDRAW_MS);
  expect(await seen(page)).toEqual(visible);
  await page.evaluate(() => (document.querySelector('[data-testid=watermark]') as HTMLElement).style.setProperty('visibility', 'hidden', 'important'));
  await page.clock.runFor(WATERMARK_REDRAW_MS);
  expect(await seen(page)).toEqual(visible);
  await expect(page.getByTestId('watermark')).toHaveCount(1);
});
