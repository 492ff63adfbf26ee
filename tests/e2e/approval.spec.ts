import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CHECKER, STAFF } from './support/users';
import { formField as field, openRatePlans, recordForm as form, resourceRows as rows, submitRatePlan } from './support/rate-plans';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import fs from 'node:fs';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * Issue 15 points 1 and 2 (docs/approvals.md), in the real browser against the real server: a
 * staff user submits a rate plan, an approver passes the first step and another sends it back,
 * the submitter sees the whole history with comments and downloads the file the second approver
 * attached to the decision; the flow steps show the right active step at each turn. One browser
 * context per user.
 */

const approval = (page: Page) => page.getByTestId('approval');
const currentStep = (page: Page) => approval(page).locator('[data-part=step][data-state=current]');

test('a rate plan: staff submit, one approver passes the first step, a late decision on it is refused with the opinion kept, another sends it back, the submitter reads the whole history', async ({ browser }) => {
  // Three users in three browsers, each logging in and opening the page.
  test.setTimeout(120_000);
  const planName = `两步审批方案${test.info().parallelIndex}-${test.info().retry}-${Date.now() % 100000}`;

  // The clerk fills in a plan, saves it as a draft and submits it.
  const staff = await (await browser.newContext()).newPage();
  await openRatePlans(staff, STAFF);
  const mine = await submitRatePlan(staff, planName);

  // The first approver sees the first step active, the chart of the process, and passes it.
  const admin = await (await browser.newContext()).newPage();
  await openRatePlans(admin, ADMIN);
  const pending = rows(admin).filter({ hasText: planName });
  await pending.getByRole('button', { name: '审核' }).click();
  await expect(currentStep(admin)).toContainText('部门复核');
  await expect(approval(admin)).toContainText('利率方案审批流程');
  await expect(approval(admin).getByTestId('flow-chart').locator('[data-part=chart-node]')).toHaveText(['开始', /部门复核.*系统管理员/, /资金主管审批/, '结束']);
  await expect(approval(admin).getByTestId('approval-history-item')).toHaveCount(1);
  // Deciding, an approver may attach files to the decision.
  await expect(admin.getByTestId('decision-files').getByTestId('upload-dropzone')).toBeVisible();
  // The second approver opens the same step meanwhile and writes an opinion.
  const checker = await (await browser.newContext()).newPage();
  await openRatePlans(checker, CHECKER);
  const second = rows(checker).filter({ hasText: planName });
  await second.getByRole('button', { name: '审核' }).click();
  await expect(currentStep(checker)).toContainText('部门复核');
  await checker.getByTestId('review-panel').getByRole('textbox').fill('第一步已由他人处理？');
  await admin.getByTestId('review-panel').getByRole('textbox').fill('利率合理，同意');
  await admin.getByTestId('review-panel').getByRole('button', { name: '通过' }).click();
  await expect(form(admin)).toHaveCount(0);
  // The second approver's decision comes too late: refused, in the dialog, the opinion kept.
  await checker.getByTestId('review-panel').getByRole('button', { name: '退回' }).click();
  await expect(checker.getByTestId('review-panel').getByRole('alert')).toContainText('该记录已被他人修改');
  // Said once, in the panel: the request layer's toast would repeat it.
  await expect(checker.getByTestId('toast')).toHaveCount(0);
  await expect(checker.getByTestId('review-panel').getByRole('textbox')).toHaveValue('第一步已由他人处理？');
  await expect(form(checker)).toHaveCount(1);
  await checker.keyboard.press('Escape');
  await expect(form(checker)).toHaveCount(0);
  // The plan is still under review: it has a second step.
  await expect(pending).toContainText('待审核');
  await expectNoRawLocaleKeys(admin);

  // Reopened, the second approver finds the second step active (its popover says who decides it), reads
  // the first approver's comment in the history, and sends the plan back.
  await second.getByRole('button', { name: '审核' }).click();
  await expect(currentStep(checker)).toContainText('资金主管审批');
  await expect(approval(checker).locator('[data-part=step]').nth(1)).toHaveAttribute('data-state', 'complete');
  await approval(checker).getByTestId('flow-step-current').click();
  await expect(checker.getByTestId('flow-step-popover')).toContainText('审批人');
  await checker.keyboard.press('Escape');
  await expect(approval(checker).getByTestId('approval-history-item').nth(1)).toContainText('利率合理，同意');
  // The second approver attaches their note to the decision sending it back.
  const decisionFiles = checker.getByTestId('decision-files');
  await decisionFiles.getByTestId('upload-input').setInputFiles({ name: '调整说明.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(decisionFiles.getByTestId('upload-row').filter({ hasText: '调整说明.pdf' })).toHaveCount(1);
  await checker.getByTestId('review-panel').getByRole('textbox').fill('浮动点数偏高，请调整');
  await checker.getByTestId('review-panel').getByRole('button', { name: '退回' }).click();
  await expect(form(checker)).toHaveCount(0);
  await expect(second).toContainText('已退回');

  // Back with the submitter: the whole history with every comment, and the submission active again.
  await staff.reload();
  await expect(mine).toContainText('已退回');
  await mine.getByRole('button', { name: '查看' }).click();
  const items = approval(staff).getByTestId('approval-history-item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('提交申请');
  await expect(items.nth(0)).toContainText('下一步：部门复核');
  await expect(items.nth(1)).toContainText('部门复核');
  await expect(items.nth(1)).toContainText('通过');
  await expect(items.nth(1)).toContainText(ADMIN.name);
  await expect(items.nth(1)).toContainText('审批意见：利率合理，同意');
  await expect(items.nth(2)).toContainText('资金主管审批');
  await expect(items.nth(2)).toContainText('退回');
  await expect(items.nth(2)).toContainText(CHECKER.name);
  await expect(items.nth(2)).toContainText('审批意见：浮动点数偏高，请调整');
  // The decision's file: a link that downloads it, under its own name, with its bytes; the pass carried none.
  await expect(items.nth(1).getByTestId('approval-file')).toHaveCount(0);
  const file = items.nth(2).getByTestId('approval-file');
  await expect(file).toHaveText('📎 调整说明.pdf');
  const [saved] = await Promise.all([staff.waitForEvent('download'), file.click()]);
  expect(saved.suggestedFilename()).toBe('调整说明.pdf');
  expect(fs.readFileSync(await saved.path())).toEqual(PDF);
  await expect(currentStep(staff)).toContainText('提交申请');
  await expect(approval(staff).locator('[data-part=step][data-state=complete]')).toHaveCount(0);
  await expectNoRawLocaleKeys(staff);

  // Putting it right, the clerk has the comments in sight under the edit form.
  await form(staff).getByRole('button', { name: '关闭', exact: true }).click();
  await expect(form(staff)).toHaveCount(0);
  await mine.getByRole('button', { name: '修改', exact: true }).click();
  await expect(field(staff, 'floatRate')).toBeEditable();
  await expect(approval(staff).getByTestId('approval-history-item').nth(2)).toContainText('浮动点数偏高，请调整');
});
