import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { ShellContext, type ShellValue } from '../../src/widgets/shell-context';
import type { QueryPageCalls } from '../../src/widgets/query-form/useQueryPage';
import type { QueryReason } from '../../src/machines/query-page.machine';
import type { SavedQuery } from '../../src/shared/contract';
import type { QueryField, QueryParams } from '../../src/shared/query-rules';
import { SAVED_QUERY_DEFAULT, SAVED_QUERY_NOT_DEFAULT } from '../../src/shared/constants';
import { dateRangeFor } from '../../src/shared/date-format';

// Dictionary options come from the shared service; here, one stable answer per type.
const kinds = Promise.resolve([
  { value: 'A', text: '甲类' },
  { value: 'B', text: '乙类' },
]);
jest.mock('../../src/services/dictionaries', () => ({ dictionaryOptions: () => kinds }));
// Imported after the double is in place.
const { QueryForm } = jest.requireActual<typeof import('../../src/widgets/query-form/QueryForm')>('../../src/widgets/query-form/QueryForm');
const { useQueryPage } = jest.requireActual<typeof import('../../src/widgets/query-form/useQueryPage')>('../../src/widgets/query-form/useQueryPage');

/**
 * The query form widget with the real machine and doubles for the server's calls. Messages
 * are not served here, so texts show as their locale keys (`query.actions.search`).
 */
const fields: QueryField[] = [
  { name: 'code', label: '代码', type: 'text', max: 3 },
  { name: 'amount', label: '金额', type: 'decimal', min: 0, max: 100 },
  { name: 'day', label: '日期', type: 'date' },
  { name: 'kind', label: '类型', type: 'dict', dict: 'Kind' },
];
const A: SavedQuery = { id: 1, code: 'currency', name: '常用', defaultFlag: SAVED_QUERY_DEFAULT, formData: { code: 'CNY' } };
const B: SavedQuery = { id: 2, code: 'currency', name: '大额', defaultFlag: SAVED_QUERY_NOT_DEFAULT, formData: { amount: 50 } };

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

function doubles(over: Partial<QueryPageCalls> = {}) {
  const calls = {
    loadSaved: jest.fn(async () => [A, B]),
    loadOrder: jest.fn(async () => ({ customOrder: null, hiddenParams: [] })),
    loadExtended: jest.fn(async () => null),
    saveQuery: jest.fn(async () => [A, B]),
    deleteQuery: jest.fn(async () => [A]),
    confirmDelete: jest.fn(async () => true),
    saveOrder: jest.fn(async () => null),
    saveHidden: jest.fn(async () => null),
    ...over,
  };
  return calls as typeof calls & QueryPageCalls;
}

function Page({ calls, admin, onQuery }: { calls: QueryPageCalls; admin?: boolean; onQuery: (p: QueryParams, r: QueryReason) => void }) {
  const page = useQueryPage({ code: 'currency', fields, onQuery, calls, ...(admin === undefined ? {} : { admin }) });
  return <QueryForm page={page} />;
}

async function mount(options: { calls?: QueryPageCalls; admin?: boolean; userType?: number } = {}) {
  const calls = options.calls ?? doubles();
  const queries: Array<[QueryParams, QueryReason]> = [];
  const onQuery = (p: QueryParams, r: QueryReason) => void queries.push([p, r]);
  const shell = { user: { userType: options.userType ?? 2 } } as unknown as ShellValue;
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <ShellContext.Provider value={shell}>
          <Page calls={calls} admin={options.admin} onQuery={onQuery} />
        </ShellContext.Provider>
      </I18nProvider>
    </ChakraProvider>,
  );
  await settle();
  await settle();
  return { calls, queries };
}

const form = () => screen.getByTestId('query-form');
const input = (name: string) => form().querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const submit = () => fireEvent.submit(form().querySelector('form')!);

