import { col, defineResource, operation, seq, state, text } from '../define';

/** Departments of an organisation. */
export default defineResource({
  code: 'department',
  path: '/department',
  table: 'department',
  label: { 'zh-CN': '部门', 'en-US': 'Department' },
  fields: {
    deptCode: text('部门代码', 'Department code', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    deptName: text('部门名称', 'Department name', { max: 100, required: true }),
    orgCode: text('所属机构', 'Organisation', { max: 64, required: true, lookup: 'organisation', fills: { orgCode: 'orgCode' }, autoSelect: true }),
    manager: text('负责人', 'Manager', { max: 100 }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['deptCode', 'deptName', 'orgCode'],
  columns: [seq(), col('deptCode', 'code'), col('deptName'), col('orgCode', 'code'), col('manager'), col('remark'), state(), operation()],
  title: 'deptName',
  sort: { field: 'deptCode', order: 'asc' },
  lifecycle: 'enable-disable',
  // Data authorisation: a user sees the organisations granted to them (server/services/data-auth.ts).
  dataScope: [{ field: 'orgCode', dim: 'org' }],
});
