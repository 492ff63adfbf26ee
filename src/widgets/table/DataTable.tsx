import { memo, useContext, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Box, Checkbox, HStack, Stack, Table, VisuallyHidden, chakra, visuallyHiddenStyle, type SystemStyleObject } from '@chakra-ui/react';
import { getCoreRowModel, useReactTable, type Column, type ColumnDef, type Row as TableRow, type RowSelectionState, type Updater } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { columnLayout, type ColumnKind } from '../../shared/column-layout';
import { USER_TYPE_ADMIN, type Language } from '../../shared/constants';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN } from '../../shared/contract/query-settings';
import { amountText } from '../../shared/format-amount';
import type { PagedListApi } from '../../machines/paged-list.connect';
import { useI18n } from '../../services/i18n/react';
import { ErrorAlert } from '../ErrorAlert';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { PagedList } from '../paged-list/PagedList';
import { ShellContext } from '../shell-context';
import { ColumnSettings } from './ColumnSettings';
import { ROW_BUTTON_CSS } from './RowButton';
import { cellText, cutText, linkUrl, nextSort, resizable, sortableByDefault, type SortState } from './table-helpers';
import { useColumnSettings, type ColumnSettingsCalls } from './useColumnSettings';

/**
 * DataTable: the paged query table of widgets §2 (issue 10 point 6), on TanStack Table 8 with
 * row virtualisation (TanStack Virtual), bound to the paged-list machine.
 *
 * ```tsx
 * const list = usePagedList(fetchPage, runAction, tablePaging(def.bigData));   // page sizes: one helper
 * const [sort, setSort] = useState<SortState | null>(def.sort);
 * <DataTable
 *   code={def.code}                                  // the page: names its column settings
 *   columns={[                                       // fields and kinds read once at mount (key the table by page)
 *     { field: '#seq', kind: 'seq', header: t('table.kind.seq') },
 *     { field: 'bankName', kind: 'link', header: 'Bank', link: { url: '#/bank/view', params: ['id'] } },
 *     { field: 'rate', kind: 'amount', header: 'Rate', decimals: 4 },
 *     { field: 'recordState', kind: 'state', header: 'Status', render: (row) => <StateBadge row={row} /> },
 *     { field: '#operation', kind: 'operation', header: 'Actions', render: (row) => <Buttons row={row} /> },
 *   ]}
 *   list={list}
 *   sort={sort}
 *   onSortChange={(next) => { setSort(next); list.load({ ...filters, sort: next }); }}
 *   onSelectionChange={setSelected}                  // with a checkbox or radio column
 *   toolbar={<Button>Add</Button>}
 * />
 * ```
 *
 * - Widths, alignment and fixing per kind are portal-shell §9's (`columnLayout`); the user's
 *   column settings (order, fixed none/left/right, shown, width; whether a column exists, for
 *   administrators) load from the server on mount and are edited in the toolbar's settings
 *   popover (the column-settings machine); a header edge dragged saves its width, throttled.
 * - A sortable header cycles ascending → descending → none and calls `onSortChange`: the
 *   caller reloads (the server sorts).
 * - Text over LONG_CELL_TEXT_MAX characters is cut with an ellipsis; the whole text shows on
 *   hover (title) and is what screen readers read. Amounts: AMOUNT_DECIMALS decimals with
 *   thousands separators, in the user's language.
 * - A `link` column with `link` opens the shell's iframe drawer at `linkUrl(url, row, params)`
 *   (DRAWER_DEFAULT_WIDTH, from the right); `onLinkClick` replaces that.
 * - Only the rows in view are in the DOM (a 1,000-row page stays fast); the header sticks, and
 *   fixed columns stick left or right. While a fling passes more than a screen a frame, its rows
 *   show their cells' text without widgets (no buttons, inputs or a column's own `render`) until
 *   the scroll settles, SCROLL_SETTLE_MS after its last event (nextQuickRows).
 * - Loading, empty and failed states, and the pager, are the PagedList frame's.
 */

