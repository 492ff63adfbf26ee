import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { createActor } from 'xstate';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { local } from '../../src/services/storage';
import { drawerMachine } from '../../src/machines/drawer.machine';
import type { LoadedColumns, SaveColumnsInput } from '../../src/machines/column-settings.machine';
import { usePagedList, type FetchPage } from '../../src/widgets/paged-list/usePagedList';
import { ShellContext, type ShellValue } from '../../src/widgets/shell-context';
import { DataTable, ROW_HEIGHT, SCROLL_SETTLE_MS, type TableColumn } from '../../src/widgets/table/DataTable';
import { tablePaging, type SortState } from '../../src/widgets/table/table-helpers';
import type { ColumnSettingsCalls } from '../../src/widgets/table/useColumnSettings';
import { COLUMN_WIDTH, LANGUAGES, LONG_CELL_TEXT_MAX, type Language } from '../../src/shared/constants';
import { fill, messagesOf, serveLocales } from './support/locale';

// DataTable with the real paged-list and column-settings machines; the page's fetch and the
// settings calls are doubles the test answers. The table's messages are served from
// locale/table by a fetch double, so the test finds what a user reads.

const zh = messagesOf('table');
serveLocales(['table'], { resizeObserver: true });

interface Row {
  id: number;
  code: string;
  name: string;
  amount: number | string;
  state: string;
  url?: string;
}

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const makeRows = (from: number, n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, code: `C${from + i}`, name: `Name ${from + i}`, amount: 1234567.891, state: 'approved' }));

const COLUMNS: TableColumn<Row>[] = [
  { field: '#seq', kind: 'seq', header: '' },
  { field: '#select', kind: 'checkbox', header: '' },
  { field: 'code', kind: 'code', header: 'Code' },
  { field: 'name', kind: 'link', header: 'Name', link: { url: 'https://example.invalid/detail', params: ['id', 'code'] } },
  { field: 'amount', kind: 'amount', header: 'Amount' },
  { field: 'state', kind: 'state', header: 'State', render: (row) => <span data-testid="state-badge">{row.state.toUpperCase()}</span> },
  { field: '#operation', kind: 'operation', header: 'Actions', render: (row) => <button type="button">edit {row.id}</button> },
];

interface Calls {
  loads: string[];
  saves: SaveColumnsInput[];
  answerLoad: (a: LoadedColumns) => void;
  failLoad: () => void;
  failSave: string | null;
}

function settingsDouble(): { calls: Calls; api: ColumnSettingsCalls } {
  let answer: (a: LoadedColumns) => void = () => undefined;
  let fail: (e: unknown) => void = () => undefined;
  const calls: Calls = {
    loads: [],
    saves: [],
    answerLoad: (a) => answer(a),
    failLoad: () => fail(new Error('network down')),
    failSave: null,
  };
  return {
    calls,
    api: {
      load: (code) => {
        calls.loads.push(code);
        return new Promise<LoadedColumns>((resolve, reject) => {
          answer = resolve;
          fail = reject;
        });
      },
      save: async (input) => {
        calls.saves.push(input);
        if (calls.failSave) throw new Error(calls.failSave);
        return null;
      },
    },
  };
}

interface HarnessProps {
  rows: Row[];
  total?: number;
  columns?: TableColumn<Row>[];
  settings: ColumnSettingsCalls;
  isAdmin?: boolean;
  sorts?: Array<SortState | null>;
  selections?: Row[][];
  links?: Array<[Row, string]>;
  bigData?: boolean;
  /** Each render's visible columns, as a toolbar function hears them. */
  toolbarColumns?: Array<Array<{ field: string; label: string }>>;
}

function Harness({ rows, total, columns = COLUMNS, settings, isAdmin = false, sorts, selections, links, bigData, toolbarColumns }: HarnessProps) {
  const fetch: FetchPage<Row> = async ({ start, limit }) => {
    const from = (start - 1) * limit;
    return { rows: rows.slice(from, from + limit), total: total ?? rows.length };
  };
  const list = usePagedList(fetch, undefined, tablePaging(bigData));
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <DataTable
      code="bank"
      columns={columns}
      list={list}
      sort={sort}
      onSortChange={(next) => {
        sorts?.push(next);
        setSort(next);
      }}
      isAdmin={isAdmin}
      onSelectionChange={(chosen) => selections?.push(chosen)}
      onLinkClick={links ? (row, column) => links.push([row, column.field]) : undefined}
      settingsCalls={settings}
      testId="table"
      {...(toolbarColumns ? { toolbar: ({ visibleColumns }: { visibleColumns: Array<{ field: string; label: string }> }) => void toolbarColumns.push(visibleColumns) } : {})}
    />
  );
}

