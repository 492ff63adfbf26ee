import { col, defineResource, dict, operation, seq, state, text } from '../define';
import { PORTAL_RESOURCE_DICT, SENSITIVE_FIELD_DICTS } from '../../shared/constants';

/**
 * Sensitive information settings (the menu's 敏感信息设置; the spec names the family and shows
 * no fields, so designed in docs/sensitive-info.md): the text fields of business records shown
 * masked (6222****1234) in tables and exported files to everyone but administrators and the
 * holders of the setting's clear-view duty. A setting names a resource and one of its text
 * fields (3701), once (3702): server/resources/sensitive-set-hooks.ts.
 */
export default defineResource({
  code: 'sensitive-set',
  path: '/sensitive-set',
  table: 'sensitive_set',
  label: { 'zh-CN': '敏感信息设置', 'en-US': 'Sensitive information' },
  fields: {
    // Chosen from the portal's resources (a dictionary the server answers from the build).
    resourceCode: dict('业务资源', 'Resource', { dict: PORTAL_RESOURCE_DICT, max: 64, required: true, immutable: true }),
    fieldName: text('字段', 'Field', { max: 64, pattern: '^[A-Za-z][A-Za-z0-9]*$', patternHint: 'resource.hint.fieldName', required: true, choiceBy: { field: 'resourceCode', family: SENSITIVE_FIELD_DICTS }, immutable: true }),
    maskRule: dict('掩码方式', 'Mask', { dict: 'MaskRule', required: true, default: 'MIDDLE' }),
    clearDutyCode: text('可见明文的岗位', 'Duty that sees it in clear', { max: 64, scroll: 'duty' }),
    remark: text('说明', 'Remark', { max: 200 }),
  },
  query: ['resourceCode', 'fieldName'],
  columns: [seq(), col('resourceCode', 'code'), col('fieldName', 'code'), col('maskRule'), col('clearDutyCode', 'code'), col('remark'), state(), operation()],
  title: 'fieldName',
  sort: { field: 'resourceCode', order: 'asc' },
  lifecycle: 'enable-disable',
  adminOnly: true,
  form: { container: 'dialog', layout: 'vertical' },
});