/** A column of the table, as the page declares it. */
export interface TableColumn<Row> {
  /** The row's field; `#…` for columns that show no field (`#seq`, `#select`, `#operation`). */
  field: string;
  kind: ColumnKind;
  /** The header text, already in the user's language (empty: the kind's name, for seq, checkbox, radio, operation). */
  header: string;
  /** A default width other than the kind's (portal-shell §9), before the user's own. */
  width?: number;
  /** Whether the header sorts; by default every kind but seq, checkbox, radio and operation. */
  sortable?: boolean;
  /** The cell's content, instead of the field's value (state and operation cells; any kind). */
  render?: (row: Row, index: number) => ReactNode;
  /** The text of a text-like cell from its value (dates, dictionary labels); still cut when long. */
  format?: (value: unknown, row: Row) => string;
  /** An amount's decimals (default AMOUNT_DECIMALS). */
  decimals?: number;
  /** A link cell: the embedded page opened in the side panel, with these row fields appended as query parameters. */
  link?: { url: string; params?: readonly string[] };
}

/** What a toolbar function learns of the table. */
export interface TableToolbarContext {
  /** The data columns shown, in the order shown (no seq, selection or operation column), with their headers. */
  visibleColumns: Array<{ field: string; label: string }>;
}

/** Columns that show no field of the row. */
const NON_DATA_KINDS: ReadonlySet<ColumnKind> = new Set(['seq', 'checkbox', 'radio', 'operation']);

/** The paged list a table shows: what `usePagedList` returns. */
export type TableList<Row> = Omit<PagedListApi<Row>, 'act' | 'getActionProps'>;

export interface DataTableProps<Row> {
  /** The page's code: its column settings are saved under it. */
  code: string;
  columns: readonly TableColumn<Row>[];
  list: TableList<Row>;
  sort?: SortState | null;
  onSortChange?: (next: SortState | null) => void;
  /** Shows the `exist` settings tab; by default the shell's user is asked (userType 1). */
  isAdmin?: boolean;
  /** A link cell was clicked: instead of opening the iframe drawer. */
  onLinkClick?: (row: Row, column: TableColumn<Row>) => void;
  /** The rows ticked (checkbox) or chosen (radio) on this page; emptied when the page changes. */
  onSelectionChange?: (rows: Row[]) => void;
  /** A row's identity (default: its `id`, else its place). */
  rowKey?: (row: Row, index: number) => string;
  /**
   * The toolbar's buttons, left of the settings icon; a function gets the columns the user sees
   * (for the export dialog: the user's settings decide which and in what order).
   */
  toolbar?: ReactNode | ((table: TableToolbarContext) => ReactNode);
  /** The most the rows' area grows before it scrolls (CSS length or pixels). */
  maxHeight?: string | number;
  testId?: string;
  /** Where column settings are kept (default: the server, contract.querySettings). */
  settingsCalls?: ColumnSettingsCalls;
}

/** One row's height in pixels: fixed, so the virtualiser needs no measuring. */
export const ROW_HEIGHT = 36;
/** The header row's height in pixels (the rows start below it in the scrolled area). */
export const HEADER_HEIGHT = 40;
/**
 * Rows drawn beyond the visible ones on each side, so a scroll shows no gap: a wheel's notch
 * (three rows). Each is drawn again on every frame of a fling, so no more.
 */
export const OVERSCAN = 3;
/**
 * How long after the last scroll event the list counts as still (TanStack Virtual's
 * `isScrollingResetDelay`, its default): rows drawn quick during a fling are drawn in full then.
 */
export const SCROLL_SETTLE_MS = 150;
/** The rows' area when the page has no layout to ask (jsdom, a hidden keep-alive page). */
export const FALLBACK_VIEWPORT_HEIGHT = 600;
const DEFAULT_MAX_HEIGHT = '65vh';

type Cells = Record<string, unknown>;
const SELECT_KINDS: ReadonlySet<ColumnKind> = new Set(['checkbox', 'radio']);

/** The element's size, or the fallback height when the page has no layout (jsdom, a display:none page). */
const observeRect: typeof observeElementRect = (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT_HEIGHT }));

const defaultRowKey = (row: unknown, index: number) => {
  const id = (row as { id?: unknown } | null)?.id;
  return id === undefined || id === null ? String(index) : String(id);
};

