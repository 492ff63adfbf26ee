import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { TodoList } from '../../src/views/todo/TodoListView';
import type { FlowTask } from '../../src/shared/contract/wkfl';
import { ApiError } from '../../src/services/http/client';
import { formatDateTime } from '../../src/shared/date-format';
import { fill, messagesOf, serveLocales } from './support/locale';

// The to-do page's list with the real paged-list machine; the to-do call is a double. Texts from
// locale/approval and locale/shell, so the test finds what a user reads.
const zh = messagesOf('approval').todo;
const shell = messagesOf('shell');
serveLocales(['approval', 'shell'], { resizeObserver: true });
afterEach(cleanup);

const TASK: FlowTask = { instanceId: 3, businessType: 'rate-plan', businessName: '利率方案', recordId: 9, title: 'RP000009', stepNo: 1, stepName: '部门复核', submitter: '张会计', submittedAt: '2026-11-24T08:00:00.000Z', status: 'running' };
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

async function mount(fetchPage: (q: { start: number; limit: number }) => Promise<{ rows: FlowTask[]; total: number }>) {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={['approval', 'shell']}>
        <TodoList fetchPage={fetchPage} />
      </I18nProvider>
    </ChakraProvider>,
  );
  for (let i = 0; i < 6; i++) await settle();
}

describe('the to-do page', () => {
  it('lists the tasks with business, record, step, submitter and time, each with a review button named by its record', async () => {
    await mount(async () => ({ rows: [TASK], total: 1 }));
    expect(screen.getByRole('heading', { name: shell.routes.todoList })).toBeTruthy();
    const row = screen.getByTestId('todo-task');
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['利率方案', 'RP000009', '部门复核', '张会计', formatDateTime(TASK.submittedAt), zh.open]);
    expect(within(row).getByRole('button', { name: fill(zh.openNamed, { record: 'RP000009' }) })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([zh.business, zh.record, zh.step, zh.submitter, zh.time, zh.action]);
  });

  it('shows a spinner while the first page loads', async () => {
    await mount(() => new Promise(() => undefined));
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByTestId('todo-task')).toBeNull();
  });

  it('says so when nothing waits', async () => {
    await mount(async () => ({ rows: [], total: 0 }));
    expect(screen.getByText(zh.empty)).toBeTruthy();
    expect(screen.queryByTestId('todo-task')).toBeNull();
  });

  it('a failure shows the server’s words with a retry, which loads again', async () => {
    let calls = 0;
    await mount(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(200, 1001, '会话已失效');
      return { rows: [TASK], total: 1 };
    });
    expect(screen.getByRole('alert').textContent).toContain('会话已失效');
    fireEvent.click(screen.getByRole('button', { name: messagesOf('shell').pager.retry }));
    for (let i = 0; i < 6; i++) await settle();
    expect(calls).toBe(2);
    expect(screen.getAllByTestId('todo-task')).toHaveLength(1);
  });
});
