import { col, defineResource, operation, seq, state, text } from '../define';

/** Banks (bank type codes as CNAPS line numbers begin with, SWIFT codes). */
export default defineResource({
  code: 'bank',
  path: '/bank',
  table: 'bank',
  label: { 'zh-CN': '银行', 'en-US': 'Bank' },
  fields: {
    bankCode: text('银行代码', 'Bank code', { max: 3, pattern: '^[0-9]{3}$', patternHint: 'resource.hint.bankCode', required: true, unique: true, immutable: true }),
    bankName: text('银行名称', 'Bank name', { max: 100, required: true }),
    bankNameEn: text('英文名称', 'English name', { max: 200 }),
    swiftCode: text('SWIFT 代码', 'SWIFT code', { max: 11, pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$', patternHint: 'resource.hint.swift' }),
  },
  query: ['bankCode', 'bankName'],
  columns: [seq(), col('bankCode', 'code'), col('bankName'), col('bankNameEn'), col('swiftCode'), state(), operation()],
  title: 'bankName',
  sort: { field: 'bankCode', order: 'asc' },
  lifecycle: 'enable-disable',
});
