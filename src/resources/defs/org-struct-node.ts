import { col, defineResource, operation, seq, state, text } from '../define';

/**
 * The organisations of an organisation structure: one node per organisation, under its parent
 * organisation in the same structure (none for a root). Administered from the structure's row
 * (src/views/resource/extras/OrgStructExtras.tsx); the tree's rules (no organisation twice, the
 * parent in the structure, no cycle, no removal of a node with children) are
 * server/resources/org-struct-hooks.ts.
 */
export default defineResource({
  code: 'org-struct-node',
  path: '/org-struct-node',
  table: 'org_struct_node',
  label: { 'zh-CN': '组织结构节点', 'en-US': 'Structure node' },
  fields: {
    structCode: text('结构代码', 'Structure code', { max: 32, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, immutable: true }),
    orgCode: text('机构', 'Organisation', { max: 64, required: true, immutable: true, lookup: 'organisation', fills: { orgCode: 'orgCode' } }),
    parentOrgCode: text('上级机构', 'Parent organisation', { max: 64, lookup: 'organisation', fills: { parentOrgCode: 'orgCode' } }),
  },
  query: ['structCode', 'orgCode', 'parentOrgCode'],
  columns: [seq(), col('structCode', 'code'), col('orgCode', 'code'), col('parentOrgCode', 'code'), state(), operation()],
  title: 'orgCode',
  sort: { field: 'structCode', order: 'asc' },
  lifecycle: 'enable-disable',
});
