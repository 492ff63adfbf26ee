/**
 * The seeded organisation structures and module relations (docs/org-structure.md), over the
 * organisations of resources-misc.ts: the main structure is how the group manages its funds
 * (the settlement centre under headquarters, the member units it settles for beneath it); the
 * management structure is the plain reporting line. Modules without a relation (investments,
 * foreign exchange) are left for administrators to relate.
 */

export const MAIN_STRUCT_CODE = 'FUND';

export const ORG_STRUCTS = [
  { structCode: MAIN_STRUCT_CODE, structName: '集团资金管理架构', structNameEn: 'Group funds management structure', mainFlag: true, remark: '资金集中管理：结算中心统一为成员单位办理结算' },
  { structCode: 'MGMT', structName: '集团管理架构', structNameEn: 'Group management structure', mainFlag: false, remark: '行政管理与报告关系' },
];

/** [structure, organisation, parent organisation or null for the root] */
const NODES: Array<[string, string, string | null]> = [
  [MAIN_STRUCT_CODE, 'HQ', null],
  [MAIN_STRUCT_CODE, 'SC01', 'HQ'],
  [MAIN_STRUCT_CODE, 'SH01', 'SC01'],
  [MAIN_STRUCT_CODE, 'GZ01', 'SC01'],
  ['MGMT', 'HQ', null],
  ['MGMT', 'SC01', 'HQ'],
  ['MGMT', 'SH01', 'HQ'],
  ['MGMT', 'GZ01', 'HQ'],
];

export const ORG_STRUCT_NODES = NODES.map(([structCode, orgCode, parentOrgCode]) => ({ structCode, orgCode, parentOrgCode }));

export const ORG_STRUCT_MODULE_RELS = [
  { moduleCode: 'SETTLE', structCode: MAIN_STRUCT_CODE, remark: null },
  { moduleCode: 'ACCOUNT', structCode: MAIN_STRUCT_CODE, remark: null },
  { moduleCode: 'FUNDPLAN', structCode: MAIN_STRUCT_CODE, remark: '资金计划按资金管理架构逐级上报' },
  { moduleCode: 'LOAN', structCode: MAIN_STRUCT_CODE, remark: null },
  { moduleCode: 'BUDGET', structCode: 'MGMT', remark: '预算按管理架构编制与汇总' },
  { moduleCode: 'BILL', structCode: 'MGMT', remark: null },
];
