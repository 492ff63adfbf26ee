import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';

/**
 * The app works under its Content-Security-Policy: login, the shell, a drawer and the
 * diagrams page, with no violation reported (neither the `securitypolicyviolation` event nor
 * the console), no console error, and no request that fails (an absent locale override, say).
 */
declare global {
  interface Window {
    cspViolations: string[];
  }
}

function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content[- ]Security[- ]Policy/i.test(m.text())) problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return problems;
}

test('pages carry a strict policy and no inline script', async ({ request }) => {
  for (const page of ['/login.html', '/index.html']) {
    const res = await request.get(page);
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const html = await res.text();
    // The build's pages load scripts by src only; the nonce in the page is the one in the policy.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\ssrc=/.test(tag))).toBe(true);
    expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
    expect(html).toContain(`<meta name="csp-nonce" content="${nonce}">`);
  }
});

test('login, shell, a drawer and the diagrams page under the policy: no violation, no console error, no failed request', async ({ page }) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const problems = watch(page);

  await loginAs(page, ADMIN);
  // Chakra's styles are in place: the header is painted in the theme's colour.
  await expect(page.locator('header')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await page.getByTestId('open-favourites').click();
  await expect(page.getByTestId('drawer-favourites')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('drawer-favourites')).toHaveCount(0);
  await page.evaluate(() => (location.hash = '#/diagrams'));
  // The machine's diagram itself, drawn with its own style sheet (which needs the page's nonce):
  // its labels in the sheet's monospace font.
  await expect(page.locator('[data-testid="diagrams-details"] svg g[data-state-id]').first()).toBeVisible();
  await expect(page.locator('[data-testid="diagrams-details"] svg text').first()).toHaveCSS('font-family', /mono/i);

  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(problems).toEqual([]);
});

test('only the embeddable guest page may be framed, and only by the portal itself', async ({ request }) => {
  for (const page of ['/login.html', '/index.html']) {
    const res = await request.get(page);
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers()['x-frame-options']).toBe('DENY');
  }
  const guest = await request.get('/embedded-remarks.html');
  const csp = guest.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).not.toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(guest.headers()['x-frame-options']).toBe('SAMEORIGIN');
  // The portal's pages may frame this site (frame-src 'self').
  expect((await request.get('/index.html')).headers()['content-security-policy']).toMatch(/frame-src 'self'/);
});

test('the portal frames the guest page, and no page of the portal can be framed otherwise', async ({ page }) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await loginAs(page, ADMIN);
  await page.evaluate(() => {
    for (const [id, src] of [['guest', 'embedded-remarks.html?formCode=org-info&mode=add&recordKey=new-csp'], ['login', 'login.html']]) {
      const frame = document.createElement('iframe');
      frame.id = id!;
      frame.src = src!;
      document.body.appendChild(frame);
    }
  });
  await expect(page.frameLocator('#guest').getByTestId('embedded-remark')).toBeVisible();
  // login.html refuses to be framed (frame-ancestors 'none'): its form never shows.
  await expect(page.locator('#login')).toBeAttached();
  await expect(page.frameLocator('#login').getByRole('button', { name: '登录' })).toHaveCount(0);
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
});
