import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ownServerPort, startOwnServer, stopOwnServer, type OwnServer } from './support/own-server';

/**
 * The inspector is off in production builds: the suite's own server (a production build)
 * must not show it. A build made with INSPECTOR=on must; this file builds the browser app so
 * (client only, into the run's scratch directory) and serves it with the same built server
 * on its own port and its own fresh database.
 */
const TMP = path.resolve(process.env.TEST_TMP ?? '.tmp');
const PORT = ownServerPort(52);
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'Wr0ng-Secret!';

test.describe('in a production build', () => {
  test('the inspector stays off, whatever the address or keys say', async ({ page }) => {
    await page.goto('/login.html?inspect=1#/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.keyboard.press('Alt+Shift+KeyI');
    await expect(page.getByTestId('inspector')).toHaveCount(0);
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /inspector/.test(n)));
    expect(scripts).toEqual([]);
  });
});

test.describe('in a build made with INSPECTOR=on', () => {
  test.describe.configure({ timeout: 180_000 });
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    // A build and a fresh database: more than a test's usual minute on a busy machine.
    test.setTimeout(240_000);
    const out = path.join(TMP, 'dist-inspector');
    const build = spawnSync('npx', ['rspack', 'build', '--config-name', 'client'], { env: { ...process.env, INSPECTOR: 'on', NODE_ENV: 'production', DIST_DIR: out }, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`inspector build failed:\n${build.stdout}\n${build.stderr}`);
    const data = path.join(TMP, 'e2e-inspector-data');
    fs.rmSync(data, { recursive: true, force: true });
    server = await startOwnServer(data, PORT, { STATIC_DIR: path.join(out, 'public'), NODE_ENV: 'test' });
  });

  test.afterAll(async () => {
    if (server) await stopOwnServer(server.child);
  });

  test('?inspect=1 shows the login machine live, on its diagram, with the password redacted', async ({ page }) => {
    await page.goto(`${BASE}/login.html?inspect=1#/login`);
    const inspector = page.getByTestId('inspector');
    await expect(inspector).toBeVisible();
    await expect(inspector.getByRole('heading', { name: '状态检查器' })).toBeVisible();
    await expect(inspector.locator('[data-testid="inspector-actor"][data-actor-name="login"]').first()).toBeVisible();
    await inspector.locator('[data-testid="inspector-actor"][data-actor-name="login"]').first().click();
    await expect(inspector.getByTestId('inspector-state')).toHaveText('editing');
    // The current state is highlighted on the machine's generated diagram.
    await expect(inspector.locator('g[data-state-id="login.editing"].active')).toHaveCount(1);
    await expect(inspector.locator('g[data-state-id="login.submitting"].active')).toHaveCount(0);

    const form = page.getByTestId('login-form');
    await form.getByRole('textbox').first().fill('admin');
    await form.locator('input[type=password]').fill(SECRET);
    const context = inspector.getByTestId('inspector-context');
    await expect(context).toContainText('"userCode": "admin"');
    await expect(context).toContainText('"password": "«redacted»"');
    await expect(inspector.getByTestId('inspector-event').filter({ hasText: 'FIELD.CHANGE' }).first()).toBeVisible();

    // A refused login: the machine went through submitting and came back to editing.
    await form.locator('button[type=submit]').click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(inspector.getByTestId('inspector-state')).toHaveText('editing');
    await expect(inspector.getByTestId('inspector-event').filter({ hasText: /xstate\.error\.actor/ }).first()).toBeVisible();

    // Nowhere in the panel (context, events, inputs) does the password appear.
    expect(await inspector.innerText()).not.toContain(SECRET);
    expect(await inspector.innerHTML()).not.toContain(SECRET);

    // The shortcut closes and reopens it.
    await page.keyboard.press('Alt+Shift+KeyI');
    await expect(inspector).toHaveCount(0);
    await page.keyboard.press('Alt+Shift+KeyI');
    await expect(page.getByTestId('inspector')).toBeVisible();
  });

  test('en-US: the panel speaks the page language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await page.goto(`${BASE}/login.html?inspect=1#/login`);
    await expect(page.getByTestId('inspector').getByRole('heading', { name: 'State inspector' })).toBeVisible();
    await expect(page.getByTestId('inspector')).toContainText('Tokens, keys, passwords and certificate data are redacted');
  });
});