function mount(props: HarnessProps, shell?: ShellValue) {
  const tree = (
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <Harness {...props} />
      </I18nProvider>
    </ChakraProvider>
  );
  return render(shell ? <ShellContext.Provider value={shell}>{tree}</ShellContext.Provider> : tree);
}

const table = () => screen.getByTestId('table');
const header = (field: string) => table().querySelector(`th[data-field="${field}"]`) as HTMLElement;
const headerFields = () => Array.from(table().querySelectorAll('th[data-field]')).map((th) => th.getAttribute('data-field'));
const bodyRows = () => Array.from(table().querySelectorAll('tbody tr[data-part="row"]')) as HTMLElement[];
const cell = (row: HTMLElement, kind: string) => row.querySelector(`td[data-kind="${kind}"]`) as HTMLElement;

async function ready(props: HarnessProps, loaded: LoadedColumns | 'fail' = { customOrder: null, exist: {} }, calls?: Calls, shell?: ShellValue) {
  const view = mount(props, shell);
  await settle();
  if (calls) {
    if (loaded === 'fail') calls.failLoad();
    else calls.answerLoad(loaded);
  }
  await settle();
  return view;
}

beforeEach(() => local.set('lang', 'zh-CN'));
afterEach(() => {
  cleanup();
  local.remove('lang');
});

