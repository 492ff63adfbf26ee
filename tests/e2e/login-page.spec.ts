import { expect, test } from '@playwright/test';
import { ADMIN, fromOwnAddress } from './support/users';

test('the login page shows its form in zh-CN by default', async ({ page }) => {
  await page.goto('/login.html#/login');
  const form = page.getByTestId('login-form');
  await expect(form).toBeVisible();
  await expect(page.getByLabel('用户名', { exact: true })).toBeVisible();
  await expect(page.getByLabel('密码', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('before its script has run, the login page shows its card with the logos where the form will stand, then the form takes its place', async ({ page }) => {
  // The page as the server sends it, its script not yet run (here: never).
  await page.route('**/assets/*.js', (route) => route.abort());
  // The logo held back at first: the card stands at its final size before it arrives, so nothing
  // moves when it does (a layout shift Lighthouse counted against the page).
  let releaseLogo!: () => void;
  const logoHeld = new Promise<void>((resolve) => (releaseLogo = resolve));
  await page.route('**/upload/view-file*', async (route) => {
    await logoHeld;
    await route.continue();
  });
  await page.goto('/login.html#/login', { waitUntil: 'commit' });
  const painted = page.locator('#first-paint');
  await expect(painted.locator('.fp-card')).toBeVisible();
  await expect(painted.locator('img')).toHaveJSProperty('complete', false);
  const beforeLogo = await painted.locator('.fp-card').boundingBox();
  releaseLogo();
  await expect(painted.locator('img')).toHaveJSProperty('complete', true);
  expect(await painted.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const paintedCard = await painted.locator('.fp-card').boundingBox();
  expect(paintedCard).toEqual(beforeLogo);
  const paintedLogos = await painted.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));

  await page.unroute('**/assets/*.js');
  await page.unroute('**/upload/view-file*');
  await page.goto('/login.html#/login');
  await page.reload();
  await expect(page.getByTestId('login-logo').first()).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  // The real card stands where the painted one stood, with the same logos.
  expect(await page.getByTestId('login-card').boundingBox()).toEqual(paintedCard);
  expect(await page.getByTestId('login-logo').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')))).toEqual(paintedLogos);
  // Nothing covers the form: the user name takes the keyboard at once.
  await expect(page.getByLabel('用户名', { exact: true })).toBeFocused();
  await page.keyboard.type('admin');
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue('admin');
});

test('when the login view’s file fails to come once, the page asks for it again and shows the form', async ({ page }) => {
  let refused = 0;
  await page.route('**/assets/view-login.*.js', (route) => (refused++ === 0 ? route.abort() : route.continue()));
  await page.goto('/login.html#/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  expect(refused).toBeGreaterThan(1);
  await page.getByLabel('用户名', { exact: true }).fill(ADMIN.userCode);
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue(ADMIN.userCode);
});

test('logging in with the demo administrator opens the app shell; a wrong password keeps the user name', async ({ page }) => {
  await fromOwnAddress(page);
  await page.goto('/login.html#/login');
  // A language chosen on the login page is the one the user gets (after-login.ts); without one the
  // user's saved language applies, which another test of this worker may have set to English.
  await page.getByTestId('language-switch').selectOption('zh-CN');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-CN');
  await page.getByLabel('用户名', { exact: true }).fill(ADMIN.userCode);
  await page.getByLabel('密码', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue(ADMIN.userCode);

  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/index\.html#\//);
  await expect(page.getByTestId('current-user')).toHaveText('系统管理员');
});

test('the app page without a session sends the visitor to login', async ({ page }) => {
  await page.goto('/index.html#/');
  await expect(page).toHaveURL(/login\.html#\/login/);
});

test('the login logo shows its names whole, at 1280 and at 390 px', async ({ page }) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/login.html#/login');
    const logo = page.getByTestId('login-logo').first();
    await expect(logo).toBeVisible();
    await expect(logo).toHaveJSProperty('complete', true);
    const box = (await logo.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= viewport.width, `${viewport.width} px: the logo within the page`).toBe(true);
    // Its texts as this browser lays them out in the image (the same fonts): the logo's own SVG
    // drawn in the page, apart from the page's styles, each text's box held against the view box.
    const texts = await logo.evaluate(async (img: HTMLImageElement) => {
      const svg = new DOMParser().parseFromString(await (await fetch(img.src)).text(), 'image/svg+xml').documentElement as unknown as SVGSVGElement;
      const host = document.createElement('div');
      host.style.all = 'initial';
      host.attachShadow({ mode: 'open' }).append(document.importNode(svg, true));
      document.body.append(host);
      const drawn = host.shadowRoot!.querySelector('svg')!;
      const view = drawn.viewBox.baseVal;
      const out = [...drawn.querySelectorAll('text')].map((text) => {
        const b = text.getBBox();
        return { text: text.textContent, left: b.x, right: b.x + b.width, viewLeft: view.x, viewRight: view.x + view.width };
      });
      host.remove();
      return out;
    });
    expect(texts.map((t) => t.text)).toEqual(['Treasury Portal', '资金管理平台']);
    for (const t of texts) {
      expect(t.left, `${viewport.width} px: ${t.text} from the view box's left`).toBeGreaterThanOrEqual(t.viewLeft);
      expect(t.right, `${viewport.width} px: ${t.text} within the view box`).toBeLessThanOrEqual(t.viewRight);
    }
  }
});
