import { expect, test, type Page } from '@playwright/test';
import type { EndEntityName } from '../../agent/pki/generate';
import { certAdministrators, CERT_BASE_URL, chooseCertificate, freshPage, openCertLogin, SIGN_URL, startCertWorld, stopCertWorld, type CertWorld, type Factory } from './support/certificates';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Issue 14 in Chromium against the built server, its database and the reference local agent
 * (docs/certificates*.md): certificate login with RSA and SM2 certificates through every
 * vendor's wire, the certificates the server refuses, the 412 business confirmation, and a
 * tampered signature and a replayed challenge. Real keys, real signatures, real verification.
 *
 * One file, serial: the agent holds the fixed ports the page probes (support/certificates.ts),
 * so a second file with an agent of its own could run on the other worker at the same moment.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: CERT_BASE_URL, ignoreHTTPSErrors: true });

let world: CertWorld;
let admins: Awaited<ReturnType<typeof certAdministrators>>;
/** This file's own users: one holds the RSA-2048 certificate and the staff duty, one the SM2 certificate. */
const RSA_USER = { userCode: 'certrsa', userName: '证书用户甲', userNameEn: 'Certificate user A' };
const SM2_USER = { userCode: 'certsm2', userName: '证书用户乙', userNameEn: 'Certificate user B' };
/** The body of one successful certificate login, for the replay. */
let loggedIn: { userCode: string; signedData: string; serialNumber: string; challenge: string } | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  world = await startCertWorld();
  admins = await certAdministrators(CERT_BASE_URL);
  await admins.addUser({ ...RSA_USER, certSerial: world.serial('rsa2048'), duties: ['STAFF'] });
  await admins.addUser({ ...SM2_USER, certSerial: world.serial('sm2') });
});

test.afterAll(async () => {
  await stopCertWorld(world);
});

test.beforeEach(() => {
  world.agent.control.reset();
});

const warning = (page: Page) => page.getByTestId('cert-login-select-warning');

/** Logs in by certificate; resolves once the shell greets the user, with the URL the agent signed at. */
async function certLogin(page: Page, user: { userCode: string; userName: string }, cert: EndEntityName): Promise<string> {
  await openCertLogin(page, user.userCode);
  await chooseCertificate(page, 'cert-login-select', cert);
  const signed = page.waitForResponse((r) => r.request().method() === 'POST' && /\/(sign|cfca\/SignMessageDetached)$/.test(r.url()));
  const login = page.waitForRequest((r) => r.url().endsWith('/api/fsmc/login/auth/authLogin'));
  await page.getByTestId('cert-login-submit').click();
  const signedAt = (await signed).url();
  loggedIn = (await login).postDataJSON();
  await expect(page).toHaveURL(/index\.html/);
  await expect(page.getByTestId('current-user')).toHaveText(user.userName);
  return signedAt;
}

