import { col, defineResource, int, L, operation, seq, state, text } from '../define';

/**
 * The values of the dictionaries: what POST /common/query/dictionary answers with. The menu's
 * rate types, business types, payment types, module registration and contact organisation types
 * (portal-shell §1) are the values of one dictionary each: pages of this resource with the
 * dictionary as a hidden param, so a value added there is the one the rate forms, data
 * authorisation, the structure module relations and the counterparty form offer and check, and a
 * duty holding only one of these pages reads and writes only that dictionary's values.
 */
export default defineResource({
  code: 'dictionary-value',
  path: '/dictionary-value',
  table: 'dictionary_item',
  label: { 'zh-CN': '字典值', 'en-US': 'Dictionary value' },
  fields: {
    dictType: text('字典代码', 'Dictionary code', { max: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', patternHint: 'resource.hint.identifier', required: true, immutable: true }),
    value: text('值', 'Value', { max: 64, required: true, immutable: true }),
    textZh: text('中文文本', 'Chinese text', { max: 200, required: true }),
    textEn: text('英文文本', 'English text', { max: 200, required: true }),
    sort: int('排序', 'Order', { min: 0, max: 9999, required: true, default: 0 }),
  },
  query: ['dictType', 'value', 'textZh'],
  columns: [seq(), col('dictType', 'code'), col('value', 'code'), col('textZh'), col('textEn'), col('sort'), state(), operation()],
  title: 'textZh',
  sort: { field: 'dictType', order: 'asc' },
  lifecycle: 'enable-disable',
  pages: [
    { name: 'rateType', path: '/rate-type', label: L('利率类型', 'Rate type'), hidden: { dictType: 'RateType' } },
    { name: 'businessType', path: '/business-type-set', label: L('业务类型', 'Business type'), hidden: { dictType: 'BusinessType' } },
    { name: 'paymentType', path: '/payment-type', label: L('付款类型', 'Payment type'), hidden: { dictType: 'PaymentType' } },
    // The treasury's business modules: a module registered here is one a structure relation (org-struct-module-rel) can name.
    { name: 'bizModule', path: '/module-register', label: L('模块注册', 'Module registration'), hidden: { dictType: 'BizModule' } },
    // The kinds of counterparty (contact organisation): a type added here is one the counterparty form offers and the customer lookup names.
    { name: 'contactOrgType', path: '/contact-org-type', label: L('往来单位类型', 'Contact organisation type'), hidden: { dictType: 'CounterPartyType' } },
  ],
});
