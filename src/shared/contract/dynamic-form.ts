import { DYNAMIC_TEMPLATE_CODE_MAX, DYNAMIC_TEMPLATE_FIELDS_MAX, DYNAMIC_TEMPLATE_TEXT_MAX, DYNAMIC_VALUE_TEXT_MAX } from '../constants';
import { Body, Id, Page, Paging, Required, Text, Timestamp, Type, endpoint, type Static } from './define';

/**
 * Dynamic forms (widgets §3, §7 "Dynamic form", the expand-param calls of "Query form" and
 * "Table"; issue 11 point 7; docs/dynamic-forms.md). Three groups:
 *
 * - the expand-template family: administrators keep templates (code, name, the field list),
 *   granted by the function '/expand-template';
 * - element info: users fill forms from enabled templates, granted by '/dynamic-form'. As the
 *   spec says, the two reads answer `data` as JSON text holding `template` and `templateData`;
 *   `templateData` is a list of `{name, value}` where `value` is the JSON text of `{"v": …}`;
 * - the expand-param call of query pages and tables: the template whose code is
 *   `query:<resource code>` (or `table:…`), granted by that resource's own function.
 */

/** A template's code: `query:<resource code>` names a query page's extended fields. */
export const TemplateCode = Text(DYNAMIC_TEMPLATE_CODE_MAX, { min: 1, pattern: '^[A-Za-z0-9_.:-]+$' });
const TemplateName = Required(100);
/** The field list as JSON text (the administrators' editor sends what it shows). */
const FieldsText = Text(DYNAMIC_TEMPLATE_TEXT_MAX, { min: 1 });
const Status = Type.Enum(['enabled', 'disabled']);

export const TemplateRow = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.Union([Type.String(), Type.Null()]),
  status: Status,
  version: Type.Integer(),
  fieldCount: Type.Integer(),
  updatedAt: Timestamp,
});
export type TemplateRow = Static<typeof TemplateRow>;

/** A template with its field list, as JSON text. */
export const TemplateDetail = Type.Object({ ...TemplateRow.properties, fields: Type.String() });
export type TemplateDetail = Static<typeof TemplateDetail>;

/** One pair of templateData: a field's name and the JSON text of `{"v": value}`. */
export const TemplateDatum = Body({ name: Text(64, { min: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), value: Text(DYNAMIC_VALUE_TEXT_MAX * 10) });
const TemplateData = Type.Array(TemplateDatum, { maxItems: DYNAMIC_TEMPLATE_FIELDS_MAX });

export const ElementRow = Type.Object({
  id: Id,
  templateCode: Type.String(),
  templateName: Type.String(),
  version: Type.Integer(),
  creatorName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ElementRow = Static<typeof ElementRow>;

const Saved = Type.Object({ id: Id, version: Type.Integer() });
const TEMPLATE_FUNC = '/expand-template';
const FORM_FUNC = '/dynamic-form';

export const expandTemplate = {
  query: endpoint({
    path: '/api/fsmc/expand-template/query',
    summary: 'A page of templates, by code; code and name filter (contains).',
    body: Body({ ...Paging.properties, code: Type.Optional(Text(DYNAMIC_TEMPLATE_CODE_MAX)), name: Type.Optional(Text(100)) }),
    data: Page(TemplateRow),
    flags: { func: TEMPLATE_FUNC },
  }),
  byId: endpoint({
    path: '/api/fsmc/expand-template/query-by-id',
    summary: 'One template with its field list (JSON text); 1800 when unknown.',
    body: Body({ id: Id }),
    data: TemplateDetail,
    flags: { func: TEMPLATE_FUNC },
  }),
  add: endpoint({
    path: '/api/fsmc/expand-template/add',
    summary: 'Adds a template, enabled. The field list is checked by the shared template check (1801 with data.problems); codes are unique (1805).',
    body: Body({ code: TemplateCode, name: TemplateName, nameEn: Type.Optional(Text(100)), fields: FieldsText }),
    data: TemplateDetail,
    flags: { func: TEMPLATE_FUNC, requestToken: true },
  }),
  update: endpoint({
    path: '/api/fsmc/expand-template/update',
    summary: 'Changes a template’s name and fields at the version it was read (1803 when someone changed it since). Forms already filled keep the fields they were filled with.',
    body: Body({ id: Id, version: Type.Integer({ minimum: 1 }), name: TemplateName, nameEn: Type.Optional(Text(100)), fields: FieldsText }),
    data: TemplateDetail,
    flags: { func: TEMPLATE_FUNC },
  }),
  setStatus: endpoint({
    path: '/api/fsmc/expand-template/set-status',
    summary: 'Enables or disables a template; a disabled one takes no new forms and gives no extended fields.',
    body: Body({ id: Id, version: Type.Integer({ minimum: 1 }), status: Status }),
    data: TemplateDetail,
    flags: { func: TEMPLATE_FUNC },
  }),
};

export const expandElement = {
  templates: endpoint({
    path: '/api/fsmc/expand-element/templates',
    summary: 'The enabled templates a form can be filled from (code and name, in the caller’s language).',
    body: Body({}),
    data: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
    flags: { func: FORM_FUNC, read: true },
    client: { noLoading: true },
  }),
  byCode: endpoint({
    path: '/api/fsmc/expand-element/get-element-by-code',
    summary: 'The template for a new form, by code: data is JSON text of {templateCode, templateName, template, templateData} (the defaults). 1800 unknown, 1804 disabled.',
    body: Body({ code: TemplateCode }),
    data: Type.String(),
    flags: { func: FORM_FUNC, read: true },
    client: { inlineErrors: true },
  }),
  pageInfo: endpoint({
    path: '/api/fsmc/expand-element/get-page-info',
    summary: 'A filled form for view or edit: data is JSON text of {id, version, templateCode, templateName, template, templateData, creatorName}. 1806 when unknown.',
    body: Body({ id: Id }),
    data: Type.String(),
    flags: { func: FORM_FUNC, read: true },
    client: { inlineErrors: true },
  }),
  save: endpoint({
    path: '/api/fsmc/expand-element/save-element-info',
    summary: 'Saves a new form: every value is checked again against the template’s rules (1802 with data.errors); 1807 when the template has no fields.',
    body: Body({ templateCode: TemplateCode, templateData: TemplateData }),
    data: Saved,
    flags: { func: FORM_FUNC, requestToken: true },
    client: { inlineErrors: true },
  }),
  update: endpoint({
    path: '/api/fsmc/expand-element/update-element-info',
    summary: 'Updates a filled form at the version it was read (1803 when someone saved it since); values checked as on save.',
    body: Body({ id: Id, version: Type.Integer({ minimum: 1 }), templateData: TemplateData }),
    data: Saved,
    flags: { func: FORM_FUNC },
    client: { inlineErrors: true },
  }),
  query: endpoint({
    path: '/api/fsmc/expand-element/query',
    summary: 'A page of filled forms, the latest saved first; templateCode filters.',
    body: Body({ ...Paging.properties, templateCode: Type.Optional(TemplateCode) }),
    data: Page(ElementRow),
    flags: { func: FORM_FUNC },
  }),
  expandParam: endpoint({
    path: '/api/fsmc/common/query-condition/expand-param',
    summary: 'A query page’s extended fields (expandParam `query:<resource code>`) or a table’s extra columns (`table:…`): data is JSON text of {template}, or null when no enabled template has that code. Granted by the resource’s own function.',
    body: Body({ expandParam: TemplateCode }),
    data: Type.Union([Type.String(), Type.Null()]),
    client: { noLoading: true },
  }),
};