test('certificate login with an RSA and an SM2 certificate through each vendor: tianwei, tianwei2021, xinan, cfca', async ({ browser }) => {
  // Eight logins and logouts: a loaded 2-core machine needs more than the default minute.
  test.setTimeout(120_000);
  // One browser per user, logging out between logins as a user would (and keeping the page's files cached).
  const browsers = [
    { user: RSA_USER, cert: 'rsa2048' as const, ...(await freshPage(browser)) },
    { user: SM2_USER, cert: 'sm2' as const, ...(await freshPage(browser)) },
  ];
  for (const factory of ['tianwei', 'tianwei2021', 'xinan', 'cfca'] as Factory[]) {
    await admins.setFactory(factory);
    // The two users at once, each in a browser of their own.
    await Promise.all(
      browsers.map(async ({ user, cert, page }) => {
        // The vendor the server named signed: its own wire (agent HTTPS, toolkit, or cfca's kit).
        expect(await certLogin(page, user, cert), `${factory} ${cert}`).toBe(SIGN_URL[factory]);
        await page.getByTestId('user-menu').click();
        await page.getByRole('menuitem', { name: '退出登录' }).click();
        await expect(page).toHaveURL(/login\.html#\/login/);
      }),
    );
  }
  for (const { context } of browsers) await context.close();
});

test('expired, revoked and wrong-issuer certificates are refused with their messages', async ({ browser }) => {
  const { context, page } = await freshPage(browser);
  const status = page.getByTestId('cert-login-select-status');
  const refresh = page.getByTestId('cert-login-select-refresh');
  const submit = page.getByTestId('cert-login-submit');
  /** The agent lists only `cert`; the user picks it and logs in. */
  const tryOnly = async (cert: EndEntityName, disguise: { misreportValidity?: EndEntityName[] } = {}) => {
    world.agent.control.reset();
    world.agent.control.apply({ only: [cert], ...disguise });
    await refresh.click();
    await chooseCertificate(page, 'cert-login-select', cert);
    await submit.click();
  };
  await openCertLogin(page, RSA_USER.userCode);

  // Expired: the page itself leaves it out of the list; listed as valid by a lying agent, the server refuses it.
  world.agent.control.apply({ only: ['rsaExpired'] });
  await refresh.click();
  await expect(status).toHaveText('没有找到符合License的证书');
  await tryOnly('rsaExpired', { misreportValidity: ['rsaExpired'] });
  await expect(warning(page)).toHaveText('证书验证失败：证书已过期');

  // Revoked: nothing on the page can tell (the CRL is the server's); the server refuses it.
  await tryOnly('rsaRevoked');
  await expect(warning(page)).toHaveText('证书验证失败：证书已被吊销');

  // Another issuer: outside the licence's issuer pattern the page lists nothing...
  world.agent.control.reset();
  world.agent.control.apply({ only: ['rsaOtherIssuer'] });
  await refresh.click();
  await expect(status).toHaveText('没有找到符合License的证书');
  // ...and a page whose filter was got round (the pattern it was handed widened on the way) meets the server's refusal.
  await page.route('**/api/fsmc/common/cert/queryFactoryAndLicense', async (route) => {
    const answer = await (await route.fetch()).json();
    await route.fulfill({ json: { ...answer, data: { ...answer.data, issuerPattern: '.*' } } });
  });
  await tryOnly('rsaOtherIssuer');
  await expect(warning(page)).toHaveText('证书验证失败：证书颁发者不在许可范围内');
  await expect(page).toHaveURL(/login\.html/);
  await expectNoRawLocaleKeys(page);
  // The page may be asking for its factory again as it closes: that answer's handler is let go, not failed.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();

  // In English, the SM2 user's revoked certificate (the Address store's).
  world.agent.control.reset();
  const english = await freshPage(browser, 'en-US');
  await openCertLogin(english.page, SM2_USER.userCode, 'Certificate');
  await chooseCertificate(english.page, 'cert-login-select', 'sm2Revoked');
  await english.page.getByTestId('cert-login-submit').click();
  await expect(warning(english.page)).toHaveText('Certificate validation failed: The certificate has been revoked');
  await expect(english.page.getByTestId('cert-login-submit')).toHaveText('Log in');
  await expectNoRawLocaleKeys(english.page);
  await english.context.close();
});

test('a write configured for confirmation answers 412: the certificate dialog signs, and the write goes through', async ({ browser }) => {
  // The administrator asks for a certificate on currency writes; the checker approves it (in force from then on).
  await admins.approved('cert-set', { setCode: 'CUR', setName: '币种维护确认', setType: 'func', target: '/currency' });
  const { context, page } = await freshPage(browser);
  await certLogin(page, RSA_USER, 'rsa2048');
  const form = page.getByTestId('record-form');
  const dialog = page.getByTestId('cert-confirm');
  const table = page.getByTestId('resource-currency').getByTestId('resource-table');
  const addCurrency = async (code: string, name: string, save: string) => {
    await page.getByTestId('resource-currency').getByRole('button', { name: save === '保存' ? '新增' : 'Add', exact: true }).click();
    await form.locator('#field-currencyCode').fill(code);
    await form.locator('#field-currencyName').fill(name);
    await form.locator('#field-decimals').fill('2');
    // The save itself is held (the uniqueness check before it is a read and passes).
    const held = page.waitForResponse((r) => r.status() === 412);
    await form.getByRole('button', { name: save }).click();
    expect((await held).url()).toBe(`${CERT_BASE_URL}/api/fsmc/currency/add`);
  };
  const listed = async (code: string) => {
    await page.getByTestId('resource-currency').getByLabel(/^(币种代码|Currency code)$/).fill(code);
    await page.getByTestId('resource-currency').getByRole('button', { name: /^(查询|Search)$/ }).click();
    await expect(table.getByRole('cell', { name: code, exact: true })).toBeVisible();
  };

  await page.goto('/index.html#/currency');
  await addCurrency('QCE', '证书确认币种', '保存');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('证书验证');
  await chooseCertificate(page, 'cert-confirm', 'rsa2048');
  const validated = page.waitForResponse((r) => r.url().endsWith('/api/fsmc/common/cert/validateCert'));
  const through = page.waitForResponse((r) => r.url().endsWith('/api/fsmc/currency/add') && r.status() === 200);
  await dialog.getByTestId('cert-confirm-validate').click();
  expect((await (await validated).json()).code).toBe(0);
  expect((await through).request().headers()['valid-flag']).toMatch(/.{20,}/);
  await expect(dialog).toHaveCount(0);
  await expect(form).toHaveCount(0);
  await listed('QCE');
  await expectNoRawLocaleKeys(page);

  // In English: the user cancels at the USB key first (the agent's answer), then signs.
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await page.reload();
  await addCurrency('QCF', 'Confirmed currency', 'Save');
  await expect(dialog.getByRole('heading')).toHaveText('Certificate validation');
  await expect(dialog.getByTestId('cert-confirm-validate')).toHaveText('Validate certificate');
  world.agent.control.apply({ fault: { code: 'cancel', op: 'sign', times: 1 } });
  await chooseCertificate(page, 'cert-confirm', 'rsa2048');
  await dialog.getByTestId('cert-confirm-validate').click();
  await expect(dialog.getByTestId('cert-confirm-warning')).toHaveText('Certificate validation failed: 0x80000010 The operation was cancelled');
  // The list was read again: the user picks the certificate once more and signs.
  await chooseCertificate(page, 'cert-confirm', 'rsa2048');
  await dialog.getByTestId('cert-confirm-validate').click();
  await expect(dialog).toHaveCount(0);
  await expect(form).toHaveCount(0);
  await listed('QCF');
  await expectNoRawLocaleKeys(page);
  await context.close();
});

test('a tampered signature and a replayed challenge are refused', async ({ browser, request }) => {
  const used = loggedIn!;
  expect(used, 'a certificate login of an earlier test').toBeTruthy();
  const { context, page } = await freshPage(browser);
  await openCertLogin(page, RSA_USER.userCode);

  // Tampered: one bit of the signature value flipped on its way to the server.
  await page.route('**/api/fsmc/login/auth/authLogin', async (route) => {
    const body = route.request().postDataJSON();
    const der = Buffer.from(body.signedData, 'base64');
    der[der.length - 5]! ^= 0x01;
    await route.continue({ postData: JSON.stringify({ ...body, signedData: der.toString('base64') }) });
  });
  await chooseCertificate(page, 'cert-login-select', 'rsa2048');
  await page.getByTestId('cert-login-submit').click();
  await expect(warning(page)).toHaveText('证书验证失败：签名无效');
  await page.unroute('**/api/fsmc/login/auth/authLogin');

  // Replayed: the page is handed the challenge of an earlier, successful login; the key signs it, the server knows it was used.
  await page.route('**/api/fsmc/login/auth/getAuthInfo', async (route) => {
    const answer = await (await route.fetch()).json();
    await route.fulfill({ json: { ...answer, data: { ...answer.data, challenge: used.challenge } } });
  });
  await chooseCertificate(page, 'cert-login-select', 'rsa2048');
  await page.getByTestId('cert-login-submit').click();
  await expect(warning(page)).toHaveText('证书验证失败：登录挑战码已使用，请重试');
  await expect(page).toHaveURL(/login\.html/);
  await context.close();

  // The earlier login sent again byte for byte (signature and all), as an eavesdropper would: refused.
  const replay = await request.post(`${CERT_BASE_URL}/api/fsmc/login/auth/authLogin`, { data: used });
  expect(await replay.json()).toMatchObject({ code: 2915, msg: '登录挑战码已使用，请重试' });
});
