/**
 * The demo approval flows (issue 15 point 1; docs/approvals.md): rate plans and the three kinds
 * of finance organisation application each go through two steps. Both steps are decided by the
 * ADMIN duty, which the demo's two administrators hold, and no one decides two steps of one
 * flow: `admin` passes the first step, `checker` the second (or the other way round), and the
 * staff clerk who submitted decides none.
 */
const TWO_STEPS = [
  { stepNo: 1, stepName: '部门复核', stepNameEn: 'Department check', dutyCodes: 'ADMIN' },
  { stepNo: 2, stepName: '资金主管审批', stepNameEn: 'Treasury manager approval', dutyCodes: 'ADMIN' },
];

const PROCESSES: Array<[businessType: string, processName: string, processNameEn: string]> = [
  ['rate-plan', '利率方案审批流程', 'Rate plan approval'],
  ['finance-org-enter', '金融机构入网审批流程', 'Finance organisation entry approval'],
  ['finance-org-modify', '金融机构变更审批流程', 'Finance organisation change approval'],
  ['finance-org-back', '金融机构退网审批流程', 'Finance organisation exit approval'],
];

export const PROCESS_FLOWS = PROCESSES.flatMap(([businessType, processName, processNameEn]) => TWO_STEPS.map((step) => ({ businessType, processName, processNameEn, ...step, remark: null })));
