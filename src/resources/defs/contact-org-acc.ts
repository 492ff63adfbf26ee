import { col, defineResource, operation, seq, state, text } from '../define';

/**
 * Contact organisations' bank accounts (widgets §3 "Customer"): the counterparty that holds the
 * account, where it is held (a CNAPS branch) and which of the group's organisations uses it. The
 * customer lookup lists them; its `contactsOrgProperty` is the account's property here
 * (corporate or personal, 对公/对私), the only property the records carry.
 */
export default defineResource({
  code: 'contact-org-acc',
  path: '/contact-org-acc',
  table: 'contact_org_acc',
  label: { 'zh-CN': '往来单位账户', 'en-US': 'Contact organisation account' },
  fields: {
    accountNo: text('账号', 'Account number', { max: 32, pattern: '^[0-9A-Za-z-]{6,32}$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    accountName: text('户名', 'Account name', { max: 200, required: true }),
    counterPartyCode: text('往来单位', 'Contact organisation', { max: 64, required: true }),
    lineNumber: text('开户行联行号', 'Branch CNAPS code', { max: 12, pattern: '^[0-9]{12}$', patternHint: 'resource.hint.lineNumber', lookup: 'bank', fills: { lineNumber: 'cnapsCode' }, autoSelect: true }),
    useOrgCode: text('使用机构', 'Used by', { max: 64, lookup: 'organisation', fills: { useOrgCode: 'orgCode' }, autoSelect: true }),
    acctProperty: text('账户性质', 'Account property', { max: 20 }),
  },
  query: ['accountNo', 'accountName', 'counterPartyCode'],
  columns: [seq(), col('accountNo', 'code'), col('accountName'), col('counterPartyCode', 'code'), col('lineNumber'), col('useOrgCode'), col('acctProperty'), state(), operation()],
  title: 'accountName',
  sort: { field: 'accountNo', order: 'asc' },
  lifecycle: 'enable-disable',
  attachments: true,
});
