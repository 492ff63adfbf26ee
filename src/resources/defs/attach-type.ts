import { bool, col, defineResource, int, operation, seq, state, text } from '../define';

/**
 * The attachment types of a business (widgets §3 "attachmentTypeList": attachmentTypeName and
 * isRequire), the categories a file of its records is filed under (fileBusinessType). A
 * required type must be among the categories of a record's files before it is saved.
 */
export default defineResource({
  code: 'attach-type',
  path: '/attach-type',
  table: 'attach_type',
  label: { 'zh-CN': '附件类型', 'en-US': 'Attachment types' },
  fields: {
    businessCode: text('业务代码', 'Business code', { max: 64, pattern: '^[a-z][a-z0-9-]*$', patternHint: 'resource.hint.code', required: true, immutable: true }),
    attachmentTypeName: text('附件类型', 'Attachment type', { max: 64, required: true }),
    isRequire: bool('必须上传', 'Required', { required: true, default: false }),
    sort: int('排序', 'Order', { min: 0, max: 9999, required: true, default: 0 }),
  },
  query: ['businessCode', 'attachmentTypeName'],
  columns: [seq(), col('businessCode', 'code'), col('attachmentTypeName'), col('isRequire'), col('sort'), state(), operation()],
  title: 'attachmentTypeName',
  sort: { field: 'businessCode', order: 'asc' },
  lifecycle: 'enable-disable',
  form: { container: 'dialog', autosave: { add: false } },
});
