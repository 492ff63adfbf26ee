import { bool, col, defineResource, operation, seq, state, text } from '../define';

/**
 * The approval field config (widgets §3 "Field config list", §4 "Approval field config"; issue
 * 11 point 5): for the approval form of a page (`code`, what the route parameter
 * `approvalField` carries), which field (`prop`) the checker may change and what happens to its
 * value. One config per page and field (server/resources/approval-field-hooks.ts). The flags'
 * meaning is in src/shared/field-config.ts; only enabled configs reach the form.
 */
export default defineResource({
  code: 'approval-field',
  path: '/approval-field',
  table: 'approval_field',
  label: { 'zh-CN': '审批字段配置', 'en-US': 'Approval field config' },
  fields: {
    code: text('页面代码', 'Page code', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, immutable: true }),
    prop: text('字段', 'Field', { max: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', patternHint: 'resource.hint.identifier', required: true, immutable: true }),
    disabled: bool('不可编辑', 'Read-only', { default: true }),
    value: text('设定值', 'Value to set', { max: 500 }),
    isValidValue: bool('保留值', 'Keep value', { default: true }),
  },
  query: ['code', 'prop'],
  columns: [seq(), col('code', 'code'), col('prop', 'code'), col('disabled'), col('value'), col('isValidValue'), state(), operation()],
  title: 'prop',
  sort: { field: 'code', order: 'asc' },
  lifecycle: 'enable-disable',
});