export function DataTable<Row>({ code, columns, list, sort = null, onSortChange, isAdmin, onLinkClick, onSelectionChange, rowKey = defaultRowKey, toolbar, maxHeight = DEFAULT_MAX_HEIGHT, testId, settingsCalls }: DataTableProps<Row>) {
  useLocaleModule('table');
  const { t, lang } = useI18n();
  const shell = useContext(ShellContext);
  const admin = isAdmin ?? shell?.user?.userType === USER_TYPE_ADMIN;
  const settings = useColumnSettings(code, columns, admin, settingsCalls);
  const byField = useMemo(() => new Map(columns.map((c) => [c.field, c])), [columns]);
  const labelOf = (field: string) => {
    const c = byField.get(field);
    return c ? c.header || t(`table.kind.${c.kind}`) : field;
  };

  // Ticked rows belong to the page shown: a new page starts with none (adjusted while rendering).
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [selectionRows, setSelectionRows] = useState(list.rows);
  if (selectionRows !== list.rows) {
    setSelectionRows(list.rows);
    if (Object.keys(selection).length > 0) setSelection({});
  }
  // The caller hears of it after the render (a parent's state is not set while this one renders).
  const notify = useRef(onSelectionChange);
  notify.current = onSelectionChange;
  const announced = useRef(false);
  useEffect(() => {
    if (!announced.current) return;
    announced.current = false;
    notify.current?.([]);
  }, [list.rows]);

  const openLink = (row: Row, column: TableColumn<Row>) => {
    if (onLinkClick) onLinkClick(row, column);
    else if (column.link && shell) shell.drawers.send({ type: 'DRAWER.OPEN', name: 'iframe', url: linkUrl(column.link.url, row as Cells, column.link.params ?? []) });
  };
  const linkable = (column: TableColumn<Row>) => !!onLinkClick || (!!column.link && !!shell);

  const defs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.field,
        accessorFn: (row: Row) => (row as Cells)[c.field],
        header: c.header,
        size: c.width ?? columnLayout(c.kind).width,
        minSize: COLUMN_WIDTH_MIN,
        maxSize: COLUMN_WIDTH_MAX,
        enableResizing: resizable(c.kind),
        enableSorting: c.sortable ?? sortableByDefault(c.kind),
      })),
    [columns],
  );
  const multiSelect = columns.some((c) => c.kind === 'checkbox');

  const table = useReactTable<Row>({
    data: list.rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row, index) => rowKey(row, index),
    manualSorting: true,
    manualPagination: true,
    enableRowSelection: true,
    enableMultiRowSelection: multiSelect,
    columnResizeMode: 'onChange',
    state: { ...settings.layout, rowSelection: selection },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(selection) : updater;
      setSelection(next);
      const chosen = list.rows.filter((row, i) => next[rowKey(row, i)]);
      announced.current = chosen.length > 0;
      onSelectionChange?.(chosen);
    },
    onColumnSizingChange: (updater) => {
      const now = settings.layout.columnSizing;
      const next = typeof updater === 'function' ? updater(now) : updater;
      for (const [field, width] of Object.entries(next)) if (width !== now[field]) settings.resize(field, width);
    },
  });

  const headers = [...table.getLeftLeafHeaders(), ...table.getCenterLeafHeaders(), ...table.getRightLeafHeaders()];
  // What every body row draws, built once a render of the table, not once a row or a scroll:
  // the columns shown, in order, each with its cell style and where it lies across the table.
  // Rows are memoised on it.
  let across = 0;
  const rowView: RowView<Row> = {
    cells: headers.map((h) => {
      const column = byField.get(h.column.id)!;
      const start = across;
      across += h.column.getSize();
      return { column, style: cellStyle(h.column, column.kind, false), onLink: linkable(column) ? openLink : undefined, start, end: across, pinned: !!h.column.getIsPinned() };
    }),
    offset: list.offset,
    getRowProps: list.getRowProps,
    lang,
    t,
    radioName: `${code}-row`,
  };

  return (
    <Stack gap="2" data-part="data-table" data-testid={testId} data-settings-state={settings.state}>
      <HStack justify="space-between" gap="2" data-part="toolbar">
        <HStack gap="2" wrap="wrap">
          {typeof toolbar === 'function'
            ? toolbar({
                visibleColumns: headers
                  .map((h) => byField.get(h.column.id)!)
                  .filter((c) => !NON_DATA_KINDS.has(c.kind))
                  .map((c) => ({ field: c.field, label: labelOf(c.field) })),
              })
            : toolbar}
        </HStack>
        <ColumnSettings api={settings} labelOf={labelOf} />
      </HStack>
      {!settings.open && <ErrorAlert message={settings.error} />}
      <PagedList api={list} empty={t('table.empty')}>
        {(rows) => (
          <VirtualRows
            table={table}
            rows={table.getRowModel().rows}
            count={rows.length}
            headers={headers.map((h) => {
              const column = byField.get(h.column.id)!;
              return (
                <HeaderCell
                  key={h.id}
                  column={column}
                  label={labelOf(column.field)}
                  style={cellStyle(h.column, column.kind, true)}
                  sort={sort}
                  onSortChange={h.column.getCanSort() ? onSortChange : undefined}
                  resizeHandler={h.column.getCanResize() ? h.getResizeHandler() : undefined}
                  resizing={h.column.getIsResizing()}
                  selectAll={
                    column.kind === 'checkbox'
                      ? { checked: table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false, onChange: (v) => table.toggleAllRowsSelected(v) }
                      : undefined
                  }
                />
              );
            })}
            maxHeight={maxHeight}
            view={rowView}
          />
        )}
      </PagedList>
    </Stack>
  );
}

