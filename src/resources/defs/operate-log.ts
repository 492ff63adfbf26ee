import { col, date, defineResource, dict, int, seq, text } from '../define';

/**
 * The operation log (portal-shell §1, issue 15 point 8; docs/operation-log.md): every write and
 * every login, with who, what, when and from where. The server writes the rows itself
 * (server/plugins/operation-log.ts); the family is read-only and only administrators search it.
 * `logDate` is the day of `createdAt` on the server's clock, the filter's time range; the table
 * shows the exact time.
 */
export default defineResource({
  code: 'operate-log',
  path: '/operate-log',
  table: 'operate_log',
  label: { 'zh-CN': '操作日志', 'en-US': 'Operation log' },
  fields: {
    logDate: date('日期', 'Date', { required: true }),
    userCode: text('用户代码', 'User code', { max: 64 }),
    userName: text('用户名称', 'User name', { max: 100 }),
    logKind: dict('类别', 'Kind', { dict: 'OperateLogKind', required: true }),
    loginType: dict('登录方式', 'Login method', { dict: 'LoginType' }),
    funcCode: text('功能', 'Function', { max: 300 }),
    route: text('接口', 'Call', { max: 300, required: true }),
    resourceCode: text('资源', 'Resource', { max: 64 }),
    recordId: text('记录编号', 'Record ID', { max: 64 }),
    outcome: dict('结果', 'Outcome', { dict: 'OperateOutcome', required: true }),
    resultCode: int('结果代码', 'Result code', { min: -999999, max: 999999, required: true }),
    clientAddress: text('客户端地址', 'Client address', { max: 64 }),
  },
  query: ['userCode', 'logDate', 'logKind', 'funcCode', 'outcome'],
  columns: [seq(), col('createdAt'), col('userCode', 'code'), col('userName'), col('logKind'), col('loginType'), col('funcCode'), col('route'), col('resourceCode'), col('recordId'), col('outcome'), col('resultCode'), col('clientAddress')],
  title: 'route',
  sort: { field: 'createdAt', order: 'desc' },
  lifecycle: 'enable-disable',
  bigData: true,
  readOnly: true,
  adminOnly: true,
});
