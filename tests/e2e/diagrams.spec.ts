import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

test('an administrator reads every machine on #/diagrams, with its diagram and transitions', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/diagrams');
  const view = page.getByTestId('diagrams-view');
  await expect(view.getByRole('heading', { name: '状态图', exact: true })).toBeVisible();

  // Every machine of src/machines is listed (the list comes from the generated index).
  const machines = view.getByTestId('diagrams-machine');
  const machine = (id: string) => view.locator(`[data-testid="diagrams-machine"][data-machine="${id}"]`);
  for (const id of ['login', 'session', 'httpError']) await expect(machine(id)).toHaveCount(1);
  expect(await machines.count()).toBeGreaterThanOrEqual(3);

  await machine('login').click();
  const details = view.getByTestId('diagrams-details');
  await expect(details).toHaveAttribute('data-machine', 'login');
  const diagram = details.getByTestId('machine-diagram');
  await expect(diagram).toHaveAttribute('data-state', 'ready');
  await expect(diagram.locator('svg g[data-state-id="login.editing"]')).toBeVisible();
  await expect(diagram.locator('svg')).toContainText('FORM.SUBMIT [isComplete]');
  await expect(details.getByTestId('diagrams-transitions')).toContainText('done: submitLogin');

  // A machine with a timer shows it in words an auditor reads.
  await machine('session').click();
  await expect(details).toHaveAttribute('data-machine', 'session');
  await expect(details).toContainText('promptDebounce = 500 ms');
  await expect(details.getByTestId('machine-diagram').locator('svg')).toContainText('after promptDebounce (500 ms)');
  await expectNoRawLocaleKeys(page);
});

test('in en-US the diagrams page speaks English', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/diagrams');
  const view = page.getByTestId('diagrams-view');
  await expect(view.getByRole('heading', { name: 'State diagrams', exact: true })).toBeVisible();
  await expect(view.getByTestId('diagrams-details')).toContainText('Conditions');
  await expect(view.getByTestId('machine-diagram')).toHaveAttribute('data-state', 'ready');
  await expectNoRawLocaleKeys(page);
});

test('a staff member cannot open #/diagrams', async ({ page }) => {
  await loginAs(page, STAFF);
  await page.goto('/index.html#/diagrams');
  await expect(page.getByTestId('forbidden-page').or(page.getByTestId('diagrams-forbidden'))).toBeVisible();
  await expect(page.getByTestId('diagrams-view')).toHaveCount(0);
  await expect(page.getByTestId('machine-diagram')).toHaveCount(0);
});

test('the diagrams page is kept alive (meta.history): leaving and coming back finds the machine the auditor chose', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/index.html#/diagrams');
  const view = page.getByTestId('diagrams-view');
  const details = view.getByTestId('diagrams-details');
  await view.locator('[data-testid="diagrams-machine"][data-machine="session"]').click();
  await expect(details).toHaveAttribute('data-machine', 'session');
  const firstMachine = await view.getByTestId('diagrams-machine').first().getAttribute('data-machine');
  expect(firstMachine).not.toBe('session'); // otherwise a fresh page would show it too

  // Elsewhere, the kept page is hidden, not shown beside the other page.
  await page.evaluate(() => (window.location.hash = '#/profile'));
  await expect(page.getByTestId('profile')).toBeVisible();
  await expect(page).toHaveTitle('资金管理平台-个人资料');
  await expect(view).toBeHidden();

  // Back: the same page, as it was, and the title is its own again.
  await page.evaluate(() => (window.location.hash = '#/diagrams'));
  await expect(view).toBeVisible();
  await expect(details).toHaveAttribute('data-machine', 'session');
  await expect(page).toHaveTitle('资金管理平台-状态图');
  await expect(page.getByTestId('profile')).toHaveCount(0);
});
