import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { ApprovalPanel } from '../../src/widgets/approval/ApprovalPanel';
import type { ApprovalData, ApprovalRef } from '../../src/machines/approval.machine';
import { ApiError } from '../../src/services/http/client';
import { CODE } from '../../src/shared/codes';
import { fill, messagesOf, serveLocales } from './support/locale';
import { local } from '../../src/services/storage';

// The approval widgets with the real approval machine; the server's calls are a double. The
// texts come from locale/approval, so the test finds what a user reads.
const zh = messagesOf('approval');
const en = messagesOf('approval', 'en-US');
serveLocales(['approval'], { resizeObserver: true });
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const CHART = { businessType: 'rate-plan', processName: '利率方案审批流程', steps: [{ stepNo: 1, stepName: '部门复核', duties: [{ dutyCode: 'ADMIN', dutyName: '系统管理员' }] }, { stepNo: 2, stepName: '资金主管审批', duties: [{ dutyCode: 'ADMIN', dutyName: '系统管理员' }] }] };
const step = (id: number, flowName: string, isComplete: boolean, isCurrent = false, flowInfo: Array<{ label: string; value: string }> = []) => ({ id, flowName, isComplete, isCurrent, flowInfo });
const RUNNING: ApprovalData = {
  history: [
    { id: 1, currentState: 'submit', approveInfo: null, approveLabel: '提交申请', approvePerson: '张会计', nextApproveLabel: '部门复核', nextApprovePerson: ['系统管理员', '复核员'], dateTime: '2026-11-24T08:00:00.000Z', approveInfoLabel: '审批意见', fileList: [] },
    { id: 2, currentState: 'pass', approveInfo: '利率合理，同意', approveLabel: '部门复核', approvePerson: '系统管理员', nextApproveLabel: '资金主管审批', nextApprovePerson: ['复核员'], dateTime: '2026-11-24T09:00:00.000Z', approveInfoLabel: '审批意见', fileList: [] },
  ],
  steps: [step(0, '提交申请', true), step(1, '部门复核', true), step(2, '资金主管审批', false, true, [{ label: '审批人', value: '复核员' }])],
  chart: CHART,
};

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

async function mount(load: (ref: ApprovalRef) => Promise<ApprovalData>, extra: { downloadFile?: (id: number) => Promise<void>; decision?: React.ReactNode } = {}) {
  const asked: ApprovalRef[] = [];
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <ApprovalPanel businessType="rate-plan" recordId={7} load={(ref) => (asked.push(ref), load(ref))} {...extra} />
      </I18nProvider>
    </ChakraProvider>,
  );
  for (let i = 0; i < 5; i++) await settle();
  return asked;
}

