import { bool, col, defineResource, operation, seq, state, text } from '../define';

/**
 * Organisation structures (portal-shell §1, §5): named trees of the group's organisations (the
 * legal structure, the settlement structure…). One of them, the main structure, is the group's
 * structure of record; grants "by organisation structure" read a structure's tree
 * (server/services/org-structure.ts). Its nodes are the org-struct-node resource, administered
 * from the structure's row (docs/org-structure.md).
 */
export default defineResource({
  code: 'org-struct',
  path: '/org-struct',
  table: 'org_struct',
  label: { 'zh-CN': '组织结构', 'en-US': 'Organisation structure' },
  fields: {
    structCode: text('结构代码', 'Structure code', { max: 32, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    structName: text('结构名称', 'Structure name', { max: 100, required: true }),
    structNameEn: text('英文名称', 'English name', { max: 200, required: true }),
    mainFlag: bool('主结构', 'Main structure', { default: false }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['structCode', 'structName', 'mainFlag'],
  columns: [seq(), col('structCode', 'code'), col('structName'), col('structNameEn'), col('mainFlag'), col('remark'), state(), operation()],
  title: 'structName',
  sort: { field: 'structCode', order: 'asc' },
  lifecycle: 'enable-disable',
  form: { container: 'dialog' },
});
