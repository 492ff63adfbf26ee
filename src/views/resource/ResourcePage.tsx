import { use, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Button, HStack, Heading, Stack } from '@chakra-ui/react';
import { useSearch } from 'wouter';
import { labelOf } from '../../resources/define';
import { RESOURCES } from '../../resources';
import { shownOnPage, viewsOf, type ResourceView } from '../../resources/pages';
import { filterSchemas } from '../../resources/schema';
import { COLUMN_WIDTH } from '../../shared/constants';
import { formatDateTimeFull } from '../../shared/date-format';
import { resourceApi, type ResourceRow } from '../../services/api/resources';
import { dictionaryTexts, forgetPartialTexts, type DictionaryColumn } from '../../services/dictionaries';
import { familyDictionary, familyOf } from '../../resources/field-choice';
import { useFunctionDisplay } from '../../services/function-display';
import { ask } from '../../services/http/questions';
import { I18nProvider, useI18n } from '../../services/i18n/react';
import { usePagedList, type FetchPage } from '../../widgets/paged-list/usePagedList';
import { DataTable, tablePaging, type SortState, type TableColumn } from '../../widgets/table';
import { QueryForm, resourceQueryFields, useQueryPage } from '../../widgets/query-form';
import { EditFormContainer } from './edit-form/EditFormContainer';
import type { FlowMode } from '../../machines/save-submit.machine';
import { sendReview, type Review } from './edit-form/ReviewPanel';
import { RowActions, type RowIntent } from './RowActions';
import { RESOURCE_EXTRAS } from './extras';
import { ExportDialog } from '../../widgets/export/ExportDialog';
import { ImportDialog } from '../../widgets/import/ImportDialog';
import { exportTableUrl, type ExportRequest } from '../../shared/contract/export';
import { session } from '../../services/storage';
import { pageModules } from '../../widgets/page-modules';

/** Ours: the operation column grows by this much on pages whose family adds row actions (users, duties). */
const OPERATION_EXTRAS_WIDTH = 80;
/** Ours: a record's own time in full (yyyy-MM-dd HH:mm:ss) without an ellipsis. */
const TIME_COLUMN_WIDTH = 180;

/** A change to the rows the list runs, then reloads its page. */
interface RowCall {
  call: string;
  body: Record<string, unknown>;
}

type Open = { mode: 'add' } | { mode: 'edit' | 'view' | 'approval'; id: number } | null;

/**
 * The one query page every resource has (issue 10): its title, the add button, the paged table
 * of its records with the lifecycle's buttons on each row, and its form in a side drawer
 * (86.1% wide). Everything comes from the definition; no resource has a page of its own. A page
 * with hidden params (src/resources/pages.ts) sends them with every query, has no filter or
 * column for them, and its forms start with them fixed. The user's hide-button map (widgets §6;
 * src/services/function-display.ts) hides, for the page's function, the toolbar's and rows'
 * buttons whose functionDisplay is false and the query parameters it lists (the definition's and
 * its query template's); the same map reaches the family's own actions (extras), the edit form's
 * bar and the review's decisions: here, for every page.
 */
