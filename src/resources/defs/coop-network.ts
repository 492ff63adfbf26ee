import { col, defineResource, operation, seq, state, text } from '../define';

/**
 * Cooperative financial networks (widgets §3 "Cooperative network"): the outlets of the
 * institutions the group settles through, at home (province and city) and abroad (country,
 * SWIFT code, address). Country, province and city are the scroll dropdowns of widgets §2.
 */
export default defineResource({
  code: 'coop-network',
  path: '/coop-network',
  table: 'coop_network',
  label: { 'zh-CN': '合作金融网点', 'en-US': 'Cooperative network' },
  fields: {
    networkCode: text('网点代码', 'Network code', { max: 20, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    networkName: text('网点名称', 'Network name', { max: 200, required: true }),
    institutionType: text('机构类型', 'Institution type', { max: 50, required: true }),
    institutionCode: text('机构代码', 'Institution code', { max: 20, required: true }),
    institutionName: text('机构名称', 'Institution name', { max: 200, required: true }),
    directCode: text('直连代码', 'Direct code', { max: 3, pattern: '^[0-9]{3}$', patternHint: 'resource.hint.bankCode' }),
    countryCode: text('国家代码', 'Country code', { max: 2, pattern: '^[A-Z]{2}$', patternHint: 'resource.hint.isoAlpha2', required: true, default: 'CN', scroll: 'country' }),
    // At home: the province and city pair (widgets §2), the city only once a province is chosen.
    provinceCode: text('省份代码', 'Province code', { max: 6, scroll: 'province' }),
    cityCode: text('城市代码', 'City code', { max: 6, scroll: 'city', scrollParams: { provinceCode: 'provinceCode' } }),
    swiftCode: text('SWIFT 代码', 'SWIFT code', { max: 11, pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$', patternHint: 'resource.hint.swift' }),
    abroadAddressDetail: text('境外地址', 'Address abroad', { max: 200 }),
  },
  query: ['networkCode', 'networkName', 'institutionName', 'countryCode'],
  columns: [seq(), col('networkCode', 'code'), col('networkName'), col('institutionType'), col('institutionName'), col('countryCode'), col('provinceCode'), col('cityCode'), state(), operation()],
  title: 'networkName',
  sort: { field: 'networkCode', order: 'asc' },
  lifecycle: 'enable-disable',
});
