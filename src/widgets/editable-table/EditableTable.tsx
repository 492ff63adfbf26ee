import { useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Button, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { rowEditMachine, type FieldValue, type Row, type SaveRowInput, type ValidateRow } from '../../machines/row-edit.machine';
import { connectRowEdit, type RowEditApi } from '../../machines/row-edit.connect';
import type { PagedListApi } from '../../machines/paged-list.connect';
import type { ColumnKind } from '../../shared/column-layout';
import { ROW_STATUS_ADD, ROW_STATUS_FIELD, USER_TYPE_ADMIN } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { ErrorAlert } from '../ErrorAlert';
import { Pager } from '../paged-list/Pager';
import { ShellContext } from '../shell-context';
import { ColumnSettings } from '../table/ColumnSettings';
import { useColumnSettings, type ColumnSettingsCalls } from '../table/useColumnSettings';
import { csvText, downloadCsv, exportFileName } from './csv';

export interface EditableColumn {
  field: string;
  header: string;
  /** `saved`: typed only in a new row (a key such as a code); `always`: never typed here. */
  lock?: 'saved' | 'always';
  /** The kind's default width and its column-settings entry (portal-shell §9); text by default. */
  kind?: ColumnKind;
}

/** The paged list the rows come from (what `usePagedList` returns): its page, and its pager. */
export type EditableList = Pick<PagedListApi<Row>, 'rows' | 'getPaginationProps' | 'getPageSizeProps' | 'busy' | 'page' | 'pages' | 'hasPager' | 'empty'>;

export interface EditableTableProps {
  columns: readonly EditableColumn[];
  /** The rows at mount (the machine owns them afterwards); with `list`, its page instead. */
  rows: Row[];
  rowKey: string;
  /** A new row's values. */
  blank: Record<string, FieldValue>;
  validate: ValidateRow;
  /** Saves one row; resolves with the saved row (a new row's key) or nothing. */
  saveRow: (input: SaveRowInput) => Promise<Row | null | undefined>;
  testId?: string;
  /** The page's code: the column settings (order, shown, width) are the user's under it; the toolbar shows their icon. */
  code?: string;
  /** A paged list: the pager shows under the table, and each page it loads replaces the rows (never while one is edited). */
  list?: EditableList;
  /** The export's file name, without extension: the toolbar's export button writes the rows shown as CSV. */
  exportName?: string;
  /** More toolbar buttons, after Add. */
  toolbar?: ReactNode;
  /** Shows the `exist` settings tab; by default the shell's user is asked (userType 1). */
  isAdmin?: boolean;
  /** Where column settings are kept (default: the server). */
  settingsCalls?: ColumnSettingsCalls;
}

/** A table without a page code keeps no settings: every column shown, in the declared order. */
const NO_SETTINGS: ColumnSettingsCalls = {
  load: async () => ({ customOrder: null }),
  save: async () => null,
};

/** The row-edit machine of one table, with the caller's save. */
function useRowEdit(props: EditableTableProps) {
  const saveRef = useRef(props.saveRow);
  saveRef.current = props.saveRow;
  const logic = useMemo(
    () => rowEditMachine.provide({ actors: { saveRow: fromPromise<Row | null | undefined, SaveRowInput>(({ input }) => saveRef.current(input)) } }),
    [],
  );
  const [snapshot, send] = useMachine(logic, { input: { rows: props.list?.rows ?? props.rows, rowKey: props.rowKey, blank: props.blank, validate: props.validate } });
  // A page the list loaded replaces the rows; the pager is locked while a row is active, so none is lost.
  const listRows = props.list?.rows;
  const seen = useRef(listRows);
  useEffect(() => {
    if (!listRows || listRows === seen.current) return;
    seen.current = listRows;
    send({ type: 'ROWS.LOAD', rows: listRows });
  }, [listRows, send]);
  return connectRowEdit(snapshot, send);
}

/**
 * Where the keyboard is while rows open and close. Add or Edit opens a row: the focus goes to its
 * first field that can be typed in (the Edit button pressed is gone, and a new row is typed into
 * next). Save or Cancel closes it, taking its buttons away: a focus left nowhere goes to the row's
 * Edit button (found by its key, or where it stood: a saved new row takes the server's key), or to
 * Add when the row is gone (a new row cancelled). A save the server refused leaves the row open:
 * a focus lost meanwhile goes back into it. A focus the user put elsewhere stays there.
 */
function useRowFocus(root: RefObject<HTMLElement | null>, api: Pick<RowEditApi, 'activeKey' | 'busy'>) {
  const last = useRef({ key: api.activeKey, busy: api.busy, index: -1 });
  useLayoutEffect(() => {
    const before = last.current;
    const element = root.current;
    const rowEls = () => (element ? Array.from(element.querySelectorAll<HTMLElement>('[data-part=row]')) : []);
    const rowOf = (key: string | null) => rowEls().find((r) => r.getAttribute('data-key') === key);
    const index = api.activeKey === null ? before.index : rowEls().indexOf(rowOf(api.activeKey)!);
    last.current = { key: api.activeKey, busy: api.busy, index };
    if (!element || (before.key === api.activeKey && before.busy === api.busy)) return;
    const firstField = (row: HTMLElement | undefined) => row?.querySelector<HTMLElement>('input[aria-invalid=true]:not([readonly])') ?? row?.querySelector<HTMLElement>('input:not([readonly])');
    if (api.activeKey !== null && before.key !== api.activeKey) {
      firstField(rowOf(api.activeKey))?.focus();
      return;
    }
    const doc = element.ownerDocument;
    const active = doc.activeElement as HTMLElement | null;
    const lost = !active || active === doc.body || !active.isConnected || (element.contains(active) && (active.checkVisibility?.() === false || (active as HTMLButtonElement).disabled === true));
    if (!lost) return;
    if (api.activeKey !== null) {
      if (!api.busy) firstField(rowOf(api.activeKey))?.focus();
      return;
    }
    const row = rowOf(before.key) ?? rowEls()[before.index];
    (row?.querySelector<HTMLElement>('[data-part=edit]') ?? element.querySelector<HTMLElement>('[data-part=add]'))?.focus();
  });
}

const messageOf = (error: unknown): { key: string; params?: Record<string, unknown> } | string =>
  error && typeof error === 'object' && 'key' in error ? (error as { key: string; params?: Record<string, unknown> }) : String(error);

/**
 * An editable table (widget-library §2 "Editable data table", §4 "Table row edit"): one row at a
 * time is edited in place, with inputs per column; add, edit, save and cancel. As the paged
 * table: a toolbar (Add, the caller's buttons, export, the column settings icon), the column
 * settings popover (order, shown, width; saved per user under `code`) and the pager of its paged
 * list. The machines decide; this renders.
 */
export function EditableTable(props: EditableTableProps) {
  useLocaleModule('table');
  const { t } = useI18n();
  const shell = useContext(ShellContext);
  const api = useRowEdit(props);
  const rootRef = useRef<HTMLDivElement>(null);
  useRowFocus(rootRef, api);
  const admin = props.isAdmin ?? shell?.user?.userType === USER_TYPE_ADMIN;
  const settingsColumns = useMemo(() => props.columns.map((c) => ({ field: c.field, kind: c.kind ?? 'text' })), [props.columns]);
  const settings = useColumnSettings(props.code ?? '', settingsColumns, admin, props.code ? props.settingsCalls : NO_SETTINGS);
  const byField = useMemo(() => new Map(props.columns.map((c) => [c.field, c])), [props.columns]);
  const { columnOrder, columnVisibility, columnSizing } = settings.layout;
  const shown = columnOrder.filter((f) => columnVisibility[f] !== false && byField.has(f)).map((f) => byField.get(f)!);
  const labelOf = (field: string) => byField.get(field)?.header ?? field;
  const say = (error: unknown) => {
    const m = messageOf(error);
    return typeof m === 'string' ? m : t(m.key, m.params);
  };

  const exportRows = () => {
    const rows = api.rows.filter((r) => r[ROW_STATUS_FIELD] !== ROW_STATUS_ADD);
    const text = csvText(
      shown.map((c) => c.header),
      rows.map((r) => shown.map((c) => r[c.field])),
    );
    downloadCsv(exportFileName(props.exportName ?? 'export', new Date()), text);
  };
  const exportProps = api.getExportProps();

  return (
    <Stack ref={rootRef} gap="2" {...api.getRootProps()} data-testid={props.testId} data-settings-state={settings.state}>
      <HStack justify="space-between" gap="2" data-part="toolbar">
        <HStack gap="2" wrap="wrap">
          <Button size="xs" {...api.getAddProps()}>{t('table.rowEdit.add')}</Button>
          {props.toolbar}
          {props.exportName !== undefined && (
            <Button size="xs" variant="outline" {...exportProps} title={t('table.rowEdit.exportTitle')} onClick={exportRows}>
              {t('table.rowEdit.export')}
            </Button>
          )}
          {api.refusal ? <Text role="alert" color="fg.warning" fontSize="sm">{t(api.refusal)}</Text> : null}
          {api.failure ? <Text role="alert" color="fg.error" fontSize="sm">{api.failure}</Text> : null}
        </HStack>
        {props.code ? <ColumnSettings api={settings} labelOf={labelOf} /> : null}
      </HStack>
      {!settings.open && <ErrorAlert message={settings.error} />}
      <Box overflowX="auto">
        <Table.Root size="sm" variant="line" style={{ tableLayout: 'fixed' }}>
          <Table.Header>
            <Table.Row>
              {shown.map((c) => (
                <Table.ColumnHeader key={c.field} data-field={c.field} style={{ width: columnSizing[c.field] }}>{c.header}</Table.ColumnHeader>
              ))}
              <Table.ColumnHeader style={{ width: 160 }}>{t('table.kind.operation')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {api.rows.map((row) => {
              const active = api.rowState(row) !== 'idle';
              return (
                <Table.Row key={api.keyOf(row)} {...api.getRowProps(row)}>
                  {shown.map((c) => {
                    const { onChange, error, value, readOnly: busyOrIdle, ...cell } = api.getCellProps(row, c.field);
                    const readOnly = busyOrIdle || c.lock === 'always' || (c.lock === 'saved' && api.rowState(row) !== 'add');
                    return (
                      <Table.Cell key={c.field} {...cell}>
                        {active ? (
                          <>
                            <Input size="xs" aria-label={c.header} value={String(value)} readOnly={readOnly} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
                            {error ? <Text color="fg.error" fontSize="xs">{say(error)}</Text> : null}
                          </>
                        ) : (
                          String(value)
                        )}
                      </Table.Cell>
                    );
                  })}
                  <Table.Cell>
                    {active ? (
                      <HStack gap="1">
                        <Button size="xs" {...api.getSaveProps()}>{t('table.rowEdit.save')}</Button>
                        <Button size="xs" variant="outline" {...api.getCancelProps()}>{t('table.rowEdit.cancel')}</Button>
                      </HStack>
                    ) : (
                      <Button size="xs" variant="ghost" {...api.getEditProps(row)}>{t('table.rowEdit.edit')}</Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      {props.list?.hasPager && !props.list.empty ? <Pager api={props.list} pagerProps={api.getPagerProps()} /> : null}
    </Stack>
  );
}
