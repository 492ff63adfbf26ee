import { bool, col, defineResource, int, operation, seq, state, text } from '../define';

/**
 * Attachment settings per business (widgets §3 "Attachment setting"; portal-shell §1 "attachment
 * type settings", the attach-type-set family; docs/attachments.md). One record per business,
 * named by the code of the resource whose records carry the attachments. Its types (with
 * isRequire) are the records of attach-type under the same business code.
 */
export default defineResource({
  code: 'attach-type-set',
  path: '/attach-type-set',
  table: 'attach_type_set',
  label: { 'zh-CN': '附件类型设置', 'en-US': 'Attachment settings' },
  fields: {
    businessCode: text('业务代码', 'Business code', { max: 64, pattern: '^[a-z][a-z0-9-]*$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    attachmentFlag: bool('启用附件', 'Attachments on', { required: true, default: true }),
    attachmentOuterUrl: text('外部附件地址', 'External attachment address', { max: 500 }),
    isSelfSet: bool('自定义附件类型', 'Own attachment types', { required: true, default: false }),
    defaultIsRequire: bool('默认必须上传', 'Attachment required by default', { required: true, default: false }),
    isLimit: bool('限制附件数量', 'Limit the count', { required: true, default: false }),
    attachmentSize: int('附件数量上限', 'Most attachments', { min: 1, max: 999, required: true, default: 10 }),
  },
  query: ['businessCode'],
  columns: [seq(), col('businessCode', 'code'), col('attachmentFlag'), col('isSelfSet'), col('defaultIsRequire'), col('isLimit'), col('attachmentSize'), col('attachmentOuterUrl'), state(), operation()],
  title: 'businessCode',
  sort: { field: 'businessCode', order: 'asc' },
  lifecycle: 'enable-disable',
  form: { container: 'dialog', autosave: { add: false } },
});