/** Width and alignment of the column's kind (portal-shell §9), and for the header and fixed columns, where it sticks (CSS position: sticky). */
function cellStyle<Row>(column: Column<Row>, kind: ColumnKind, header: boolean): CSSProperties {
  const size = column.getSize();
  // A body cell needs no more than its width and alignment: the fixed table layout takes the
  // columns' widths from the header, and the row's height is BODY_CSS's (fewer inline
  // properties for React to set on each cell a scroll draws).
  const style: CSSProperties = header ? { width: size, minWidth: size, maxWidth: size, height: HEADER_HEIGHT, textAlign: columnLayout(kind).align } : { width: size, textAlign: columnLayout(kind).align };
  const pinned = column.getIsPinned();
  if (header) Object.assign(style, { position: 'sticky', top: 0, zIndex: pinned ? 3 : 2 });
  if (pinned === 'left') Object.assign(style, { position: 'sticky', left: column.getStart('left'), zIndex: header ? 3 : 1 });
  if (pinned === 'right') Object.assign(style, { position: 'sticky', right: column.getAfter('right'), zIndex: header ? 3 : 1 });
  if (pinned || header) style.background = 'var(--chakra-colors-bg)';
  if (pinned === 'left' && column.getIsLastColumn('left')) style.boxShadow = 'inset -1px 0 0 var(--chakra-colors-border)';
  if (pinned === 'right' && column.getIsFirstColumn('right')) style.boxShadow = 'inset 1px 0 0 var(--chakra-colors-border)';
  return style;
}

/**
 * The body's rows and cells styled from one class on the body (Chakra's table recipe, `sm`
 * and `line`, as `Table.Row` and `Table.Cell` had it, and a link cell's `Link` underline):
 * a cell is a plain `<td>`, so drawing one resolves no style props (issue 16: per-cell style
 * props were most of a scrolled frame's work).
 */
const BODY_CSS: SystemStyleObject = {
  '& > tr[data-part="row"]': { bg: 'bg', height: `${ROW_HEIGHT}px` },
  '& > tr[data-part="row"][data-selected]': { bg: 'colorPalette.subtle' },
  // `clip`, not `hidden`: the text is cut with its ellipsis all the same, but the cell is not a
  // scroll container, which Chromium gives a layer and a scrollable area of its own (issue 16:
  // each of the ~420 cells a fling draws anew every frame).
  '& > tr[data-part="row"] > td': { textAlign: 'start', borderBottomWidth: '1px', px: '2', py: '0', whiteSpace: 'nowrap', overflow: 'clip', textOverflow: 'ellipsis' },
  // Browsers without `clip` (Firefox before 81, Chromium before 90) cut with `hidden`, as before.
  '@supports not (overflow: clip)': { '& > tr[data-part="row"] > td': { overflow: 'hidden' } },
  // A row drawn quick in a fling (nextQuickRows) shows a link's text with the link's look, without its button.
  '& > tr[data-quick] > td[data-kind="link"]': { color: 'blue.fg', textDecoration: 'underline', textUnderlineOffset: '3px', textDecorationColor: 'currentColor/20' },
  '& [data-part="row-check"]': { display: 'inline-flex', verticalAlign: 'middle', position: 'relative', cursor: 'pointer' },
  '& [data-part="row-check"] > [data-part="control"]': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: '0',
    boxSize: '4',
    borderWidth: '1px',
    borderColor: 'border.emphasized',
    borderRadius: 'l1',
    color: 'colorPalette.contrast',
    '& > svg': { boxSize: 'full' },
  },
  '& [data-part="row-check"] > [data-state="checked"]': { bg: 'colorPalette.solid', borderColor: 'colorPalette.solid' },
  '& [data-part="row-check"] > input:focus-visible + [data-part="control"]': { outline: '2px solid', outlineOffset: '2px', outlineColor: 'colorPalette.focusRing' },
  '& button[data-part="link"]': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    maxW: 'full',
    cursor: 'pointer',
    borderRadius: 'l1',
    outline: 'none',
    focusVisibleRing: 'outside',
    color: 'blue.fg',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    textDecorationColor: 'currentColor/20',
  },
  ...ROW_BUTTON_CSS,
};

