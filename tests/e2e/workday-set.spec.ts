import { expect, test } from '@playwright/test';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';

/**
 * The workday calendar (src/resources/defs/workday-set.ts) by keyboard: a holiday typed as
 * YYYY-MM-DD, its day type chosen, listed; the same date again is refused with what was typed kept.
 */
test('an administrator keeps a holiday in the workday calendar by keyboard; a date already kept is refused in place', async ({ page }) => {
  const day = `2026-10-0${1 + test.info().retry}`;
  await loginAs(page, ADMIN, '/workday-set');
  const resource = page.getByTestId('resource-workday-set');
  await expect(resource.getByRole('heading', { name: '工作日设置' })).toBeVisible();
  const form = page.getByTestId('record-form');
  const add = async () => {
    await resource.getByRole('button', { name: '新增', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(form.locator('#field-calendarDate')).toBeFocused();
    await page.keyboard.type(day);
  };

  await add();
  await form.locator('#field-dayType').selectOption('HOLIDAY');
  await form.locator('#field-dayName').fill('国庆节');
  await form.locator('#field-dayName').press('Enter');
  await expect(form).toHaveCount(0);
  await expectNoRawLocaleKeys(page);
  await resource.locator('#query-dayName').fill('国庆节');
  await resource.locator('#query-dayName').press('Enter');
  const row = resource.getByTestId('resource-table').locator('[data-part=row]').filter({ hasText: day });
  await expect(row).toContainText('节假日（休息）');

  await add();
  await form.locator('#field-dayType').selectOption('WORKDAY');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByTestId('form-failure')).toContainText(`日期“${day}”已被使用`);
  await expect(form.locator('#field-calendarDate')).toHaveValue(day);
  await expect(form.locator('#field-dayType')).toHaveValue('WORKDAY');
});
