import { col, defineResource, dict, operation, seq, state, text } from '../define';

/**
 * Data authorisation by user (portal-shell §1, §6, §7 data-auth family; issue 12 point 5): one
 * record grants one user one value of one kind of data (an organisation, an account, a
 * currency, a business type or a payment type). Grants are reviewed (four eyes) and take effect
 * once approved and enabled; server/services/data-auth.ts reads them for every scoped query.
 */
export default defineResource({
  code: 'data-auth',
  path: '/data-auth/user',
  table: 'data_auth',
  label: { 'zh-CN': '按用户授权', 'en-US': 'Data authorisation by user' },
  fields: {
    userCode: text('用户代码', 'User code', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true }),
    dataType: dict('数据类型', 'Kind of data', { dict: 'DataAuthType', required: true }),
    dataValue: text('授权数据', 'Granted value', { max: 64, required: true }),
    remark: text('说明', 'Remark', { max: 200 }),
  },
  query: ['userCode', 'dataType', 'dataValue'],
  columns: [seq(), col('userCode', 'code'), col('dataType'), col('dataValue', 'code'), col('remark'), state(), operation()],
  title: 'dataValue',
  sort: { field: 'userCode', order: 'asc' },
  lifecycle: 'review',
});