/**
 * The scrolled area: the sticky header, then only the rows in view (RowsInView). A scroll
 * re-renders RowsInView only, not this frame of Chakra components around it.
 */
function VirtualRows<Row>({ table, rows, count, headers, maxHeight, view }: { table: ReturnType<typeof useReactTable<Row>>; rows: TableRow<Row>[]; count: number; headers: ReactNode[]; maxHeight: string | number; view: RowView<Row> }) {
  // State, not a ref: the rows below need the element, and a ref would not be set yet when their effects first run.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  return (
    <Box ref={setScrollElement} overflow="auto" maxH={maxHeight} position="relative" borderWidth="1px" borderRadius="sm" data-part="scroll" data-testid="data-table-scroll">
      <Table.Root size="sm" variant="line" style={{ tableLayout: 'fixed', width: table.getTotalSize(), borderCollapse: 'separate', borderSpacing: 0 }} aria-rowcount={count + 1}>
        <Table.Header>
          <Table.Row aria-rowindex={1}>{headers}</Table.Row>
        </Table.Header>
        <Table.Body css={BODY_CSS}>
          <RowsInView scrollElement={scrollElement} rows={rows} count={count} span={headers.length || 1} view={view} />
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/**
 * Only the rows in view (TanStack Virtual), with spacer rows above and below standing for the
 * others, so the scrollbar is the whole page's. Rows already drawn are memoised (BodyRow), so
 * a scroll's frame draws just the rows coming into view.
 */
function RowsInView<Row>({ scrollElement, rows, count, span, view }: { scrollElement: HTMLDivElement | null; rows: TableRow<Row>[]; count: number; span: number; view: RowView<Row> }) {
  const quickRows = useRef<QuickRows>(NO_QUICK_ROWS);
  // The same virtualiser every render: whether the list still moves is known before this render asks it for rows.
  const instance = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  // In a fling (the last draw jumped and the list still moves) no rows beyond those in view:
  // the next frame replaces them all the same. Back to OVERSCAN once it settles or slows.
  const flinging = !!instance.current?.isScrolling && quickRows.current.jumps > 0;
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: flinging ? 0 : OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
    observeElementRect: observeRect,
    isScrollingResetDelay: SCROLL_SETTLE_MS,
  });
  instance.current = virtualizer;
  const items = virtualizer.getVirtualItems();
  const ids = items.map((item) => rows[item.index]!.id);
  const keys = useRowSlots(ids, scrollElement);
  quickRows.current = nextQuickRows(quickRows.current, ids, virtualizer.isScrolling, focusInside(scrollElement));
  const quick = quickRows.current.quick;
  const [shownFrom, shownTo] = quick.size > 0 ? shownAcross(scrollElement) : NOT_QUICK;
  const top = items.length > 0 ? items[0]!.start - HEADER_HEIGHT : 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - HEADER_HEIGHT) : 0;
  return (
    <>
      {top > 0 && (
        <tr aria-hidden="true" data-part="spacer">
          <td colSpan={span} style={{ height: top, padding: 0, border: 0 }} />
        </tr>
      )}
      {items.map((item, i) => {
        const row = rows[item.index]!;
        const [from, to] = quick.has(row.id) ? [shownFrom, shownTo] : NOT_QUICK;
        return <BodyRow key={keys[i]} row={row} index={item.index} selected={row.getIsSelected()} quickFrom={from} quickTo={to} view={view} />;
      })}
      {bottom > 0 && (
        <tr aria-hidden="true" data-part="spacer">
          <td colSpan={span} style={{ height: bottom, padding: 0, border: 0 }} />
        </tr>
      )}
    </>
  );
}

/**
 * The React key of each row drawn, so that a scroll reuses the `<tr>`s of the rows leaving
 * view for the rows coming in (their cells' text updated in place) instead of unmounting some
 * and mounting others: a fling brings a whole screen of new rows every frame, and making their
 * elements was most of its work. A row still in view keeps its key (nothing of it is drawn
 * again). The rows coming in take the keys of those leaving, in order, when they come in below
 * the rest or replace them all, so React moves only the rows coming in, or none; coming in above
 * (scrolling up) they get new keys, as moving the others down would cost more than new rows.
 * Nothing is reused while the focus is in the body (the focused element would come to stand for
 * another row); a column's own `render` is keyed by the row itself (ColumnRender), so no state
 * of one row's cell passes to another.
 */