describe('DataTable', () => {
  it('gives each column kind the width and alignment of portal-shell §9, the operation column fixed right', async () => {
    const { calls, api } = settingsDouble();
    await ready({ rows: makeRows(1, 3), settings: api }, undefined, calls);
    const expected: Array<[string, number, string]> = [
      ['#seq', COLUMN_WIDTH.seq, 'center'],
      ['#select', COLUMN_WIDTH.checkbox, 'center'],
      ['code', COLUMN_WIDTH.code, 'left'],
      ['name', COLUMN_WIDTH.link, 'left'],
      ['amount', COLUMN_WIDTH.amount, 'right'],
      ['state', COLUMN_WIDTH.state, 'center'],
      ['#operation', COLUMN_WIDTH.operation, 'left'],
    ];
    for (const [field, width, align] of expected) expect([field, header(field).style.width, header(field).style.textAlign]).toEqual([field, `${width}px`, align]);
    // Cells follow their header.
    const first = bodyRows()[0]!;
    expect([cell(first, 'amount').style.textAlign, cell(first, 'amount').style.width]).toEqual(['right', `${COLUMN_WIDTH.amount}px`]);
    // The operation column sticks to the right edge; the header sticks to the top.
    expect([header('#operation').style.position, header('#operation').style.right]).toEqual(['sticky', '0px']);
    expect([cell(first, 'operation').style.position, cell(first, 'operation').style.right]).toEqual(['sticky', '0px']);
    expect([header('code').style.position, header('code').style.top]).toEqual(['sticky', '0px']);
    expect(cell(first, 'code').style.position).toBe('');
    // The caller renders state and operation cells.
    expect(within(cell(first, 'state')).getByTestId('state-badge').textContent).toBe('APPROVED');
    expect(within(cell(first, 'operation')).getByRole('button').textContent).toBe('edit 1');
    expect(calls.loads).toEqual(['bank']);
  });

  it('cuts text over 50 characters with an ellipsis and shows the whole text on hover and to screen readers', async () => {
    const { calls, api } = settingsDouble();
    const long = `${'汇'.repeat(LONG_CELL_TEXT_MAX)}丰银行有限公司`;
    const rows = [{ ...makeRows(1, 1)[0]!, code: long }, { ...makeRows(2, 1)[0]!, code: 'x'.repeat(LONG_CELL_TEXT_MAX) }];
    await ready({ rows, settings: api }, undefined, calls);
    const [cutRow, fullRow] = bodyRows();
    const cut = cell(cutRow!, 'code').querySelector('[data-part="cut-text"]') as HTMLElement;
    expect(cut.getAttribute('title')).toBe(long);
    expect(cut.querySelector('[aria-hidden="true"]')!.textContent).toBe(`${'汇'.repeat(LONG_CELL_TEXT_MAX)}…`);
    // The whole text is in the cell for assistive technology (visually hidden).
    expect(cut.textContent).toContain(long);
    // Exactly 50 characters are not cut.
    expect(cell(fullRow!, 'code').querySelector('[data-part="cut-text"]')).toBeNull();
    expect(cell(fullRow!, 'code').textContent).toBe('x'.repeat(LONG_CELL_TEXT_MAX));
  });

  it.each(LANGUAGES.map((l) => [l]))('formats amounts with 2 decimals and thousands separators in %s', async (lang: Language) => {
    local.set('lang', lang);
    const { calls, api } = settingsDouble();
    const rows = [{ ...makeRows(1, 1)[0]!, amount: 1234567.891 }, { ...makeRows(2, 1)[0]!, amount: '-98765.005' }, { ...makeRows(3, 1)[0]!, amount: 0 }];
    await ready({ rows, settings: api }, undefined, calls);
    expect(bodyRows().map((r) => cell(r, 'amount').textContent)).toEqual(['1,234,567.89', '-98,765.01', '0.00']);
    expect(document.documentElement.lang).toBe(lang);
  });

  it('cycles a sortable header ascending → descending → none, telling the caller each time; seq, checkbox and operation do not sort', async () => {
    const { calls, api } = settingsDouble();
    const sorts: Array<SortState | null> = [];
    await ready({ rows: makeRows(1, 3), settings: api, sorts }, undefined, calls);
    const button = () => header('code').querySelector('button[data-part="sort"]') as HTMLButtonElement;
    expect(header('code').getAttribute('aria-sort')).toBe('none');
    expect(button().getAttribute('title')).toBe(fill(zh.sort.toAsc, { column: 'Code' }));
    fireEvent.click(button());
    await settle();
    expect(header('code').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(button());
    await settle();
    expect(header('code').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(button());
    await settle();
    expect(header('code').getAttribute('aria-sort')).toBe('none');
    expect(sorts).toEqual([{ field: 'code', order: 'asc' }, { field: 'code', order: 'desc' }, null]);
    // Another column starts again from ascending.
    fireEvent.click(button());
    fireEvent.click(header('amount').querySelector('button[data-part="sort"]')!);
    expect(sorts.slice(-1)).toEqual([{ field: 'amount', order: 'asc' }]);
    for (const field of ['#seq', '#select', '#operation']) expect([field, header(field).querySelector('[data-part="sort"]'), header(field).hasAttribute('aria-sort')]).toEqual([field, null, false]);
  });

  it('renders only the rows in view of a 1,000-row page, and the ones scrolled to', async () => {
    const { calls, api } = settingsDouble();
    // jsdom has no layout: the scrolled area is given a height, as a browser would measure it.
    const height = 360;
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return this.dataset.part === 'scroll' ? height : 0; } });
    try {
      await ready({ rows: makeRows(1, 1000), settings: api, bigData: true }, undefined, calls);
      // The big-data table's default page is 50 rows; ask for 1,000.
      const size = table().querySelector('[data-part="page-size"]') as HTMLSelectElement;
      expect(size.value).toBe('50');
      fireEvent.change(size, { target: { value: '1000' } });
      await settle();
      await settle();
      const scroll = screen.getByTestId('data-table-scroll');
      expect(scroll.querySelector('table')!.getAttribute('aria-rowcount')).toBe('1001');
      const shown = bodyRows();
      expect(shown.length).toBeGreaterThan(height / ROW_HEIGHT - 1);
      expect(shown.length).toBeLessThan(40);
      expect(cell(shown[0]!, 'seq').textContent).toBe('1');
      // The spacer below stands for the rows not drawn, so the scrollbar is the whole page's.
      const spacers = scroll.querySelectorAll('tr[data-part="spacer"] td');
      expect(parseInt((spacers[spacers.length - 1] as HTMLElement).style.height, 10)).toBeGreaterThan(900 * ROW_HEIGHT);

      // Scrolled to row 500: the rows around it are drawn, the first ones are not.
      await act(async () => {
        scroll.scrollTop = 40 + 499 * ROW_HEIGHT;
        fireEvent.scroll(scroll);
      });
      await settle();
      const seqs = bodyRows().map((r) => Number(cell(r, 'seq').textContent));
      expect(seqs).toContain(500);
      expect(seqs).not.toContain(1);
      expect(seqs.length).toBeLessThan(40);

      // A scroll draws the rows coming in in the elements of those leaving: every row drawn,
      // down three rows, up three, and jumped far, is its own row's, in order, in every cell
      // (a column's own render too) and in its row props; a row ticked stays ticked, alone.
      const consistent = () => {
        const rows = bodyRows();
        const first = Number(cell(rows[0]!, 'seq').textContent);
        rows.forEach((r, i) => {
          const n = first + i;
          expect(cell(r, 'seq').textContent).toBe(String(n));
          expect(cell(r, 'code').textContent).toBe(`C${n}`);
          expect(cell(r, 'link').textContent).toBe(`Name ${n}`);
          expect(cell(r, 'operation').textContent).toBe(`edit ${n}`);
          expect(r.getAttribute('aria-rowindex')).toBe(String(n + 1));
          expect(within(cell(r, 'checkbox')).getByRole('checkbox').getAttribute('aria-label')).toContain(String(n));
        });
        return rows.map((r) => Number(cell(r, 'seq').textContent));
      };
      const tick = within(cell(bodyRows().find((r) => cell(r, 'seq').textContent === '502')!, 'checkbox')).getByRole('checkbox');
      fireEvent.click(tick);
      await settle();
      for (const to of [502, 499, 900, 901, 499]) {
        await act(async () => {
          scroll.scrollTop = 40 + (to - 1) * ROW_HEIGHT;
          fireEvent.scroll(scroll);
        });
        await settle();
        const now = consistent();
        expect(now).toContain(to);
        const ticked = bodyRows().filter((r) => (within(cell(r, 'checkbox')).getByRole('checkbox') as HTMLInputElement).checked);
        expect(ticked.map((r) => cell(r, 'seq').textContent)).toEqual(now.includes(502) ? ['502'] : []);
      }
    } finally {
      // Back to jsdom's own (Element.prototype's).
      delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    }
  });

  it('draws a fling’s rows as text while it passes more than a screen a frame, and in full once it settles; a slow scroll and the focus in the rows keep them full', async () => {
    const { calls, api } = settingsDouble();
    // The box shows 10 rows, and across, the columns up to the link's; the amount's lies beyond.
    const [height, width] = [360, COLUMN_WIDTH.seq + COLUMN_WIDTH.checkbox + COLUMN_WIDTH.code + COLUMN_WIDTH.link];
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return this.dataset.part === 'scroll' ? height : 0; } });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get(this: HTMLElement) { return this.dataset.part === 'scroll' ? width : 0; } });
    try {
      await ready({ rows: makeRows(1, 1000), settings: api, bigData: true, links: [] }, undefined, calls);
      fireEvent.change(table().querySelector('[data-part="page-size"]') as HTMLSelectElement, { target: { value: '1000' } });
      await settle();
      await settle();
      const scroll = screen.getByTestId('data-table-scroll');
      // The scroll's settling is TanStack Virtual's timer: the test moves the clock.
      jest.useFakeTimers();
      const scrollTo = (row: number) =>
        act(() => {
          scroll.scrollTop = 40 + (row - 1) * ROW_HEIGHT;
          fireEvent.scroll(scroll);
        });
      const seqs = () => bodyRows().map((r) => Number(cell(r, 'seq').textContent));
      const quick = () => bodyRows().filter((r) => r.hasAttribute('data-quick'));
      // Every row drawn in full: its own widgets, as the rows-in-view test checks them.
      const full = () => {
        const rows = bodyRows();
        expect(quick()).toEqual([]);
        rows.forEach((r) => {
          const n = Number(cell(r, 'seq').textContent);
          expect([cell(r, 'operation').textContent, cell(r, 'state').textContent, cell(r, 'amount').textContent]).toEqual([`edit ${n}`, 'APPROVED', '1,234,567.89']);
          expect(within(cell(r, 'link')).getByRole('button').textContent).toBe(`Name ${n}`);
          expect(within(cell(r, 'checkbox')).getByRole('checkbox').getAttribute('aria-label')).toContain(String(n));
        });
        return rows;
      };
      const ticked = 5;
      fireEvent.click(within(cell(bodyRows()[ticked - 1]!, 'checkbox')).getByRole('checkbox'));
      await act(async () => undefined);

      // A slow scroll (three rows a frame) keeps drawing full rows.
      for (const to of [4, 7, 10]) {
        scrollTo(to);
        expect(seqs()).toContain(to);
        full();
      }
      // A fling: the first screen-long jump still draws full rows (a jump alone, such as the
      // End key, is not followed by more), the next ones draw the cells' text, the tick box's
      // look and the row's ticking, without the widgets, and only in the columns in view across.
      scrollTo(300);
      full();
      scrollTo(600);
      scrollTo(1);
      expect(seqs()).toContain(ticked);
      expect(quick()).toEqual(bodyRows());
      for (const r of bodyRows()) {
        const n = Number(cell(r, 'seq').textContent);
        expect([cell(r, 'code').textContent, cell(r, 'link').textContent, cell(r, 'amount').textContent]).toEqual([`C${n}`, `Name ${n}`, '']);
        expect([cell(r, 'operation').textContent, cell(r, 'state').textContent, r.querySelectorAll('button, input').length]).toEqual(['', '', 0]);
        expect([r.hasAttribute('data-selected'), cell(r, 'checkbox').querySelector('[data-part="control"]')!.getAttribute('data-state')]).toEqual(n === ticked ? [true, 'checked'] : [false, 'unchecked']);
      }
      // Still moving: the same rows; settled: every row in full, the ticked one still ticked.
      act(() => jest.advanceTimersByTime(SCROLL_SETTLE_MS - 1));
      expect(quick().length).toBe(bodyRows().length);
      act(() => jest.advanceTimersByTime(1));
      const settled = full();
      expect(settled.filter((r) => (within(cell(r, 'checkbox')).getByRole('checkbox') as HTMLInputElement).checked).map((r) => cell(r, 'seq').textContent)).toEqual([String(ticked)]);
      expect(seqs()[0]).toBe(1);

      // The focus in the rows: no row drawn as text, as a focused widget would be taken away.
      scrollTo(300);
      within(cell(bodyRows()[0]!, 'checkbox')).getByRole('checkbox').focus();
      scrollTo(600);
      full();
    } finally {
      jest.useRealTimers();
      delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
      delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    }
  });

  it('numbers rows across pages and exposes ticked rows, emptied when the page changes', async () => {
    const { calls, api } = settingsDouble();
    const selections: Row[][] = [];
    await ready({ rows: makeRows(1, 25), settings: api, selections }, undefined, calls);
    fireEvent.click(screen.getByLabelText(fill(zh.selectRow, { n: 2 })));
    await settle();
    expect(bodyRows()[1]!.hasAttribute('data-selected')).toBe(true);
    expect(bodyRows()[0]!.hasAttribute('data-selected')).toBe(false);
    expect(selections.at(-1)!.map((r) => r.id)).toEqual([2]);
    fireEvent.click(screen.getByLabelText(zh.selectAll));
    await settle();
    expect(selections.at(-1)!.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const pager = table().querySelector('[data-scope="pagination"]') as HTMLElement;
    fireEvent.click(within(pager).getByText('2'));
    await settle();
    await settle();
    expect(cell(bodyRows()[0]!, 'seq').textContent).toBe('11');
    expect(selections.at(-1)).toEqual([]);
  });

  it('chooses one row with a radio column', async () => {
    const { calls, api } = settingsDouble();
    const selections: Row[][] = [];
    const columns: TableColumn<Row>[] = [{ field: '#pick', kind: 'radio', header: '' }, ...COLUMNS.filter((c) => c.kind !== 'checkbox')];
    await ready({ rows: makeRows(1, 5), settings: api, selections, columns }, undefined, calls);
    expect([header('#pick').style.width, header('#pick').style.textAlign]).toEqual([`${COLUMN_WIDTH.radio}px`, 'center']);
    fireEvent.click(screen.getByRole('radio', { name: fill(zh.selectRow, { n: 1 }) }));
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: fill(zh.selectRow, { n: 3 }) }));
    await settle();
    expect(selections.map((chosen) => chosen.map((r) => r.id))).toEqual([[1], [3]]);
    expect(bodyRows().map((r) => r.hasAttribute('data-selected'))).toEqual([false, false, true, false, false]);
  });

  it('opens a link cell in the shell’s iframe drawer with the row’s values in the address, or tells the caller', async () => {
    const { calls, api } = settingsDouble();
    const drawers = createActor(drawerMachine.provide({ actions: { replaceRoute: () => undefined } }), { input: { path: '/bank' } }).start();
    const shell = { drawers, user: { userType: 2 } } as unknown as ShellValue;
    await ready({ rows: [{ ...makeRows(1, 1)[0]!, id: 7, code: 'A&B 1' }], settings: api }, undefined, calls, shell);
    fireEvent.click(within(bodyRows()[0]!).getByRole('button', { name: 'Name 1' }));
    expect(drawers.getSnapshot().context).toMatchObject({ open: ['iframe'], url: 'https://example.invalid/detail?id=7&code=A%26B+1' });
    drawers.stop();
    cleanup();

    const links: Array<[Row, string]> = [];
    const other = settingsDouble();
    await ready({ rows: makeRows(3, 1), settings: other.api, links }, undefined, other.calls);
    fireEvent.click(within(bodyRows()[0]!).getByRole('button', { name: 'Name 3' }));
    expect(links.map(([row, field]) => [row.id, field])).toEqual([[3, 'name']]);
  });
});

