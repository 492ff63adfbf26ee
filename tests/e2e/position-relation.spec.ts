import { expect, test, type Page } from '@playwright/test';
import { HEADERS } from '../../src/shared/constants';
import { apiClient } from './support/api';
import { ADMIN, CHECKER, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Position relations (docs/resources.md, "Position relations"): an administrator makes two duties
 * incompatible, each picked from the duty dropdown by what is typed; the same pair the other way
 * round is refused in place with both choices kept. The two duties are this attempt's own, made
 * and passed over the API, held by no one, so no other test's duty stations meet the relation.
 */

type Api = ReturnType<typeof apiClient>;
const form = (page: Page) => page.getByTestId('record-form');
const options = (page: Page) => page.locator('[data-part=list][data-state]:visible').getByRole('option');

async function session(api: Api, user: { userCode: string; password: string }) {
  const login = await api.post('/api/fsmc/login/login', { userCode: user.userCode, password: user.password });
  expect(login.body.code, login.body.msg).toBe(0);
  return { [HEADERS.jwtToken]: login.body.data.JwtToken as string };
}

async function dutyInForce(api: Api, dutyCode: string, dutyName: string) {
  const admin = await session(api, ADMIN);
  const token = await api.get('/api/fsmc/common/token/getToken', admin);
  const made = await api.post('/api/fsmc/duty/save-and-submit', { dutyCode, dutyName }, { ...admin, [HEADERS.requestToken]: token.body.data.token as string });
  expect(made.body.code, made.body.msg).toBe(0);
  const passed = await api.post('/api/fsmc/duty/review', { id: made.body.data.id, version: made.body.data.version, decision: 'pass' }, await session(api, CHECKER));
  expect(passed.body.code, passed.body.msg).toBe(0);
}

test('an administrator makes two duties incompatible, picked from the duty dropdown; the pair the other way round is refused in place', async ({ page, baseURL }) => {
  const run = `${Date.now().toString(36)}${test.info().parallelIndex}${test.info().retry}`.toUpperCase();
  const [payer, approver] = [`PAY-${run}`, `APV-${run}`];
  const api = apiClient(baseURL!);
  await dutyInForce(api, payer, `付款录入${run}`);
  await dutyInForce(api, approver, `付款审批${run}`);

  await loginAs(page, ADMIN, '/position-relation');
  const resource = page.getByTestId('resource-position-relation');
  await expect(resource.getByRole('heading', { name: '岗位关系' })).toBeVisible();
  const add = async (first: string, second: string) => {
    await resource.getByRole('button', { name: '新增', exact: true }).click();
    await expect(form(page)).toBeVisible();
    for (const [field, code, name] of [['dutyCode', first, first === payer ? `付款录入${run}` : `付款审批${run}`], ['relatedDutyCode', second, second === payer ? `付款录入${run}` : `付款审批${run}`]] as const) {
      await form(page).locator(`#field-${field}`).click();
      await form(page).locator(`#field-${field}`).fill(code);
      await expect(options(page)).toHaveCount(1);
      await options(page).first().click();
      await expect(form(page).locator(`#field-${field}`)).toHaveValue(name);
    }
  };

  await add(payer, approver);
  await form(page).locator('#field-remark').fill('录入与审批分离');
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page)).toHaveCount(0);
  const row = resource.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: approver });
  await expect(row).toContainText('录入与审批分离');

  await add(approver, payer);
  await form(page).getByRole('button', { name: '保存', exact: true }).click();
  await expect(form(page).getByTestId('form-failure')).toContainText(`岗位${approver}与${payer}已有关系`);
  await expect(form(page).locator('#field-dutyCode')).toHaveValue(`付款审批${run}`);
  await expect(form(page).locator('#field-relatedDutyCode')).toHaveValue(`付款录入${run}`);
  await expectNoRawLocaleKeys(page);
});