// What jsdom lacks and Chakra's dialogs and switches use.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
const g = globalThis as unknown as { ResizeObserver?: unknown; CSS?: unknown };
g.ResizeObserver ??= NoResize;
g.CSS ??= { escape: (s: string) => s, supports: () => false };

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('query form', () => {
  it('starts once everything is ready: the default saved search applied, then one query with reason init', async () => {
    const { calls, queries } = await mount();
    expect(calls.loadSaved).toHaveBeenCalledWith('currency');
    expect(calls.loadOrder).toHaveBeenCalledWith('currency');
    expect(form().getAttribute('data-state')).toBe('idle');
    expect(input('code').value).toBe('CNY');
    expect(queries).toEqual([[{ code: 'CNY' }, 'init']]);
  });

  it('lays the fields out three to a row with 130 px labels in Chinese, the rest behind the expander', async () => {
    await mount();
    const labels = [...form().querySelectorAll('[data-part="field"] label')] as HTMLElement[];
    expect(labels.map((l) => l.textContent)).toEqual(['代码', '金额', '日期', '类型']);
    // The fourth field is in the collapsed rows until expanded.
    const expand = form().querySelector('[data-part="expand"]') as HTMLElement;
    expect(expand.getAttribute('data-state')).toBe('closed');
    fireEvent.click(expand);
    await settle();
    expect(expand.getAttribute('data-state')).toBe('open');
  });

  it('in English, two to a row: the third field is already behind the expander', async () => {
    localStorage.setItem('lang', 'en-US');
    await mount();
    const first = form().querySelector('[data-field="code"]')!.parentElement!;
    expect([...first.querySelectorAll('[data-part="field"]')].map((f) => f.getAttribute('data-field'))).toEqual(['code', 'amount']);
  });

  it('queries on submit (Enter) with the typed values; refuses while the form is invalid and shows why', async () => {
    const { queries } = await mount();
    type('amount', 'abc');
    submit();
    await settle();
    expect(queries).toHaveLength(1);
    expect(within(form()).getByText('query.rule.number')).toBeTruthy();
    expect(input('amount').getAttribute('aria-invalid')).toBe('true');
    type('amount', '12');
    fireEvent.change(input('dayFrom'), { target: { value: '2026-01-01' } });
    submit();
    await settle();
    expect(queries.at(-1)).toEqual([{ code: 'CNY', amount: 12, dayFrom: '2026-01-01' }, 'search']);
    expect(within(form()).queryByText('query.rule.number')).toBeNull();
  });

  it('fills a date range from a shortcut (last 7 days, ending today) and queries with it, then clears it', async () => {
    const { queries } = await mount();
    // The widget reads today's date; a run across midnight may see either day.
    const before = dateRangeFor('last7Days', new Date());
    fireEvent.click(within(form()).getByRole('button', { name: 'query.shortcut.open' }));
    await settle();
    // Zag's menu selects the highlighted item: pointer down highlights it, then the click selects it.
    const entry = await screen.findByRole('menuitem', { name: 'query.shortcut.last7Days' });
    fireEvent.pointerDown(entry);
    await settle();
    fireEvent.click(entry);
    await settle();
    const after = dateRangeFor('last7Days', new Date());
    const expected = input('dayTo').value === before.to ? before : after;
    expect([input('dayFrom').value, input('dayTo').value]).toEqual([expected.from, expected.to]);
    submit();
    await settle();
    expect(queries.at(-1)).toEqual([{ code: 'CNY', dayFrom: expected.from, dayTo: expected.to }, 'search']);

    // The range is clearable (widgets §9): the menu's last item empties both ends.
    fireEvent.click(within(form()).getByRole('button', { name: 'query.shortcut.open' }));
    await settle();
    const clear = await screen.findByRole('menuitem', { name: 'query.shortcut.clear' });
    fireEvent.pointerDown(clear);
    await settle();
    fireEvent.click(clear);
    await settle();
    expect([input('dayFrom').value, input('dayTo').value]).toEqual(['', '']);
    submit();
    await settle();
    expect(queries.at(-1)).toEqual([{ code: 'CNY' }, 'search']);
  });

  it('resets to the defaults and queries with reason reset', async () => {
    const { queries } = await mount();
    fireEvent.click(screen.getByTestId('query-reset'));
    await settle();
    expect(input('code').value).toBe('');
    expect(queries.at(-1)).toEqual([{}, 'reset']);
  });

  it('offers the dictionary\'s options in a select', async () => {
    await mount();
    fireEvent.click(form().querySelector('[data-part="expand"]')!);
    await settle();
    const select = input('kind') as unknown as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['query.input.any', '甲类', '乙类']);
  });

  it('applies a saved search on click (reason saved), stars another as the default, deletes after asking', async () => {
    const calls = doubles({ saveQuery: jest.fn(async () => [{ ...A, defaultFlag: SAVED_QUERY_NOT_DEFAULT }, { ...B, defaultFlag: SAVED_QUERY_DEFAULT }]) as never });
    const { queries } = await mount({ calls });
    const chips = () => screen.getAllByTestId('saved-search');
    expect(chips().map((c) => c.textContent)).toEqual(['常用query.saved.default★✕', '大额☆✕']);
    fireEvent.click(within(chips()[1]!).getByLabelText('query.saved.apply'));
    await settle();
    expect(queries.at(-1)).toEqual([{ amount: 50 }, 'saved']);
    fireEvent.click(within(chips()[1]!).getByLabelText('query.saved.star'));
    await settle();
    expect(calls.saveQuery).toHaveBeenCalledWith({ code: 'currency', operationType: 3, id: 2 });
    expect(chips()[1]!.getAttribute('data-default')).toBe('true');
    expect(chips()[0]!.getAttribute('data-default')).toBeNull();
    fireEvent.click(within(chips()[0]!).getByLabelText('query.saved.delete'));
    await settle();
    expect(calls.confirmDelete).toHaveBeenCalledWith({ name: '常用' });
    expect(calls.deleteQuery).toHaveBeenCalledWith({ code: 'currency', id: 1 });
    expect(chips()).toHaveLength(1);
  });

  it('says why a saved search was not changed, in place', async () => {
    const calls = doubles({ deleteQuery: jest.fn(async () => Promise.reject(new Error('查询条件不存在'))) as never });
    await mount({ calls });
    fireEvent.click(within(screen.getAllByTestId('saved-search')[1]!).getByLabelText('query.saved.delete'));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('查询条件不存在');
    expect(screen.getAllByTestId('saved-search')).toHaveLength(2);
  });

  it('saves a search from the dialog: inline problems for an empty or too long name, then the call', async () => {
    const { calls } = await mount();
    fireEvent.click(screen.getByTestId('query-save'));
    await settle();
    const dialog = await screen.findByTestId('save-query-dialog');
    const submitDialog = () => fireEvent.submit(dialog.querySelector('form')!);
    submitDialog();
    await settle();
    expect(within(dialog).getByText('query.save.nameRequired')).toBeTruthy();
    const name = dialog.querySelector('[data-part="save-name"]') as HTMLInputElement;
    expect(name.maxLength).toBe(64);
    fireEvent.change(name, { target: { value: '一二三四五六七' } });
    submitDialog();
    await settle();
    expect(within(dialog).getByText('query.save.nameTooLong')).toBeTruthy();
    expect(calls.saveQuery).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: '人民币' } });
    submitDialog();
    await settle();
    expect(calls.saveQuery).toHaveBeenCalledWith({ code: 'currency', operationType: 1, name: '人民币', defaultFlag: SAVED_QUERY_NOT_DEFAULT, formData: { code: 'CNY' } });
    // Closed (jsdom plays no exit animation, so the closed dialog may linger in the DOM).
    expect(screen.queryByTestId('save-query-dialog')?.getAttribute('data-state') ?? 'closed').toBe('closed');
  });

  it('keeps the keyboard on Save while a search is saved: busy rather than disabled, the name read-only, one call', async () => {
    let answer!: (saved: unknown) => void;
    const calls = doubles({ saveQuery: jest.fn(() => new Promise((r) => (answer = r))) as never });
    await mount({ calls });
    fireEvent.click(screen.getByTestId('query-save'));
    await settle();
    const dialog = await screen.findByTestId('save-query-dialog');
    const name = dialog.querySelector('[data-part="save-name"]') as HTMLInputElement;
    fireEvent.change(name, { target: { value: '人民币' } });
    const save = dialog.querySelector('[data-part="save-submit"]') as HTMLButtonElement;
    save.focus();
    fireEvent.click(save);
    await settle();
    expect(calls.saveQuery).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(save);
    expect([save.getAttribute('aria-disabled'), save.hasAttribute('disabled'), save.querySelector('.chakra-spinner') !== null, name.readOnly, name.disabled]).toEqual(['true', false, true, true, false]);
    expect(dialog.querySelector('[data-part="save-cancel"]')!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(save);
    fireEvent.submit(dialog.querySelector('form')!);
    await settle();
    expect(calls.saveQuery).toHaveBeenCalledTimes(1);
    await act(async () => answer([A, B]));
    await settle();
    expect(screen.queryByTestId('save-query-dialog')?.getAttribute('data-state') ?? 'closed').toBe('closed');
  });

  it('keeps the keyboard on the star pressed while the default is saved, and sends once', async () => {
    let answer!: (saved: unknown) => void;
    const calls = doubles({ saveQuery: jest.fn(() => new Promise((r) => (answer = r))) as never });
    await mount({ calls });
    const star = within(screen.getAllByTestId('saved-search')[1]!).getByLabelText('query.saved.star');
    star.focus();
    fireEvent.click(star);
    await settle();
    expect(calls.saveQuery).toHaveBeenCalledTimes(1);
    expect([document.activeElement === star, star.getAttribute('aria-disabled'), star.hasAttribute('disabled')]).toEqual([true, 'true', false]);
    fireEvent.click(star);
    await settle();
    expect(calls.saveQuery).toHaveBeenCalledTimes(1);
    await act(async () => answer([{ ...A, defaultFlag: SAVED_QUERY_NOT_DEFAULT }, { ...B, defaultFlag: SAVED_QUERY_DEFAULT }]));
    await settle();
    expect(star.getAttribute('aria-disabled')).toBeNull();
  });

  it('shows staff no hidden-field settings (the shell\'s user is not an administrator)', async () => {
    await mount({ userType: 2 });
    expect(screen.queryByTestId('query-hidden-settings')).toBeNull();
    expect(screen.getByTestId('query-settings')).toBeTruthy();
  });

  it('lets an administrator set hidden fields: a default that is not a JSON object is refused in place; a save answers the notice', async () => {
    const calls = doubles({ loadOrder: jest.fn(async () => ({ customOrder: null, hiddenParams: [{ prop: 'day', showOrHide: false, defaultVal: '{"value":"$now"}', required: 1 }] })) as never });
    const { queries } = await mount({ calls, userType: 1 });
    // The hidden field is not shown; its default applies: today.
    expect(form().querySelector('[data-field="day"]')).toBeNull();
    const [params] = queries[0]!;
    expect(params.dayFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(params.dayTo).toBe(params.dayFrom);
    fireEvent.click(screen.getByTestId('query-hidden-settings'));
    await settle();
    const dialog = await screen.findByTestId('hidden-field-dialog');
    expect(within(dialog).getAllByTestId('hidden-field-row').map((r) => r.getAttribute('data-field'))).toEqual(['code', 'amount', 'day', 'kind']);
    const row = (prop: string) => within(dialog).getAllByTestId('hidden-field-row').find((r) => r.getAttribute('data-field') === prop)!;
    fireEvent.change(row('code').querySelector('[data-part="hidden-default"]')!, { target: { value: '[1]' } });
    fireEvent.click(within(row('code')).getByText('query.hidden.save'));
    await settle();
    expect(within(row('code')).getByText('query.hidden.badJson')).toBeTruthy();
    expect(calls.saveHidden).not.toHaveBeenCalled();
    fireEvent.change(row('code').querySelector('[data-part="hidden-default"]')!, { target: { value: '{"code":"USD"}' } });
    fireEvent.change(row('code').querySelector('select')!, { target: { value: '2' } });
    fireEvent.click(within(row('code')).getByText('query.hidden.save'));
    await settle();
    expect(calls.saveHidden).toHaveBeenCalledWith({ code: 'currency', hiddenParams: { prop: 'code', showOrHide: true, defaultVal: '{"code":"USD"}', required: 2, label: '代码' } });
    expect(within(dialog).getByTestId('hidden-field-notice').textContent).toContain('query.hidden.saved');
  });

  it('answers "操作失败!" (query.hidden.failed) when the hidden param is not saved', async () => {
    const calls = doubles({ saveHidden: jest.fn(async () => Promise.reject(new Error('no'))) as never });
    await mount({ calls, admin: true });
    fireEvent.click(screen.getByTestId('query-hidden-settings'));
    const dialog = await screen.findByTestId('hidden-field-dialog');
    fireEvent.click(within(dialog).getAllByText('query.hidden.save')[0]!);
    await settle();
    expect(within(dialog).getByTestId('hidden-field-notice').textContent).toContain('query.hidden.failed');
  });

  it('reorders the fields from the settings popover and saves the order for the user', async () => {
    const { calls } = await mount();
    fireEvent.click(screen.getByTestId('query-settings'));
    await settle();
    const pop = await screen.findByTestId('query-settings-popover');
    // The first field cannot go up; the second can.
    const ups = within(pop).getAllByLabelText('query.order.moveUp') as HTMLButtonElement[];
    expect(ups.map((b) => b.disabled)).toEqual([true, false, false, false]);
    fireEvent.click(ups[1]!);
    await settle();
    fireEvent.click(within(pop).getByTestId('query-order-save'));
    await settle();
    expect(calls.saveOrder).toHaveBeenCalledWith({ code: 'currency', formItemsOrder: ['amount', 'code', 'day', 'kind'] });
    const labels = [...form().querySelectorAll('[data-part="field"] label')].map((l) => l.textContent);
    expect(labels).toEqual(['金额', '代码', '日期', '类型']);
  });
});
