import { col, defineResource, dict, operation, seq, state, text } from '../define';
import { IMPORT_RESOURCE_DICT, IMPORT_COLUMN_DICTS } from '../../shared/constants';

/**
 * System field maps (the menu's 系统字段映射; the spec names the family and a "system field map
 * setting validation" call, and shows no fields, so designed in docs/import.md, "Field maps"):
 * the column names another system's files use for a resource's import columns (a bank's
 * "Value Date" for the exchange rates' 日期), so such a file imports as it comes. A map names a
 * resource that takes imports (the ImportResource dictionary), one of its template's columns
 * (3900), and a column name no other map or column of that resource already answers to (3901,
 * 3902): server/resources/field-map-hooks.ts.
 */
export default defineResource({
  code: 'sys-field-map-setting',
  path: '/sys-field-map-setting',
  table: 'sys_field_map',
  label: { 'zh-CN': '系统字段映射', 'en-US': 'System field map' },
  fields: {
    resourceCode: dict('业务资源', 'Resource', { dict: IMPORT_RESOURCE_DICT, max: 64, required: true, immutable: true }),
    fieldName: text('字段', 'Field', { max: 64, pattern: '^[A-Za-z][A-Za-z0-9]*$', patternHint: 'resource.hint.fieldName', required: true, choiceBy: { field: 'resourceCode', family: IMPORT_COLUMN_DICTS } }),
    sourceName: text('文件中的列名', 'Column name in the file', { max: 100, required: true }),
    sourceSystem: text('来源系统', 'Source system', { max: 100 }),
    remark: text('说明', 'Remark', { max: 200 }),
  },
  query: ['resourceCode', 'sourceName', 'sourceSystem'],
  columns: [seq(), col('resourceCode', 'code'), col('fieldName', 'code'), col('sourceName'), col('sourceSystem'), col('remark'), state(), operation()],
  title: 'sourceName',
  sort: { field: 'resourceCode', order: 'asc' },
  lifecycle: 'enable-disable',
  adminOnly: true,
  form: { container: 'dialog', layout: 'vertical' },
});
