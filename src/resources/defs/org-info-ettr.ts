import { col, defineResource, operation, seq, state, text } from '../define';

/**
 * Organisation info extension fields (the menu's 机构信息扩展字段; the family's wire name keeps
 * the spec's spelling, `org-info-ettr`, DECISIONS "Misspellings on the wire"; the spec shows no
 * fields, so designed in docs/resources.md): what a group records about an organisation beyond
 * the organisation form (a regulator's code, a SWIFT BIC of its own, a cost centre), as named
 * values, one field code once per organisation (3500, server/resources/org-info-ettr-hooks.ts).
 * A user sees the fields of the organisations granted to them, as on the organisation page.
 */
export default defineResource({
  code: 'org-info-ettr',
  path: '/org-info-ettr',
  table: 'org_info_ettr',
  label: { 'zh-CN': '机构信息扩展字段', 'en-US': 'Organisation extension field' },
  fields: {
    orgCode: text('机构', 'Organisation', { max: 64, required: true, immutable: true, scroll: 'organisation' }),
    attrCode: text('字段代码', 'Field code', { max: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', patternHint: 'resource.hint.identifier', required: true, immutable: true }),
    attrName: text('字段名称', 'Field name', { max: 100, required: true }),
    attrValue: text('字段值', 'Value', { max: 500, required: true }),
    remark: text('说明', 'Remark', { max: 200 }),
  },
  query: ['orgCode', 'attrCode', 'attrName'],
  columns: [seq(), col('orgCode', 'code'), col('attrCode', 'code'), col('attrName'), col('attrValue'), col('remark'), state(), operation()],
  title: 'attrName',
  sort: { field: 'orgCode', order: 'asc' },
  lifecycle: 'enable-disable',
  dataScope: [{ field: 'orgCode', dim: 'org' }],
  form: { container: 'dialog', layout: 'vertical' },
});
