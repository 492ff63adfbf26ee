/**
 * The page bench/table-render.bench.ts drives in Chromium (issue 10, speed): the real DataTable
 * (src/widgets/table) bound to the real paged-list machine (usePagedList) with a fetch that
 * answers 1,000 rows of 20 columns at once, beside a plain <table> of the same cells built with
 * document.createElement (and, for comparison, the same DataTable made as high as all its rows,
 * so that every row is in the DOM, and a plain table with the DataTable's layout). Built by the bench script with rspack into a temporary directory;
 * never part of the app's bundle.
 *
 * window.bench.table() / window.bench.plain() each mount their variant and resolve with
 * { commit, paint } in ms from the start: `commit` when the rows are in the DOM, `paint` when
 * the frame that shows them has been drawn (requestAnimationFrame, then a message posted from
 * it, which runs after that frame's style, layout and paint). clear() empties the stage.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Box, HStack, Menu, Portal } from '@chakra-ui/react';
import { AppProviders } from '../src/widgets/AppProviders';
import { usePagedList, type FetchPage } from '../src/widgets/paged-list/usePagedList';
import { DataTable, ROW_HEIGHT, RowButton, type TableColumn } from '../src/widgets/table';
import { HEADER_HEIGHT } from '../src/widgets/table/DataTable';
import type { ColumnSettingsCalls } from '../src/widgets/table';
import { BIG_TABLE_PAGE_SIZES } from '../src/shared/constants';
import { amountText } from '../src/shared/format-amount';
import { columnLayout } from '../src/shared/column-layout';
import { afterNextPaint } from './support/paint';

export const ROWS = 1000;
/** The virtualised list scrolled in issue 16: one page of this many rows. */
export const BIG_ROWS = 100_000;

type Row = Record<string, string | number> & { id: number };

const BANKS = ['中国工商银行', '中国银行', 'Bank of Communications', '招商银行', 'HSBC Hong Kong', '中国建设银行'];
const ORGS = ['总部资金中心', 'Treasury Shanghai', '华南结算中心', 'Group Finance Ltd'];
const LONG = '这是一段超过五十个字符的备注文字，用来检验表格在单元格里截断长文本并在悬停时显示全文的处理是否正确无误。';

function makeRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    code: `FX${String(2019000000 + i)}`,
    name: `Counterparty ${i + 1} 交易对手`,
    bankName: BANKS[i % BANKS.length]!,
    sourceCurrency: ['USD', 'EUR', 'JPY', 'HKD'][i % 4]!,
    targetCurrency: 'CNY',
    rateDate: `2019-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    amount: 1234567.891 + i * 17.3,
    balance: String(98765432.1 - i * 311.7),
    fee: (i * 7919) % 10000 / 7,
    counterparty: i % 5 === 0 ? LONG : `客户 ${i}`,
    account: `6222 0210 ${String(10000000 + i * 37).slice(0, 8)}`,
    orgName: ORGS[i % ORGS.length]!,
    department: `Dept ${i % 17}`,
    remark: i % 3 === 0 ? `${LONG} ${i}` : `remark ${i}`,
    createdBy: `user${i % 23}`,
    createdAt: `2019-06-${String((i % 28) + 1).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}:00`,
    recordState: ['draft', 'submitted', 'approved', 'refused'][i % 4]!,
  }));
}

const DATA = makeRows(ROWS);
let big: Row[] | null = null;
/** The 100,000 rows, made on first use (the same generator, so the first 1,000 are DATA's). */
const bigData = () => (big ??= makeRows(BIG_ROWS));

/** The 20 columns, of every kind a resource page uses; state and operation rendered as ResourcePage does (a span; RowActions' buttons and menu). */
const COLUMNS: TableColumn<Row>[] = [
  { field: '#seq', kind: 'seq', header: '' },
  { field: '#select', kind: 'checkbox', header: '' },
  { field: 'code', kind: 'code', header: 'Code' },
  { field: 'name', kind: 'link', header: 'Name', link: { url: '#/bench/view', params: ['id'] } },
  { field: 'bankName', kind: 'text', header: 'Bank' },
  { field: 'sourceCurrency', kind: 'code', header: 'Source' },
  { field: 'targetCurrency', kind: 'code', header: 'Target' },
  { field: 'rateDate', kind: 'text', header: 'Date' },
  { field: 'amount', kind: 'amount', header: 'Amount' },
  { field: 'balance', kind: 'amount', header: 'Balance' },
  { field: 'fee', kind: 'amount', header: 'Fee', decimals: 4 },
  { field: 'counterparty', kind: 'text', header: 'Counterparty' },
  { field: 'account', kind: 'code', header: 'Account' },
  { field: 'orgName', kind: 'text', header: 'Organisation' },
  { field: 'department', kind: 'text', header: 'Department' },
  { field: 'remark', kind: 'text', header: 'Remark' },
  { field: 'createdBy', kind: 'text', header: 'Created by' },
  { field: 'createdAt', kind: 'text', header: 'Created at' },
  { field: 'recordState', kind: 'state', header: 'Status', render: (row) => <span data-testid="record-state">{String(row.recordState)}</span> },
  { field: '#operation', kind: 'operation', header: 'Actions', render: (row) => <Actions row={row} /> },
];

/** As RowActions draws them: view and one step in the row, the rest in a menu drawn when opened. */
function Actions({ row }: { row: Row }) {
  return (
    <HStack gap="0" wrap="nowrap" data-part="row-actions">
      <RowButton data-action="view">View</RowButton>
      <RowButton data-action="update">Edit</RowButton>
      <Menu.Root lazyMount unmountOnExit>
        <Menu.Trigger asChild>
          <RowButton part="row-menu" aria-label="More">⋯</RowButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="delete" data-action="delete" disabled={row.recordState !== 'draft'} color="fg.error">Delete</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  );
}

/** The server's column settings replaced: none saved yet, answered at once. */
const SETTINGS: ColumnSettingsCalls = { load: async () => ({ customOrder: null, exist: {} }), save: async () => null };
/** The server's page replaced: the 1,000 rows, answered at once (a fresh array, as a new answer would be). */
const fetchPage: FetchPage<Row> = async ({ start, limit }) => ({ rows: DATA.slice((start - 1) * limit, start * limit), total: DATA.length });
/** The same for the 100,000-row list: one page of them all. */
const fetchBigPage: FetchPage<Row> = async ({ start, limit }) => ({ rows: bigData().slice((start - 1) * limit, start * limit), total: BIG_ROWS });
const noop = () => undefined;

/**
 * `all`: the rows' area as high as all the rows, so the virtualiser puts every row in the DOM
 * (what the table would cost without it). `big`: one page of 100,000 rows.
 */
function TableRound({ all, big }: { all: boolean; big: boolean }) {
  const list = usePagedList(big ? fetchBigPage : fetchPage, undefined, { pageSize: big ? BIG_ROWS : ROWS, pageSizes: BIG_TABLE_PAGE_SIZES });
  return <DataTable code="bench" columns={COLUMNS} list={list} settingsCalls={SETTINGS} onLinkClick={noop} isAdmin={false} testId="bench-table" {...(all ? { maxHeight: ROWS * ROW_HEIGHT + HEADER_HEIGHT + 2 } : {})} />;
}

type Round = { n: number; all: boolean; big: boolean };
let setRound: (round: Round | null) => void = () => undefined;

function Stage() {
  const [round, set] = useState<Round | null>(null);
  setRound = set;
  // Rendered once the providers have loaded the locale modules.
  useEffect(() => {
    bench.ready = true;
  }, []);
  return <Box p="4">{round !== null && <TableRound key={round.n} all={round.all} big={round.big} />}</Box>;
}

/** The same cells' text, as the plain table shows them. */
function cellText(column: TableColumn<Row>, row: Row, index: number): string {
  if (column.kind === 'seq') return String(index + 1);
  const value = row[column.field];
  if (column.kind === 'amount') return amountText(value, 'zh-CN', column.decimals);
  return value === undefined ? '' : String(value);
}

/**
 * The plain table: no styles but a scrolled box as high as the DataTable's (65vh). `fixed`
 * gives it the DataTable's layout instead, from one style sheet (fixed table layout, the same
 * column widths, one line per cell cut with an ellipsis, rows 36 px), a second baseline.
 */
const FIXED_CSS = `.bench-fixed{table-layout:fixed;border-collapse:separate;border-spacing:0}
.bench-fixed th{height:40px}
.bench-fixed td{height:36px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;padding:0 8px}
.bench-fixed .right{text-align:right}.bench-fixed .center{text-align:center}`;

function buildPlain(host: HTMLElement, fixed: boolean, data: Row[]) {
  if (fixed && !document.getElementById('bench-fixed-css')) {
    const style = document.createElement('style');
    style.id = 'bench-fixed-css';
    style.textContent = FIXED_CSS;
    document.head.appendChild(style);
  }
  const box = document.createElement('div');
  box.style.maxHeight = '65vh';
  box.style.overflow = 'auto';
  box.dataset.testid = 'plain-scroll';
  const table = document.createElement('table');
  const align = COLUMNS.map((c) => columnLayout(c.kind).align);
  if (fixed) {
    table.className = 'bench-fixed';
    table.style.width = `${COLUMNS.reduce((w, c) => w + columnLayout(c.kind).width, 0)}px`;
    const cols = document.createElement('colgroup');
    for (const c of COLUMNS) {
      const col = document.createElement('col');
      col.style.width = `${columnLayout(c.kind).width}px`;
      cols.appendChild(col);
    }
    table.appendChild(cols);
  }
  const head = document.createElement('thead');
  const hr = document.createElement('tr');
  for (const c of COLUMNS) {
    const th = document.createElement('th');
    th.textContent = c.header;
    hr.appendChild(th);
  }
  head.appendChild(hr);
  table.appendChild(head);
  const body = document.createElement('tbody');
  data.forEach((row, i) => {
    const tr = document.createElement('tr');
    COLUMNS.forEach((c, k) => {
      const td = document.createElement('td');
      if (fixed && align[k] !== 'left') td.className = align[k]!;
      if (c.kind === 'checkbox') {
        const input = document.createElement('input');
        input.type = 'checkbox';
        td.appendChild(input);
      } else if (c.kind === 'operation') {
        for (const label of ['View', 'Edit', 'Delete']) {
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = label;
          td.appendChild(b);
        }
      } else td.textContent = cellText(c, row, i);
      tr.appendChild(td);
    });
    body.appendChild(tr);
  });
  table.appendChild(body);
  box.appendChild(table);
  host.appendChild(box);
}


const reactHost = document.getElementById('root')!;
const plainHost = document.getElementById('plain')!;

/** The DataTable's rows are in the DOM and its column settings have loaded (no further render pending). */
function tableDone(): boolean {
  const root = reactHost.querySelector('[data-part="data-table"]');
  return !!root && root.getAttribute('data-settings-state') !== 'loading' && root.querySelector('tbody tr[data-part="row"]') !== null;
}

let round = 0;

const bench = {
  rows: ROWS,
  columns: COLUMNS.length,
  ready: false,
  /** Mounts a fresh DataTable (new machines, new fetch); resolves when its rows are painted. */
  table(all = false, big = false): Promise<{ commit: number; paint: number; rowsInDom: number }> {
    return new Promise((resolve) => {
      let commit = 0;
      const observer = new MutationObserver(() => {
        if (commit || !tableDone()) return;
        commit = performance.now() - t0;
        observer.disconnect();
        void afterNextPaint().then((at) => resolve({ commit, paint: at - t0, rowsInDom: reactHost.querySelectorAll('tbody tr[data-part="row"]').length }));
      });
      observer.observe(reactHost, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-settings-state'] });
      const t0 = performance.now();
      setRound({ n: ++round, all, big });
    });
  },
  /** Builds and appends the plain table (`fixed`: with the DataTable's layout); resolves when it is painted. */
  async plain(fixed = false): Promise<{ commit: number; paint: number; rowsInDom: number }> {
    const t0 = performance.now();
    buildPlain(plainHost, fixed, DATA);
    const commit = performance.now() - t0;
    const at = await afterNextPaint();
    return { commit, paint: at - t0, rowsInDom: plainHost.querySelectorAll('tbody tr').length };
  },
  /** The DataTable with every row in the DOM (its area as high as the rows). */
  tableAll(): Promise<{ commit: number; paint: number; rowsInDom: number }> {
    return bench.table(true);
  },
  plainFixed(): Promise<{ commit: number; paint: number; rowsInDom: number }> {
    return bench.plain(true);
  },
  /** The DataTable holding one page of 100,000 rows (virtualised). */
  tableBig(): Promise<{ commit: number; paint: number; rowsInDom: number }> {
    return bench.table(false, true);
  },

  /** Empties both stages and waits two frames. */
  async clear() {
    setRound(null);
    plainHost.replaceChildren();
    await afterNextPaint();
    await afterNextPaint();
  },
  scrollWork,
  /**
   * Scrolls the shown table's scrolled area down `step` pixels a frame for `count` frames (or to
   * the bottom) and answers every frame's duration (requestAnimationFrame timestamps) in ms. The
   * end is counted, not read from the box, so the bench forces no layout of its own.
   */
  async scroll(selector: string, step: number, count: number): Promise<number[]> {
    const box = document.querySelector<HTMLElement>(selector)!;
    box.scrollTop = 0;
    const steps = Math.min(count, Math.ceil((box.scrollHeight - box.clientHeight) / step));
    await afterNextPaint();
    const frames: number[] = [];
    return new Promise((resolve) => {
      let last = 0;
      let done = 0;
      const tick = (now: number) => {
        if (last) frames.push(now - last);
        last = now;
        if (done++ === steps) return resolve(frames);
        box.scrollTop = done * step;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  },
};

/**
 * Scrolls the shown table `step` pixels at a time, one step a frame, for `count` frames (or to
 * the bottom), and answers each frame's main-thread work: from the first scroll event of the
 * frame (a capturing listener, before the table's own) to the end of that frame's style,
 * layout and paint. `scrollTop` is set between frames, so each frame does all the work of
 * one step. Also answers the frame intervals (requestAnimationFrame timestamps; 16.7 ms at
 * 60 frames a second, so they cannot show work under one frame).
 */
async function scrollWork(selector: string, step: number, count: number): Promise<{ work: number[]; intervals: number[] }> {
  const box = document.querySelector<HTMLElement>(selector)!;
  box.scrollTop = 0;
  const steps = Math.min(count, Math.ceil((box.scrollHeight - box.clientHeight) / step));
  await afterNextPaint();
  await afterNextPaint();
  let scrolledAt = 0;
  const onScroll = () => {
    if (!scrolledAt) scrolledAt = performance.now();
  };
  document.addEventListener('scroll', onScroll, { capture: true });
  const work: number[] = [];
  const intervals: number[] = [];
  let lastFrame = 0;
  try {
    for (let i = 1; i <= steps; i++) {
      scrolledAt = 0;
      box.scrollTop = i * step;
      const frameAt = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      if (lastFrame) intervals.push(frameAt - lastFrame);
      lastFrame = frameAt;
      const drawn = await new Promise<number>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
      if (scrolledAt) work.push(drawn - scrolledAt);
    }
  } finally {
    document.removeEventListener('scroll', onScroll, { capture: true });
  }
  return { work, intervals };
}

declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;

createRoot(reactHost).render(
  <AppProviders modules={['table', 'shell']}>
    <Stage />
  </AppProviders>,
);