describe('DataTable column settings', () => {
  const saved = (field: string, over: Record<string, unknown> = {}) => ({ field, fixed: 'none', visible: true, width: 140, exist: true, ...over });
  const openSettings = async () => {
    fireEvent.click(screen.getByTestId('table-settings-trigger'));
    await settle();
    return screen.getByTestId('table-settings');
  };

  it('applies the saved settings: order, fixed left, hidden, width, and a column that does not exist', async () => {
    const { calls, api } = settingsDouble();
    const order = [saved('name', { fixed: 'left', width: 260 }), saved('#seq', { width: 50 }), saved('#select', { width: 35 }), saved('code', { visible: false }), saved('amount'), saved('state', { exist: false }), saved('#operation', { fixed: 'right' })];
    await ready({ rows: makeRows(1, 3), settings: api }, { customOrder: order, exist: { state: false } }, calls);
    expect(table().getAttribute('data-settings-state')).toBe('ready');
    expect(headerFields()).toEqual(['name', '#seq', '#select', 'amount', '#operation']);
    expect([header('name').style.position, header('name').style.left, header('name').style.width]).toEqual(['sticky', '0px', '260px']);
  });

  it('tells a toolbar function the data columns shown, in the order shown, without seq, selection or operation', async () => {
    const { calls, api } = settingsDouble();
    const seen: Array<Array<{ field: string; label: string }>> = [];
    const order = [saved('name'), saved('#seq'), saved('#select'), saved('code', { visible: false }), saved('state'), saved('amount'), saved('#operation')];
    await ready({ rows: makeRows(1, 3), settings: api, toolbarColumns: seen }, { customOrder: order, exist: {} }, calls);
    expect(seen.at(-1)).toEqual([
      { field: 'name', label: 'Name' },
      { field: 'state', label: 'State' },
      { field: 'amount', label: 'Amount' },
    ]);
  });

  it('falls back silently to the defaults when the load fails, and to the default order when the saved one no longer fits', async () => {
    const { calls, api } = settingsDouble();
    await ready({ rows: makeRows(1, 3), settings: api }, 'fail', calls);
    expect(table().getAttribute('data-settings-state')).toBe('fallback');
    expect(headerFields()).toEqual(COLUMNS.map((c) => c.field));
    expect(table().querySelector('[role="alert"]')).toBeNull();
    cleanup();

    const other = settingsDouble();
    await ready({ rows: makeRows(1, 3), settings: other.api }, { customOrder: [saved('amount'), saved('code', { width: 300 })], exist: {} }, other.calls);
    expect(headerFields()).toEqual(COLUMNS.map((c) => c.field));
    expect(header('code').style.width).toBe('300px');
  });

  it('shows the exist tab to administrators only', async () => {
    const staff = settingsDouble();
    await ready({ rows: makeRows(1, 3), settings: staff.api, isAdmin: false }, undefined, staff.calls);
    let popover = await openSettings();
    const tabs = zh.settings.tabs;
    expect(within(popover).getAllByRole('tab').map((t) => t.textContent)).toEqual([tabs.order, tabs.fixed, tabs.hidden, tabs.width]);
    cleanup();

    const admin = settingsDouble();
    await ready({ rows: makeRows(1, 3), settings: admin.api, isAdmin: true }, undefined, admin.calls);
    popover = await openSettings();
    expect(within(popover).getAllByRole('tab').map((t) => t.textContent)).toEqual([tabs.order, tabs.fixed, tabs.hidden, tabs.width, tabs.exist]);
  });

  it('edits in the popover show in the table at once; save sends them, a refusal shows the msg and keeps them, cancel drops them', async () => {
    const { calls, api } = settingsDouble();
    await ready({ rows: makeRows(1, 3), settings: api }, undefined, calls);
    let popover = await openSettings();
    // Order: move Amount up, with the buttons (keyboard reachable, named for their column).
    expect(within(popover).getByRole('button', { name: fill(zh.settings.moveUp, { column: zh.kind.seq }) }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(popover).getByRole('button', { name: fill(zh.settings.moveUp, { column: 'Amount' }) }));
    await settle();
    expect(headerFields()).toEqual(['#seq', '#select', 'code', 'amount', 'name', 'state', '#operation']);
    popover = screen.getByTestId('table-settings');
    // Hide Code.
    fireEvent.click(within(popover).getByRole('tab', { name: zh.settings.tabs.hidden }));
    await settle();
    const codeTick = within(screen.getByTestId('table-settings')).getByRole('checkbox', { name: 'Code' });
    fireEvent.click(codeTick);
    await settle();
    expect(headerFields()).not.toContain('code');

    calls.failSave = '列设置保存失败';
    fireEvent.click(within(screen.getByTestId('table-settings')).getByRole('button', { name: zh.settings.save }));
    await settle();
    expect(within(screen.getByTestId('table-settings')).getByRole('alert').textContent).toContain('列设置保存失败');
    expect(headerFields()).not.toContain('code');

    calls.failSave = null;
    fireEvent.click(within(screen.getByTestId('table-settings')).getByRole('button', { name: zh.settings.save }));
    await settle();
    // Saved: the popover closes (it may still be leaving, closed, in jsdom).
    expect(screen.queryByTestId('table-settings')?.getAttribute('data-state') ?? 'closed').toBe('closed');
    expect(screen.getByTestId('table-settings-trigger').getAttribute('aria-expanded')).toBe('false');
    expect(calls.saves).toHaveLength(2);
    const sent = calls.saves[1]!;
    expect(sent.code).toBe('bank');
    expect(sent.tableColumns.find((c) => c.field === 'code')).toMatchObject({ visible: false, exist: true, type: 'code' });
    expect(sent.tableColumns.map((c) => c.field)).toEqual(['#seq', '#select', 'code', 'amount', 'name', 'state', '#operation']);
    expect(headerFields()).toEqual(['#seq', '#select', 'amount', 'name', 'state', '#operation']);

    // Cancel: the edit goes away.
    popover = await openSettings();
    fireEvent.click(within(popover).getByRole('tab', { name: zh.settings.tabs.hidden }));
    await settle();
    fireEvent.click(within(screen.getByTestId('table-settings')).getByRole('checkbox', { name: 'Code' }));
    await settle();
    expect(headerFields()).toContain('code');
    fireEvent.click(within(screen.getByTestId('table-settings')).getByRole('button', { name: zh.settings.cancel }));
    await settle();
    expect(headerFields()).not.toContain('code');
    expect(calls.saves).toHaveLength(2);
  });
});

describe('locale module table', () => {
  const ROOT = join(__dirname, '../../locale/table');
  const flatten = (value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> => {
    if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
    else out.set(prefix, value);
    return out;
  };
  const messages = (lang: string) => flatten(JSON.parse(readFileSync(join(ROOT, lang, 'index.json'), 'utf8')), 'table', new Map());

  it('holds the same keys in both languages, each a non-empty string, and every literal key the table uses', () => {
    const [zh, en] = LANGUAGES.map(messages);
    expect([...zh!.keys()].sort()).toEqual([...en!.keys()].sort());
    for (const [key, value] of [...zh!, ...en!]) expect([key, typeof value === 'string' && value.trim() !== '']).toEqual([key, true]);
    const dir = join(__dirname, '../../src/widgets/table');
    const used = new Set<string>();
    for (const file of readdirSync(dir)) for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/['"`](table\.[a-zA-Z0-9.]+)['"`]/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((k) => !zh!.has(k))).toEqual([]);
  });
});
