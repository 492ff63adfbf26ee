import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import type { PageQuery } from '../../src/machines/paged-list.machine';
import { PagedList } from '../../src/widgets/paged-list/PagedList';
import { usePagedList, type FetchPage } from '../../src/widgets/paged-list/usePagedList';

// The widget with the real machine and a fetch the test answers by hand; messages are not
// served here, so texts show as their locale keys.
interface Row {
  id: number;
}
interface Call {
  query: PageQuery;
  resolve: (a: { rows: Row[]; total: number }) => void;
  reject: (e: unknown) => void;
}
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

function List({ fetch }: { fetch: FetchPage<Row> }) {
  const list = usePagedList(fetch);
  return (
    <PagedList api={list} empty="nothing here" testId="list">
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r.id} data-testid="row" {...list.getRowProps(r)}>
              row {r.id}
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function mount() {
  const calls: Call[] = [];
  const fetch: FetchPage<Row> = (query) => new Promise((resolve, reject) => calls.push({ query, resolve, reject }));
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <List fetch={fetch} />
      </I18nProvider>
    </ChakraProvider>,
  );
  return calls;
}
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

afterEach(cleanup);

describe('paged list widget', () => {
  it('loads page 1, pages with Chakra Pagination, drops an answer that comes after a newer request, and changes page size back to page 1', async () => {
    const calls = mount();
    await settle();
    expect(screen.getByTestId('list').getAttribute('data-state')).toBe('loading');
    expect(calls.map((c) => c.query)).toEqual([{ start: 1, limit: 10, params: {} }]);
    await act(async () => calls[0]!.resolve({ rows: rows(1, 10), total: 25 }));
    await settle();
    expect(screen.getByTestId('list').getAttribute('data-state')).toBe('ready');
    expect(screen.getAllByTestId('row')).toHaveLength(10);

    // Page 2, then page 3 before page 2 answers: page 2's answer is dropped, page 3 is asked.
    const pager = screen.getByTestId('list').querySelector('[data-part="pagination"], [data-scope="pagination"]') as HTMLElement;
    fireEvent.click(within(pager).getByText('2'));
    await settle();
    expect(calls.at(-1)!.query.start).toBe(2);
    const api3 = within(pager).queryByText('3');
    expect(api3).not.toBeNull();
    fireEvent.click(api3!);
    await act(async () => calls[1]!.resolve({ rows: rows(11, 10), total: 25 }));
    await settle();
    expect(screen.queryByText('row 11')).toBeNull();
    expect(calls.at(-1)!.query.start).toBe(3);
    await act(async () => calls.at(-1)!.resolve({ rows: rows(21, 5), total: 25 }));
    await settle();
    expect(screen.getAllByTestId('row').map((r) => r.textContent)).toEqual(['row 21', 'row 22', 'row 23', 'row 24', 'row 25']);

    fireEvent.change(screen.getByLabelText('shell.pager.pageSize'), { target: { value: '20' } });
    await settle();
    expect(calls.at(-1)!.query).toEqual({ start: 1, limit: 20, params: {} });
  });

  it('shows a failure with a retry that asks again, and the empty state', async () => {
    const calls = mount();
    await settle();
    await act(async () => calls[0]!.reject(new Error('网络错误')));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('网络错误');
    fireEvent.click(screen.getByText('shell.pager.retry'));
    await settle();
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve({ rows: [], total: 0 }));
    await settle();
    expect(screen.getByText('nothing here')).toBeTruthy();
    expect(screen.getByTestId('list').getAttribute('data-state')).toBe('empty');
  });
});
