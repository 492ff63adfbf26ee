import { col, defineResource, dict, operation, seq, state, text } from '../define';

/**
 * Certificate settings (portal-shell §4 "Business confirmation", §7 "cert-set"; docs/certificates.md,
 * "The cert-set guard"): which functions need the user's certificate to confirm a write. A row
 * covers one function (setType `func`: its page address, as route `func` names it) or a whole
 * module (setType `module`: the id of a first-level menu; every function under it). Reviewed: a
 * setting is in force once approved and while enabled (server/plugins/cert-guard.ts).
 */
export default defineResource({
  code: 'cert-set',
  path: '/cert-set',
  table: 'cert_set',
  label: { 'zh-CN': '证书设置', 'en-US': 'Certificate setting' },
  fields: {
    setCode: text('设置代码', 'Setting code', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    setName: text('设置名称', 'Setting name', { max: 100, required: true }),
    setType: dict('范围类型', 'Scope type', { dict: 'CertSetType', required: true, default: 'func' }),
    target: text('功能地址或模块', 'Function address or module', { max: 300, pattern: '^(/[A-Za-z0-9/_.-]*|[0-9]{1,9})$', patternHint: 'resource.hint.certSetTarget', required: true }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['setCode', 'setName', 'setType', 'target'],
  columns: [seq(), col('setCode', 'code'), col('setName'), col('setType'), col('target'), col('remark'), state(), operation()],
  title: 'setName',
  sort: { field: 'setCode', order: 'asc' },
  lifecycle: 'review',
  form: { container: 'dialog', autosave: { add: false } },
});
