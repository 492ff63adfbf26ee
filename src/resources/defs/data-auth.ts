import { col, defineResource, dict, L, operation, seq, state, text } from '../define';
import { DATA_AUTH_BY_USER } from '../../shared/contract/data-auth';

/**
 * Data authorisation (portal-shell §1, §6, §7 data-auth family; issue 12 point 5;
 * docs/data-auth.md): one record grants one user one value of one kind of data (an
 * organisation, a structure node, an account, a currency, a business type or a payment type).
 * Grants are reviewed (four eyes) and take effect once approved and enabled;
 * server/services/data-auth.ts reads them for every scoped query.
 *
 * One definition, six pages: by user (every kind) and one page per kind, whose hidden param
 * fixes the kind (the server holds a caller with only the account page to account grants).
 */
export default defineResource({
  code: 'data-auth',
  path: DATA_AUTH_BY_USER,
  table: 'data_auth',
  label: L('按用户授权', 'Data authorisation by user'),
  fields: {
    userCode: text('用户', 'User', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, scroll: 'user' }),
    dataType: dict('数据类型', 'Kind of data', { dict: 'DataAuthType', required: true }),
    // Only a structure node names its structure; the other kinds leave it empty.
    structCode: text('组织结构', 'Organisation structure', { max: 32, choiceBy: { field: 'dataType', choices: { orgStruct: { scroll: 'orgStruct' } } } }),
    dataValue: text('授权数据', 'Granted value', {
      max: 64,
      required: true,
      choiceBy: {
        field: 'dataType',
        choices: {
          org: { scroll: 'organisation' },
          // The node's organisation; server/resources/data-auth-hooks.ts checks it is in the structure (2208).
          orgStruct: { scroll: 'organisation' },
          account: { scroll: 'account' },
          currency: { scroll: 'currency' },
          businessType: { dict: 'BusinessType' },
          paymentType: { dict: 'PaymentType' },
        },
      },
    }),
    remark: text('说明', 'Remark', { max: 200 }),
  },
  query: ['userCode', 'dataType', 'structCode', 'dataValue'],
  columns: [seq(), col('userCode', 'code'), col('dataType'), col('structCode', 'code'), col('dataValue', 'code'), col('remark'), state(), operation()],
  title: 'dataValue',
  sort: { field: 'userCode', order: 'asc' },
  lifecycle: 'review',
  pages: [
    { name: 'orgStruct', path: '/data-auth/org-struct', label: L('按组织结构授权', 'Data authorisation by organisation structure'), hidden: { dataType: 'orgStruct' } },
    { name: 'account', path: '/data-auth/account', label: L('按账户授权', 'Data authorisation by account'), hidden: { dataType: 'account' } },
    { name: 'currency', path: '/data-auth/currency', label: L('按币种授权', 'Data authorisation by currency'), hidden: { dataType: 'currency' } },
    { name: 'businessType', path: '/data-auth/business-type', label: L('按业务类型授权', 'Data authorisation by business type'), hidden: { dataType: 'businessType' } },
    { name: 'paymentType', path: '/data-auth/payment-type', label: L('按付款类型授权', 'Data authorisation by payment type'), hidden: { dataType: 'paymentType' } },
  ],
});
