import { col, defineResource, dict, L, operation, seq, state, text } from '../define';

/** Where a counterparty's registration is looked up (its name and credit code are appended). */
export const COUNTERPARTY_LOOKUP_URL = 'https://www.gsxt.gov.cn/corp-query-search-1.html';

/**
 * Counterparties the group trades with; the code is a generated business number. The menu's
 * 往来单位 (contact organisations) is the enterprises among them, the customers and suppliers the
 * group does business with (docs/resources.md, "Counterparties and contact organisations").
 */
export default defineResource({
  code: 'counter-party',
  path: '/counter-party',
  table: 'counter_party',
  label: { 'zh-CN': '交易对手', 'en-US': 'Counterparty' },
  fields: {
    counterPartyCode: text('交易对手编号', 'Counterparty number', { max: 64, required: true, unique: true, immutable: true, ruleCode: 'CP' }),
    counterPartyName: text('交易对手名称', 'Counterparty name', { max: 200, required: true }),
    counterPartyType: dict('交易对手类型', 'Counterparty type', { dict: 'CounterPartyType', required: true }),
    creditCode: text('统一社会信用代码', 'Unified social credit code', { max: 18, pattern: '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$', patternHint: 'resource.hint.creditCode' }),
    countryCode: text('国家代码', 'Country code', { max: 2, pattern: '^[A-Z]{2}$', patternHint: 'resource.hint.isoAlpha2', required: true, default: 'CN', scroll: 'country' }),
    // The registered address's province and city (widgets §2 "Province and city pair", 0014):
    // the city lists the province's cities only, and a new province empties it.
    provinceCode: text('所在省份', 'Province', { max: 6, pattern: '^[0-9]{2,6}$', patternHint: 'resource.hint.divisionCode', scroll: 'province' }),
    cityCode: text('所在城市', 'City', { max: 6, pattern: '^[0-9]{4,6}$', patternHint: 'resource.hint.divisionCode', scroll: 'city', scrollParams: { provinceCode: 'provinceCode' } }),
    contactName: text('联系人', 'Contact', { max: 100 }),
    contactPhone: text('联系电话', 'Phone', { max: 30, pattern: '^[0-9+() -]{5,30}$', patternHint: 'resource.hint.phone' }),
  },
  query: ['counterPartyCode', 'counterPartyName', 'counterPartyType'],
  // The name opens the national enterprise credit publicity system's search for the counterparty.
  columns: [seq(), col('counterPartyCode', 'code'), col('counterPartyName', 'link', { url: COUNTERPARTY_LOOKUP_URL, params: ['counterPartyName', 'creditCode'] }), col('counterPartyType'), col('creditCode'), col('countryCode'), col('contactName'), state(), operation()],
  title: 'counterPartyName',
  sort: { field: 'counterPartyCode', order: 'desc' },
  lifecycle: 'enable-disable',
  attachments: true,
  form: {
    sections: [
      { name: 'identity', title: { 'zh-CN': '基本信息', 'en-US': 'Identity' }, fields: ['counterPartyCode', 'counterPartyName', 'counterPartyType', 'creditCode', 'countryCode', 'provinceCode', 'cityCode'] },
      { name: 'contact', title: { 'zh-CN': '联系方式', 'en-US': 'Contact' }, fields: ['contactName', 'contactPhone'] },
    ],
    autosave: { edit: true },
  },
  pages: [{ name: 'contactOrg', path: '/contact-org', label: L('往来单位', 'Contact organisation'), hidden: { counterPartyType: 'ENTERPRISE' } }],
});
