import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { magnifierMachine, type LookupPage, type LookupPageQuery, type LookupRow, type MagnifierMode, type WriteFields } from '../../src/machines/magnifier.machine';
import { connectMagnifier } from '../../src/machines/magnifier.connect';
import { BUDGET_AMOUNT_FIELD, lookupOf, type LookupDef } from '../../src/shared/lookups';
import { LookupDialog } from '../../src/widgets/lookup/LookupDialog';
import { fill, messagesOf, serveLocales } from './support/locale';

// The dialog with the real machine; the lookup's call is a promise the test settles by hand.
serveLocales(['lookup', 'shell', 'global'], { resizeObserver: true });
const zh = messagesOf('lookup');

interface Call {
  query: LookupPageQuery;
  resolve: (a: LookupPage) => void;
  reject: (e: unknown) => void;
}
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

function Harness({ def, mode, fills, calls, writes }: { def: LookupDef; mode: MagnifierMode; fills: Record<string, string>; calls: Call[]; writes: WriteFields[] }) {
  const [snapshot, send] = useMachine(
    magnifierMachine.provide({
      actors: { fetchPage: fromPromise(({ input }: { input: LookupPageQuery }) => new Promise<LookupPage>((resolve, reject) => calls.push({ query: input, resolve, reject }))) },
      actions: { writeFields: (_: unknown, w: WriteFields) => writes.push(w) },
    }),
    { input: { mode, fills, valueField: def.value, search: Object.fromEntries(def.search.map((s) => [s.name, ''])), validate: (sel: LookupRow[]) => Object.fromEntries(sel.filter((r) => !Number(r[BUDGET_AMOUNT_FIELD])).map((r) => [String(r[def.value]), 'lookup.budget.amountRequired'])) } },
  );
  const api = connectMagnifier(snapshot, send, { values: {} });
  return (
    <>
      <button type="button" {...api.getTriggerProps()}>open</button>
      <LookupDialog def={def} api={api} title={def.label['zh-CN']} />
    </>
  );
}

function mount(code: string, mode: MagnifierMode, fills: Record<string, string>) {
  const calls: Call[] = [];
  const writes: WriteFields[] = [];
  const def = lookupOf(code)!;
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={['lookup', 'shell', 'global']}>
        <Harness def={def} mode={mode} fills={fills} calls={calls} writes={writes} />
      </I18nProvider>
    </ChakraProvider>,
  );
  return { calls, writes, def };
}

const orgs: LookupRow[] = [
  { orgCode: 'HQ', orgName: '集团总部', orgType: 'HQ', orgPropery: '法人', settCenter: false },
  { orgCode: 'SC01', orgName: '集团资金结算中心', orgType: 'SETT', orgPropery: '非法人', settCenter: true },
];
const budgets: LookupRow[] = [
  { budgetCode: 'HQ-2026Q1-IMP', budgetName: '进口采购预算', budgetCurrencyName: '美元', usedAmount: 100, budgetCurrencyCode: 'USD', currencyName: '人民币', exchangeRate: 0.138, systemName: '全面预算体系', periodSystemName: '2026年度', periodTypeName: '季度', reportColumn: '购买商品支付的现金' },
  { budgetCode: 'HQ-2026Q1-OPEX', budgetName: '经营费用预算', budgetCurrencyName: '人民币', usedAmount: 5, budgetCurrencyCode: 'CNY', currencyName: '人民币', exchangeRate: 1, systemName: '全面预算体系', periodSystemName: '2026年度', periodTypeName: '季度', reportColumn: '管理费用' },
];

afterEach(cleanup);