function useRowSlots(ids: string[], scrollElement: HTMLElement | null): string[] {
  const slots = useRef<{ byRow: Map<string, string>; made: number }>({ byRow: new Map(), made: 0 });
  const { byRow } = slots.current;
  const next = new Map<string, string>();
  const inView = new Set(ids);
  const freed: string[] = [];
  for (const [id, key] of byRow) if (!inView.has(id)) freed.push(key);
  // Rows coming in above one that stays (scrolling up) get keys of their own.
  const firstStaying = ids.findIndex((id) => byRow.has(id));
  const reuse = freed.length > 0 && firstStaying <= 0 && !focusInside(scrollElement);
  let f = 0;
  const keys = ids.map((id) => {
    const key = byRow.get(id) ?? (reuse && f < freed.length ? freed[f++]! : `r${slots.current.made++}`);
    next.set(id, key);
    return key;
  });
  slots.current.byRow = next;
  return keys;
}

/** Which rows in view are drawn quick, and what the last draw showed. */
interface QuickRows {
  /** The rows drawn last, by id. */
  inView: ReadonlySet<string>;
  /** Those of them drawn quick (quickCellContent): their cells' text, no widgets. */
  quick: ReadonlySet<string>;
  /** Draws in a row, while scrolling, that shared no row with the draw before (the list moved more than its rows in view). */
  jumps: number;
}

const NO_QUICK_ROWS: QuickRows = { inView: new Set(), quick: new Set(), jumps: 0 };

/**
 * Issue 16, a fling: while the list moves more than a screen a frame, every frame draws a whole
 * screen of new rows, most of whose widgets (a column's own `render`, such as a row's action
 * buttons; tick boxes; link buttons) nobody can see or use before the next frame replaces them.
 * From the second such frame in a row, the rows are drawn quick (quickCellContent: the cells'
 * text, a tick box's look, no widgets; only in the columns in view across, shownAcross); once the scroll settles (SCROLL_SETTLE_MS after its last event)
 * every row is drawn in full again. A row drawn quick stays so while the list keeps moving, as
 * drawing it again would cost what was saved; rows coming in while the list moves less than a
 * screen a frame (a wheel, a slowing fling) are drawn in full, as are all rows while the list is
 * still or the focus is in the body (a focused widget is never taken away). One jump alone (the
 * End key, a click on the scrollbar's track) draws full rows: it is not followed by more.
 */
function nextQuickRows(last: QuickRows, ids: readonly string[], scrolling: boolean, focusInBody: boolean): QuickRows {
  const inView = new Set(ids);
  if (!scrolling || focusInBody) return { inView, quick: NO_QUICK_ROWS.quick, jumps: 0 };
  // Drawn again in the same place (a ticked row, the table's props): nothing changes.
  if (sameIds(last.inView, ids)) return last;
  const jumped = last.inView.size > 0 && !ids.some((id) => last.inView.has(id));
  if (jumped) {
    const jumps = last.jumps + 1;
    return { inView, quick: jumps >= 2 ? inView : new Set(), jumps };
  }
  return { inView, quick: new Set(ids.filter((id) => last.quick.has(id))), jumps: 0 };
}

/** A row drawn in full: BodyRow's quickFrom and quickTo. */
const NOT_QUICK = [0, 0] as const;

/**
 * The part of the table's width the box shows (px from the table's left edge): a row drawn quick
 * draws text only in the columns there, as laying out the others' text (a 20-column table is
 * often twice the box's width) would be for nothing. Read from the box during the scroll event,
 * when its layout is clean; all of it when the box has no layout (jsdom).
 */
function shownAcross(box: HTMLElement | null): readonly [number, number] {
  const width = box?.clientWidth ?? 0;
  return width > 0 ? [box!.scrollLeft, box!.scrollLeft + width] : [0, Infinity];
}

const sameIds = (set: ReadonlySet<string>, ids: readonly string[]) => set.size === ids.length && ids.every((id) => set.has(id));

const focusInside = (element: HTMLElement | null) => {
  const active = element?.ownerDocument.activeElement;
  return !!active && !!element && element.contains(active) && active.closest('tbody') !== null;
};