describe('ApprovalPanel', () => {
  it('draws the step bar with the active step after the last completed, the chart and the history with comments', async () => {
    const asked = await mount(async () => RUNNING);
    expect(asked).toEqual([{ businessType: 'rate-plan', recordId: 7 }]);
    const steps = screen.getByTestId('flow-steps').querySelectorAll('[data-part=step]');
    expect([...steps].map((s) => s.getAttribute('data-state'))).toEqual(['complete', 'complete', 'current']);
    const current = screen.getByTestId('flow-step-current');
    expect(current.getAttribute('aria-label')).toBe(fill(zh.currentStep, { step: '资金主管审批' }));
    fireEvent.click(current);
    await settle();
    expect(within(await screen.findByTestId('flow-step-popover')).getByText('复核员')).toBeTruthy();
    const nodes = [...screen.getByTestId('flow-chart').querySelectorAll('[data-part=chart-node]')];
    expect(nodes.map((n) => [n.textContent, n.getAttribute('data-state')])).toEqual([
      [zh.start, 'complete'],
      ['部门复核系统管理员', 'complete'],
      ['资金主管审批系统管理员', 'current'],
      [zh.end, 'upcoming'],
    ]);
    const items = screen.getAllByTestId('approval-history-item');
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['submit', 'pass']);
    expect(items[1]!.textContent).toContain('审批意见：利率合理，同意');
    expect(items[0]!.textContent).toContain(fill(zh.next, { step: '部门复核', people: '系统管理员、复核员' }));
  });

  it('an empty history shows the no-data text; the steps still show', async () => {
    await mount(async () => ({ history: [], steps: [step(0, '提交申请', false, true), step(1, '部门复核', false)], chart: CHART }));
    expect(screen.getByTestId('approval-empty').textContent).toBe(zh.empty);
    expect(screen.getByTestId('flow-steps')).toBeTruthy();
  });

  it('a business without a flow draws nothing', async () => {
    await mount(async () => ({ history: [], steps: [], chart: { businessType: 'rate-add', processName: null, steps: [] } }));
    expect(screen.queryByTestId('approval')).toBeNull();
  });

  it('a non-zero code shows the server’s msg; a network failure the generic server error, and retry loads again', async () => {
    await mount(async () => {
      throw new ApiError(200, CODE.flowBusinessTypeUnknown, '「rate-plan」不是需要审核的业务类型');
    });
    expect(screen.getByRole('alert').textContent).toBe('「rate-plan」不是需要审核的业务类型');
    cleanup();

    let calls = 0;
    const asked = await mount(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(0, undefined, 'Failed to fetch');
      return RUNNING;
    });
    expect(screen.getByRole('alert').textContent).toBe(zh.error.server);
    fireEvent.click(screen.getByRole('button', { name: zh.retry }));
    for (let i = 0; i < 5; i++) await settle();
    expect(asked).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByTestId('approval-history-item')).toHaveLength(2);
  });

  it('a decision’s files are links that download them by id; the reviewer’s own uploader shows while a step waits', async () => {
    const withFiles: ApprovalData = { ...RUNNING, history: [RUNNING.history[0]!, { ...RUNNING.history[1]!, fileList: [{ id: 31, fileName: '复核意见.pdf' }, { id: 32, fileName: '附表.xlsx' }] }] };
    const downloaded: number[] = [];
    await mount(async () => withFiles, { downloadFile: async (id) => void downloaded.push(id), decision: <p>the uploader</p> });
    const items = screen.getAllByTestId('approval-history-item');
    expect(within(items[0]!).queryAllByTestId('approval-file')).toHaveLength(0);
    const links = within(items[1]!).getAllByTestId('approval-file');
    expect(links.map((l) => l.textContent)).toEqual(['📎 复核意见.pdf', '📎 附表.xlsx']);
    expect(links[0]!.getAttribute('aria-label')).toBe(fill(zh.download, { file: '复核意见.pdf' }));
    fireEvent.click(links[1]!);
    expect(downloaded).toEqual([32]);
    expect(within(screen.getByTestId('decision-files')).getByText('the uploader')).toBeTruthy();
    expect(screen.getByText(zh.decisionFiles)).toBeTruthy();
  });

  it('no uploader for a decision while no step after the submission waits', async () => {
    const returned: ApprovalData = { ...RUNNING, steps: [step(0, '提交申请', false, true), step(1, '部门复核', false), step(2, '资金主管审批', false)] };
    await mount(async () => returned, { decision: <p>the uploader</p> });
    expect(screen.queryByTestId('decision-files')).toBeNull();
  });

  it('in English, names are joined and a comment labelled with English punctuation', async () => {
    local.set('lang', 'en-US');
    const english: ApprovalData = { ...RUNNING, history: RUNNING.history.map((h) => ({ ...h, approveInfoLabel: 'Comment', nextApprovePerson: ['Administrator', 'Checker'] })) };
    await mount(async () => english);
    const items = screen.getAllByTestId('approval-history-item');
    expect(items[1]!.textContent).toContain('Comment: 利率合理，同意');
    expect(items[0]!.textContent).toContain(fill(en.next, { step: '部门复核', people: 'Administrator, Checker' }));
  });
});
