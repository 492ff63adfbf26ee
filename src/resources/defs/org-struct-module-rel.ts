import { col, defineResource, dict, operation, seq, state, text } from '../define';

/**
 * Which organisation structure each business module of the treasury works by (portal-shell §1
 * "organisation structures and their module relations"): one relation per module (BizModule
 * dictionary); a structure named by a relation cannot be disabled or deleted (§5 "structure
 * used by relation", server/resources/org-struct-hooks.ts).
 */
export default defineResource({
  code: 'org-struct-module-rel',
  path: '/org-struct-module-rel',
  table: 'org_struct_module_rel',
  label: { 'zh-CN': '组织结构模块关系', 'en-US': 'Structure module relation' },
  fields: {
    moduleCode: dict('业务模块', 'Business module', { dict: 'BizModule', required: true, unique: true, immutable: true }),
    structCode: text('组织结构', 'Organisation structure', { max: 32, required: true, scroll: 'orgStruct' }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['moduleCode', 'structCode'],
  columns: [seq(), col('moduleCode'), col('structCode', 'code'), col('remark'), state(), operation()],
  title: 'moduleCode',
  sort: { field: 'moduleCode', order: 'asc' },
  lifecycle: 'enable-disable',
  form: { container: 'dialog' },
});