function ResourcePage({ view }: { view: ResourceView }) {
  const { def, hidden } = view;
  const { t, lang } = useI18n();
  const api = useMemo(() => resourceApi(def), [def]);
  const display = useFunctionDisplay(view.path);
  const [open, setOpen] = useState<Open>(null);
  // Widgets §4: the approval form reads its field config's code from the route parameter approvalField.
  const approvalField = new URLSearchParams(useSearch()).get('approvalField');
  const fetchPage: FetchPage<ResourceRow> = useCallback(({ start, limit, params }) => api.query({ start, limit, ...params }), [api]);
  const runAction = useCallback((action: RowCall) => api.run(action.call, action.body), [api]);
  const list = usePagedList<ResourceRow, RowCall>(fetchPage, runAction, tablePaging(def.bigData), { waitForQuery: true });
  const [sort, setSort] = useState<SortState | null>(def.sort);
  // The filters of the last query: a new sort keeps them; a new query keeps the sort.
  const filters = useRef<Record<string, unknown>>({});
  const queryFields = useMemo(() => resourceQueryFields(def, lang).filter((f) => shownOnPage(view, f.name)), [def, view, lang]);
  const filterKeys = useMemo(() => new Set([...Object.keys(filterSchemas(def)), 'recordState', 'enabled']), [def]);
  const query = useQueryPage({
    code: view.code,
    fields: queryFields,
    // The map hides the page's own parameters and its template's (`query:<code>`) alike.
    param: display.param,
    onQuery: (all) => {
      // Extended filters (a `query:<code>` template) have no column in the resource's table: the
      // query call takes only the definition's filters, so they are not sent (docs/dynamic-forms.md).
      const params = { ...Object.fromEntries(Object.entries(all).filter(([key]) => filterKeys.has(key))), ...hidden };
      filters.current = params;
      list.load({ ...params, ...(sort ? { sort } : {}) });
    },
  });
  const title = view.label[lang];
  // Dictionary fields show their value's name; the page waits for the names (cached per language).
  const dictColumns = Object.entries(def.fields).flatMap(([name, f]): DictionaryColumn[] => {
    if (f.dict) return [{ field: name, dict: f.dict }];
    const family = familyOf(f);
    return family ? [{ field: name, on: family.on, dictOf: (followed) => familyDictionary(family.family, followed) }] : [];
  });
  // What the family offers beyond the generic page (users: passwords, locks, duty stations; duties: functions).
  const extras = RESOURCE_EXTRAS[def.code];
  const names = use(dictionaryTexts(def.code, dictColumns, lang));
  // Names a failed dictionary left as codes are asked for again once the page has been left.
  useEffect(() => () => forgetPartialTexts(def.code), [def.code]);
  const nameOf = (field: string, row: ResourceRow) => names.get(field)?.(row[field], row) ?? String(row[field] ?? '');

  const userId = session.get('loginUserInfo')?.id ?? null;
  const onIntent = async (intent: RowIntent) => {
    if (intent.kind !== 'call') {
      // A review is the record's form in approval mode, with the checker's decision under it.
      return setOpen({ mode: intent.kind === 'review' ? 'approval' : intent.kind, id: intent.row.id });
    }
    if (intent.confirm) {
      const yes = await ask({ title: t('resource.confirm.title'), message: t(`resource.confirm.${intent.call}`, { record: intent.row[def.title] == null ? String(intent.row.id) : nameOf(def.title, intent.row) }), ok: t('resource.confirm.ok'), cancel: t('resource.confirm.cancel'), danger: intent.call === 'delete' || intent.call === 'nullify' });
      if (!yes) return;
    }
    list.act({ call: intent.call, body: { id: intent.row.id, version: intent.row.version } });
  };
  // The review dialog waits for the answer: a refused decision stays there with what was typed.
  const decide = async (record: { id: number; version: number }, review: Review) => {
    await sendReview(def, record, review);
    list.refresh();
  };
  const columns: Array<TableColumn<ResourceRow>> = def.columns.filter((c) => shownOnPage(view, c.field)).map((c) => ({
    field: c.field,
    kind: c.kind,
    // Empty: the table names seq and operation columns itself.
    header: c.kind === 'seq' || c.kind === 'operation' ? '' : labelOf(def, c.field, lang),
    ...(c.kind === 'state' ? { render: (row: ResourceRow) => <span data-testid="record-state">{t(`resource.state.${row.recordState}${row.recordState === 'approved' && !row.enabled ? 'Disabled' : ''}`)}</span> } : {}),
    ...(c.kind === 'operation'
      ? {
          // A family's own actions need room beside the lifecycle's.
          ...(extras?.rowActions ? { width: COLUMN_WIDTH.operation + OPERATION_EXTRAS_WIDTH } : {}),
          render: (row: ResourceRow) => (
            <HStack gap="0" wrap="nowrap">
              <RowActions def={def} row={row} display={display} disabled={list.busy} onIntent={(intent) => void onIntent(intent)} userId={userId} />
              {extras?.rowActions && <extras.rowActions def={def} row={row} reload={list.refresh} display={display} />}
            </HStack>
          ),
        }
      : {}),
    ...(def.fields[c.field]?.type === 'bool' ? { format: (v: unknown) => t(v ? 'resource.yes' : 'resource.no') } : {}),
    // The record's own times travel as UTC ISO text: shown in the reader's time zone, in the
    // spec's full date-time (widgets §9), the same in both languages (the operation log's time).
    ...(c.field === 'createdAt' || c.field === 'updatedAt' ? { width: TIME_COLUMN_WIDTH, format: (v: unknown) => (typeof v === 'string' && v ? formatDateTimeFull(v) : '') } : {}),
    ...(names.has(c.field) ? { format: (_v: unknown, row: ResourceRow) => nameOf(c.field, row) } : {}),
    ...(def.fields[c.field]?.type === 'decimal' ? { decimals: def.fields[c.field]!.scale } : {}),
    ...(c.link ? { link: c.link } : {}),
  }));
  const onSaved = (row: ResourceRow | null, flow: FlowMode) => {
    // A reviewed record saved as a draft opens for editing, where it can be submitted (the add
    // form's bar has Save only, widgets §4).
    setOpen(open?.mode === 'add' && flow === 'save' && def.lifecycle === 'review' && row ? { mode: 'edit', id: row.id } : null);
    list.refresh();
  };

  return (
    <Stack gap="4" data-testid={`resource-${view.code}`}>
      <HStack justify="space-between" wrap="wrap">
        <Heading size="lg">{title}</Heading>
        <HStack wrap="wrap">
          {extras?.toolbar && <extras.toolbar def={def} view={view} reload={list.refresh} display={display} />}
          {display.button('refresh') && <Button size="sm" variant="outline" {...list.getRefreshProps()}>{t('resource.action.refresh')}</Button>}
          {!def.readOnly && display.button('add') && <Button size="sm" colorPalette="blue" onClick={() => setOpen({ mode: 'add' })}>{t('resource.action.add')}</Button>}
        </HStack>
      </HStack>
      <QueryForm page={query} />
      <DataTable<ResourceRow>
        key={view.code}
        code={view.code}
        columns={columns}
        list={list}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          list.load({ ...filters.current, ...(next ? { sort: next } : {}) });
        }}
        testId="resource-table"
        toolbar={({ visibleColumns }) => (
          <>
          {/* Whoever has the page may add its records, so may import them (the server checks the same grant). */}
          {def.import && display.button('import') && <ImportDialog def={def} onImported={() => list.refresh()} />}
          {display.button('export') && <ExportDialog
            fileName={title}
            columns={visibleColumns}
            total={list.total}
            disabled={list.state !== 'ready'}
            // The table's own query: its filters (hidden params included), sort and page.
            request={(choice) => ({
              fileName: choice.fileName,
              fileType: choice.fileType as ExportRequest['fileType'],
              exportColumn: choice.columns,
              exportType: choice.scope as ExportRequest['exportType'],
              total: choice.total,
              tableUrl: exportTableUrl(def.code),
              query: { ...filters.current, ...(sort ? { sort } : {}), start: list.page, limit: list.pageSize },
            })}
          />}
          </>
        )}
      />

      <EditFormContainer def={def} view={view} display={display} open={open} onDone={onSaved} onClose={() => setOpen(null)} approvalField={approvalField} onReview={(review, record) => decide(record, review)} />

    </Stack>
  );
}

/**
 * Every locale module a resource page's widgets speak, loaded before the page draws: a widget
 * that loaded its own on mount showed raw keys for a moment (the lookups, dropdowns, section
 * order and embedded pages of the edit form). With the request layer's (pageModules): a page
 * opened after the language was changed in another tab speaks the new one, and so must the
 * request layer's toasts on it (a download's showed its raw key).
 */
const RESOURCE_PAGE_MODULES = ['resource', 'form', 'table', 'query', 'admin', 'section', 'embedded', 'dynamic', 'lookup', 'scroll', 'export', 'import', 'upload', 'preview'];

/** One page component per resource page, made once: the routes' lazy chunk binds it by the page's code (src/resources/routes.ts). */
const pages = new Map<string, ComponentType>();
export function pageFor(code: string): ComponentType {
  let page = pages.get(code);
  if (!page) {
    const view = RESOURCES.flatMap(viewsOf).find((v) => v.code === code);
    if (!view) throw new Error(`no resource page ${code}`);
    page = function BoundResourcePage() {
      return (
        <I18nProvider modules={pageModules(RESOURCE_PAGE_MODULES)}>
          <ResourcePage view={view} />
        </I18nProvider>
      );
    };
    pages.set(code, page);
  }
  return page;
}
