import { expect, test, type Page } from '@playwright/test';
import { administrators } from './support/admin-api';
import { ADMIN, CHECKER, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * Position relations (docs/resources.md, "Position relations"): an administrator makes two duties
 * incompatible, each picked from the duty dropdown by what is typed; the same pair the other way
 * round is refused in place with both choices kept. The two duties are this attempt's own, made
 * and passed over the API, held by no one, so no other test's duty stations meet the relation.
 */

const form = (page: Page) => page.getByTestId('record-form');
const options = (page: Page) => page.locator('[data-part=list][data-state]:visible').getByRole('option');

test('an administrator makes two duties incompatible, picked from the duty dropdown; the pair the other way round is refused in place', async ({ page, baseURL }) => {
  const run = `${Date.now().toString(36)}${test.info().parallelIndex}${test.info().retry}`.toUpperCase();
  const [payer, approver] = [`PAY-${run}`, `APV-${run}`];
  const { approved } = await administrators(baseURL!);
  await approved('duty', { dutyCode: payer, dutyName: `付款录入${run}` });
  await approved('duty', { dutyCode: approver, dutyName: `付款审批${run}` });

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
