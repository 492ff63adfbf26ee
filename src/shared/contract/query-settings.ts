import { SAVED_QUERY_DEFAULT, SAVED_QUERY_NAME_MAX, SAVED_QUERY_NOT_DEFAULT } from '../constants';
import { Body, Id, Nothing, Required, Text, Type, endpoint, type Static } from './define';

/**
 * The query page's per-user and per-page settings (widgets §3, §5, §7; issue 10 point 4, 6):
 * saved queries, the query form's field order, the administrators' hidden params, and the
 * table's column settings. A page is named by its `code` (a resource's code). Orders and saved
 * queries are the user's own; hidden params and whether a column exists are global per page
 * (DECISIONS, "Administrators' settings"), saved by administrators only.
 */

/** A page's code: a resource code or another page identifier. */
export const PageCode = Text(64, { min: 1, pattern: '^[A-Za-z0-9_.:/-]+$' });
/** A field or column name. */
export const FieldName = Text(64, { min: 1, pattern: '^[#A-Za-z0-9_.-]+$' });
/** The most fields a query form, or columns a table, has (ours). */
export const SETTINGS_ITEMS_MAX = 200;
/** A hidden param's default value: JSON text of an object, or empty (widgets §5). */
export const DEFAULT_VALUE_MAX = 2000;
/** Saved filter values: a flat object of what the user typed. */
export const FILTER_VALUE_MAX = 200;
export const COLUMN_WIDTH_MIN = 20;
export const COLUMN_WIDTH_MAX = 2000;

const FilterValue = Type.Union([Text(FILTER_VALUE_MAX), Type.Number({ minimum: -1e15, maximum: 1e15 }), Type.Boolean(), Type.Null()]);
export const FormData = Type.Record(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }), FilterValue, { maxProperties: SETTINGS_ITEMS_MAX });

export const SavedQuery = Type.Object({
  id: Id,
  code: Type.String(),
  /** At most SAVED_QUERY_NAME_MAX characters, counted in code points (6 Chinese characters fit). */
  name: Type.String(),
  defaultFlag: Type.Union([Type.Literal(SAVED_QUERY_DEFAULT), Type.Literal(SAVED_QUERY_NOT_DEFAULT)]),
  formData: FormData,
});
export type SavedQuery = Static<typeof SavedQuery>;

/** Widgets §3 "Hidden param": required 1 keeps the field's rules, 2 requires it, 3 makes it optional. */
export const HiddenParam = Body({
  prop: FieldName,
  label: Type.Optional(Text(100)),
  showOrHide: Type.Boolean(),
  defaultVal: Text(DEFAULT_VALUE_MAX),
  required: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
});
export type HiddenParam = Static<typeof HiddenParam>;

/** Widgets §3 "Table column setting". */
export const ColumnSetting = Body({
  field: FieldName,
  fixed: Type.Enum(['left', 'right', 'none']),
  visible: Type.Boolean(),
  width: Type.Integer({ minimum: COLUMN_WIDTH_MIN, maximum: COLUMN_WIDTH_MAX }),
  /** Whether the column exists at all: administrators decide, for everyone. */
  exist: Type.Boolean(),
  type: Type.Optional(Text(16)),
});
export type ColumnSetting = Static<typeof ColumnSetting>;

const Code = Body({ code: PageCode });
/** operationType: 1 create, 2 unset default, 3 set default (widgets §7). */
export const SAVED_QUERY_OPERATIONS = { create: 1, unsetDefault: 2, setDefault: 3 } as const;

export const querySettings = {
  formOrder: endpoint({
    path: '/api/fsmc/common/query-condition/find-query-index',
    summary: 'The query form’s field order (the user’s) and hidden params (the page’s).',
    body: Code,
    data: Type.Object({ customOrder: Type.Union([Type.Array(Type.String()), Type.Null()]), hiddenParams: Type.Array(Type.Object({ prop: Type.String(), label: Type.Optional(Type.String()), showOrHide: Type.Boolean(), defaultVal: Type.String(), required: Type.Integer() })) }),
    client: { noLoading: true },
  }),
  saveFormOrder: endpoint({
    path: '/api/fsmc/common/query-condition/insert-query-index',
    summary: 'Saves the user’s field order of a query form.',
    body: Body({ code: PageCode, formItemsOrder: Type.Array(FieldName, { maxItems: SETTINGS_ITEMS_MAX }) }),
    data: Nothing,
  }),
  savedQueries: endpoint({
    path: '/api/fsmc/common/query-condition/find-query-info',
    summary: 'The user’s saved queries of a page, the default first.',
    body: Code,
    data: Type.Array(SavedQuery),
    client: { noLoading: true },
  }),
  saveQuery: endpoint({
    path: '/api/fsmc/common/query-condition/insert-query-info',
    summary: `Creates a saved query (operationType 1; name 1–${SAVED_QUERY_NAME_MAX} characters, at least one filter, under the page’s maximum), or unsets (2) or sets (3) the default: one default per user and page.`,
    body: Body({
      code: PageCode,
      operationType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
      id: Type.Optional(Id),
      name: Type.Optional(Text(64)),
      defaultFlag: Type.Optional(Type.Union([Type.Literal(SAVED_QUERY_DEFAULT), Type.Literal(SAVED_QUERY_NOT_DEFAULT)])),
      formData: Type.Optional(FormData),
    }),
    data: Type.Array(SavedQuery),
    // The save dialog shows a refusal inline (name taken, too many): no toast as well.
    client: { inlineErrors: true },
  }),
  deleteQuery: endpoint({
    path: '/api/fsmc/common/query-condition/delete-query-info',
    summary: 'Deletes one of the user’s saved queries.',
    body: Body({ code: PageCode, id: Id }),
    data: Type.Array(SavedQuery),
  }),
  saveHiddenParam: endpoint({
    path: '/api/fsmc/common/hidden-param/save',
    summary: 'Saves one hidden param of a page’s query form, for everyone (administrators).',
    body: Body({ code: PageCode, hiddenParams: HiddenParam }),
    data: Nothing,
    flags: { admin: true },
  }),
  columns: endpoint({
    path: '/api/fsmc/common/query-condition/find-table-column',
    summary: 'The table’s column settings: the user’s order, fixing, visibility and widths, and the page’s existence flags.',
    body: Code,
    data: Type.Object({
      customOrder: Type.Union([Type.Array(Type.Object({ field: Type.String(), fixed: Type.String(), visible: Type.Boolean(), width: Type.Integer(), exist: Type.Boolean(), type: Type.Optional(Type.String()) })), Type.Null()]),
      /** The page's existence flags by field (a field not named exists): they apply even to a user who never saved columns. */
      exist: Type.Record(Type.String(), Type.Boolean()),
    }),
    client: { noLoading: true },
  }),
  saveColumns: endpoint({
    path: '/api/fsmc/common/query-condition/insert-table-column',
    summary: 'Saves the user’s column settings; an administrator’s `exist` flags apply to everyone.',
    body: Body({ code: PageCode, tableColumns: Type.Array(ColumnSetting, { maxItems: SETTINGS_ITEMS_MAX }) }),
    data: Nothing,
  }),
};