describe('lookup dialog', () => {
  it('single: opens at page 1 of 10 with §2’s search fields and columns; a double-click fills the linked fields and closes; Enter on a focused row picks it too', async () => {
    const { calls, writes, def } = mount('organisation', 'single', { orgCode: 'orgCode', orgName: 'orgName' });
    await settle();
    fireEvent.click(screen.getByText('open'));
    await settle();
    expect(calls.map((c) => c.query)).toEqual([{ start: 1, limit: 10, params: { orgCode: '', orgName: '' } }]);
    await act(async () => calls[0]!.resolve({ rows: orgs, total: 2 }));
    await settle();
    const dialog = screen.getByTestId('lookup-dialog-organisation');
    expect(dialog.getAttribute('data-mode')).toBe('single');
    expect([...dialog.querySelectorAll('th[data-field]')].map((th) => th.getAttribute('data-field'))).toEqual(def.columns.map((c) => c.name));
    expect(within(dialog).getByLabelText('机构代码')).toBeTruthy();
    expect(within(dialog).getByLabelText('机构名称')).toBeTruthy();
    const rows = within(dialog).getAllByTestId('lookup-row');
    expect(rows[1]!.textContent).toContain('非法人');
    fireEvent.doubleClick(rows[1]!);
    await settle();
    expect(writes).toEqual([{ values: { orgCode: 'SC01', orgName: '集团资金结算中心' }, rows: [orgs[1]] }]);
    // Closed (jsdom keeps the closing dialog while its exit runs).
    expect(screen.queryByTestId('lookup-dialog-organisation')?.getAttribute('data-state') ?? 'closed').toBe('closed');

    // Again: a search (page 1 again), then the keyboard.
    fireEvent.click(screen.getByText('open'));
    await settle();
    fireEvent.change(within(screen.getByTestId('lookup-dialog-organisation')).getByLabelText('机构名称'), { target: { value: '总部' } });
    fireEvent.click(within(screen.getByTestId('lookup-dialog-organisation')).getByText(zh.search));
    await settle();
    expect(calls.at(-1)!.query).toEqual({ start: 1, limit: 10, params: { orgCode: '', orgName: '总部' } });
    await act(async () => calls.at(-1)!.resolve({ rows: [orgs[0]!], total: 1 }));
    await settle();
    const row = within(screen.getByTestId('lookup-dialog-organisation')).getByTestId('lookup-row');
    fireEvent.keyDown(row, { key: ' ' });
    await settle();
    expect(row.getAttribute('data-state')).toBe('highlighted');
    fireEvent.keyDown(row, { key: 'Enter' });
    await settle();
    expect(writes.at(-1)!.values).toEqual({ orgCode: 'HQ', orgName: '集团总部' });
  });

  it('single: a failed search shows the error with a retry and an empty list', async () => {
    const { calls } = mount('organisation', 'single', { orgCode: 'orgCode' });
    await settle();
    fireEvent.click(screen.getByText('open'));
    await settle();
    await act(async () => calls[0]!.reject(new Error('查询失败')));
    await settle();
    const dialog = screen.getByTestId('lookup-dialog-organisation');
    expect(within(dialog).getByRole('alert').textContent).toContain('查询失败');
    expect(within(dialog).queryAllByTestId('lookup-row')).toHaveLength(0);
    fireEvent.click(within(dialog).getByText(zh.retry));
    await settle();
    expect(calls).toHaveLength(2);
  });

  it('budget multi: rows go right by Add or double-click; the amount is typed, converted at the rate with 2 decimals; an empty amount stops confirm; remove takes a row off; confirm writes the codes and the rows', async () => {
    const { calls, writes } = mount('budget', 'multi', { budgetCode: 'budgetCode' });
    await settle();
    fireEvent.click(screen.getByText('open'));
    await settle();
    await act(async () => calls[0]!.resolve({ rows: budgets, total: 2 }));
    await settle();
    const dialog = screen.getByTestId('lookup-dialog-budget');
    expect(dialog.getAttribute('data-mode')).toBe('multi');
    const [imp, opex] = within(dialog).getAllByTestId('lookup-row');
    fireEvent.click(within(imp!).getByText(zh.add));
    fireEvent.doubleClick(opex!);
    await settle();
    const right = within(dialog).getByTestId('lookup-selected');
    expect(within(right).getAllByTestId('lookup-selected-row')).toHaveLength(2);
    expect([...right.querySelectorAll('th[data-field]')].map((th) => th.getAttribute('data-field'))).toEqual(['budgetAmount', 'currencyName', 'exchangeRate', 'convertedAmount', 'budgetCurrencyName', 'budgetCode', 'budgetName', 'systemName', 'periodSystemName', 'periodTypeName', 'reportColumn']);
    fireEvent.change(within(right).getByLabelText(`${zh.budget.budgetAmount} 进口采购预算`), { target: { value: '10000.55' } });
    await settle();
    const first = within(right).getAllByTestId('lookup-selected-row')[0]!;
    expect(first.querySelector('[data-field="convertedAmount"]')!.textContent).toBe('1,380.08');
    // The second has no amount: confirm is refused on its row.
    fireEvent.click(within(dialog).getByText(zh.confirm));
    await settle();
    expect(writes).toEqual([]);
    expect(within(right).getByText(fill(zh.budget.amountRequired, { precision: 2 }))).toBeTruthy();
    fireEvent.click(within(right).getByLabelText(fill(zh.remove, { name: '经营费用预算' })));
    await settle();
    fireEvent.click(within(dialog).getByText(zh.confirm));
    await settle();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.values).toEqual({ budgetCode: 'HQ-2026Q1-IMP' });
    expect(writes[0]!.rows[0]).toMatchObject({ budgetCode: 'HQ-2026Q1-IMP', budgetAmount: '10000.55' });
  });
});
