import { bool, col, defineResource, dict, operation, seq, state, text } from '../define';

/** The organisations of the group (the `org` table users belong to). */
export default defineResource({
  code: 'org-info',
  path: '/org-info',
  table: 'org',
  label: { 'zh-CN': '机构信息', 'en-US': 'Organisation' },
  fields: {
    orgCode: text('机构代码', 'Organisation code', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    orgName: text('机构名称', 'Organisation name', { max: 200, required: true }),
    orgNameEn: text('英文名称', 'English name', { max: 200 }),
    orgType: dict('机构类型', 'Organisation type', { dict: 'OrgType', required: true }),
    orgProperty: text('机构性质', 'Organisation property', { max: 50 }),
    settCenter: bool('结算中心', 'Settlement centre', { default: false }),
    address: text('地址', 'Address', { max: 200 }),
  },
  query: ['orgCode', 'orgName', 'orgType'],
  columns: [seq(), col('orgCode', 'code'), col('orgName'), col('orgNameEn'), col('orgType'), col('settCenter'), state(), operation()],
  title: 'orgName',
  sort: { field: 'orgCode', order: 'asc' },
  lifecycle: 'enable-disable',
  // Data authorisation: a user sees the organisations granted to them (server/services/data-auth.ts).
  dataScope: [{ field: 'orgCode', dim: 'org' }],
  form: {
    sections: [
      { name: 'identity', title: { 'zh-CN': '机构标识', 'en-US': 'Identity' }, fields: ['orgCode', 'orgName', 'orgNameEn', 'orgType', 'orgProperty'] },
      { name: 'operation', title: { 'zh-CN': '运营信息', 'en-US': 'Operations' }, fields: ['settCenter', 'address'] },
    ],
    // Organisations are edited at length: an interrupted edit is kept too.
    autosave: { edit: true },
  },
});