/** What each body row draws: built by the table once a render (see DataTable). */
interface RowView<Row> {
  /**
   * The columns shown, in order, with their cells' width, alignment and sticking, and where each
   * lies across the table (px from its left edge; a fixed column sticks in view wherever that is).
   */
  cells: Array<{ column: TableColumn<Row>; style: CSSProperties; onLink?: (row: Row, column: TableColumn<Row>) => void; start: number; end: number; pinned: boolean }>;
  offset: number;
  getRowProps: TableList<Row>['getRowProps'];
  lang: Language;
  t: (key: string, params?: Record<string, unknown>) => string;
  radioName: string;
}

/**
 * One body row. Memoised: its props change only when the row, its place, its ticking or the
 * table's view do, so scrolling does not draw the rows that stay in view again. A row drawn
 * quick in a fling (nextQuickRows) has `quickFrom` < `quickTo`, the part of the table's width
 * in view (shownAcross): its cells' text there, its other cells empty.
 */
const BodyRow = memo(function BodyRow<Row>({ row, index, selected, quickFrom, quickTo, view }: BodyRowProps<Row>) {
  const seq = view.offset + index + 1;
  const quick = quickFrom < quickTo;
  return (
    <tr {...view.getRowProps(row.original, index)} aria-rowindex={index + 2} data-selected={selected ? '' : undefined} data-quick={quick ? '' : undefined}>
      {view.cells.map(({ column, style, onLink, start, end, pinned }) => (
        <td key={column.field} style={style} data-kind={column.kind}>
          {!quick
            ? cellContent(column, row, index, seq, view, onLink ? () => onLink(row.original, column) : undefined)
            : pinned || (end > quickFrom && start < quickTo)
              ? quickCellContent(column, row, seq, selected, view)
              : null}
        </td>
      ))}
    </tr>
  );
}) as <Row>(props: BodyRowProps<Row>) => ReactNode;

interface BodyRowProps<Row> {
  row: TableRow<Row>;
  index: number;
  selected: boolean;
  quickFrom: number;
  quickTo: number;
  view: RowView<Row>;
}

const SortButton = chakra('button', { base: { display: 'inline-flex', alignItems: 'center', gap: '1', cursor: 'pointer', font: 'inherit', color: 'inherit', maxW: 'full', _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' } } });

function HeaderCell<Row>({
  column,
  label,
  style,
  sort,
  onSortChange,
  resizeHandler,
  resizing,
  selectAll,
}: {
  column: TableColumn<Row>;
  label: string;
  style: CSSProperties;
  sort: SortState | null;
  onSortChange?: (next: SortState | null) => void;
  resizeHandler?: (event: unknown) => void;
  resizing: boolean;
  selectAll?: { checked: boolean | 'indeterminate'; onChange: (value: boolean) => void };
}) {
  const { t } = useI18n();
  const order = sort?.field === column.field ? sort.order : null;
  const next = nextSort(sort, column.field);
  const hint = t(next === null ? 'table.sort.toNone' : next.order === 'asc' ? 'table.sort.toAsc' : 'table.sort.toDesc', { column: label });
  return (
    <Table.ColumnHeader
      style={style}
      px="2"
      whiteSpace="nowrap"
      overflow="hidden"
      textOverflow="ellipsis"
      data-kind={column.kind}
      data-field={column.field}
      aria-sort={onSortChange ? (order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none') : undefined}
    >
      {selectAll ? (
        <Checkbox.Root size="sm" verticalAlign="middle" checked={selectAll.checked} onCheckedChange={(d) => selectAll.onChange(d.checked === true)}>
          <Checkbox.HiddenInput aria-label={t('table.selectAll')} />
          <Checkbox.Control />
        </Checkbox.Root>
      ) : SELECT_KINDS.has(column.kind) ? (
        <VisuallyHidden>{label}</VisuallyHidden>
      ) : onSortChange ? (
        <SortButton type="button" title={hint} data-part="sort" data-state={order ?? 'none'} onClick={() => onSortChange(next)}>
          <chakra.span truncate>{label}</chakra.span>
          <span aria-hidden="true">{order === 'asc' ? '▲' : order === 'desc' ? '▼' : '⇅'}</span>
          <VisuallyHidden>{t(order ? `table.sort.${order}` : 'table.sort.none')}</VisuallyHidden>
        </SortButton>
      ) : (
        label
      )}
      {resizeHandler && (
        <Box
          role="separator"
          aria-orientation="vertical"
          aria-label={t('table.resize', { column: label })}
          data-part="resizer"
          data-state={resizing ? 'resizing' : 'idle'}
          position="absolute"
          top="0"
          right="0"
          h="full"
          w="6px"
          cursor="col-resize"
          userSelect="none"
          touchAction="none"
          bg={resizing ? 'colorPalette.solid' : 'transparent'}
          _hover={{ bg: 'border.emphasized' }}
          onMouseDown={resizeHandler}
          onTouchStart={resizeHandler}
          onDoubleClick={(e) => e.stopPropagation()}
        />
      )}
    </Table.ColumnHeader>
  );
}

/**
 * A cell's content. Called as a function, not rendered as a component: a scroll mounts every
 * cell of the rows coming into view, and a component here would be one more fiber for each.
 * What a column's own `render` draws stays in a component of its own (it may use hooks).
 */
function cellContent<Row>(column: TableColumn<Row>, row: TableRow<Row>, index: number, seq: number, view: RowView<Row>, onLink?: () => void): ReactNode {
  if (column.render) return <ColumnRender key={row.id} render={column.render} row={row.original} index={index} />;
  const value = (row.original as Cells)[column.field];
  switch (column.kind) {
    case 'seq':
      return seq;
    case 'checkbox':
      return rowCheck(row.getIsSelected(), view.t('table.selectRow', { n: seq }), (checked) => row.toggleSelected(checked));
    case 'radio':
      return <input type="radio" name={view.radioName} aria-label={view.t('table.selectRow', { n: seq })} checked={row.getIsSelected()} onChange={() => row.toggleSelected(true)} />;
    case 'amount':
      return amountText(value, view.lang, column.decimals);
    default: {
      const text = column.format ? column.format(value, row.original) : cellText(value);
      if (column.kind === 'link' && onLink && text !== '')
        return (
          <button type="button" data-part="link" onClick={onLink}>
            {cutTextNode(text)}
          </button>
        );
      return cutTextNode(text);
    }
  }
}

/**
 * A cell of a row drawn quick in a fling (nextQuickRows): what it shows, as text, without its
 * widgets. Seq, amounts and text as in full (long text cut, without its hover title); a link's
 * text in the link's look (BODY_CSS); a tick box's look, ticked or not, without its input; a
 * radio and a column's own `render` (action buttons, badges) empty until the scroll settles.
 */
function quickCellContent<Row>(column: TableColumn<Row>, row: TableRow<Row>, seq: number, selected: boolean, view: RowView<Row>): ReactNode {
  if (column.render) return null;
  const value = (row.original as Cells)[column.field];
  switch (column.kind) {
    case 'seq':
      return seq;
    case 'checkbox':
      return (
        <span data-part="row-check">
          <span data-part="control" data-state={selected ? 'checked' : 'unchecked'} aria-hidden="true">
            {selected && CHECK_MARK}
          </span>
        </span>
      );
    case 'radio':
      return null;
    case 'amount':
      return amountText(value, view.lang, column.decimals);
    default:
      return cutText(column.format ? column.format(value, row.original) : cellText(value)).text;
  }
}

function ColumnRender<Row>({ render, row, index }: { render: NonNullable<TableColumn<Row>['render']>; row: Row; index: number }) {
  return <>{render(row, index)}</>;
}

/**
 * A row's tick box: Chakra's `sm` solid checkbox drawn with plain elements (a native input,
 * visually hidden, and its box styled from BODY_CSS), not a Checkbox machine per row, which a
 * fast scroll would start and stop for every row it passes.
 */
function rowCheck(checked: boolean, label: string, onChange: (checked: boolean) => void): ReactNode {
  return (
    <label data-part="row-check">
      <input type="checkbox" aria-label={label} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} style={VISUALLY_HIDDEN} />
      <span data-part="control" data-state={checked ? 'checked' : 'unchecked'} aria-hidden="true">
        {checked && CHECK_MARK}
      </span>
    </label>
  );
}

const CHECK_MARK = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3px" strokeLinecap="round" strokeLinejoin="round">
    <polyline points="20 6 9 17 4 12" />
  </svg>
);

/** Chakra's VisuallyHidden as a plain style: no style props to resolve in a cell. */
const VISUALLY_HIDDEN = visuallyHiddenStyle as CSSProperties;

/** Widgets §9: long text cut with an ellipsis; the whole shows on hover and is what screen readers read. */
function cutTextNode(text: string): ReactNode {
  const shown = cutText(text);
  if (!shown.cut) return text;
  return (
    <span title={text} data-part="cut-text">
      <span aria-hidden="true">{shown.text}</span>
      <span style={VISUALLY_HIDDEN}>{text}</span>
    </span>
  );
}
