import { col, defineResource, operation, seq, state, text, type ResourceDef } from './define';

/**
 * Finance organisation applications (portal-shell §1: enter, modify, back, with approval):
 * three families with one shape, each its own menu leaf and its own approval flow
 * (docs/approvals.md). The spec shows no field names; these are the least an application needs.
 */
const KINDS = {
  enter: { rule: 'FE', zh: '金融机构入网申请', en: 'Finance organisation entry application' },
  modify: { rule: 'FM', zh: '金融机构变更申请', en: 'Finance organisation change application' },
  back: { rule: 'FB', zh: '金融机构退网申请', en: 'Finance organisation exit application' },
} as const;

export function financeOrgApplication(kind: keyof typeof KINDS): ResourceDef {
  const k = KINDS[kind];
  return defineResource({
    code: `finance-org-${kind}`,
    path: `/finance-org-${kind}`,
    table: `finance_org_${kind}`,
    label: { 'zh-CN': k.zh, 'en-US': k.en },
    fields: {
      applyNo: text('申请编号', 'Application number', { max: 64, required: true, unique: true, immutable: true, ruleCode: k.rule }),
      orgName: text('金融机构名称', 'Finance organisation', { max: 100, required: true }),
      bankCode: text('银行代码', 'Bank code', { max: 20, pattern: '^[A-Za-z0-9]+$', patternHint: 'resource.hint.code', required: true }),
      reason: text('申请理由', 'Reason', { max: 500, required: true }),
      remark: text('说明', 'Remark', { max: 500 }),
    },
    query: ['applyNo', 'orgName', 'bankCode'],
    columns: [seq(), col('applyNo', 'code'), col('orgName'), col('bankCode'), col('reason'), state(), operation()],
    title: 'applyNo',
    sort: { field: 'applyNo', order: 'desc' },
    lifecycle: 'review',
    form: { container: 'dialog', autosave: { add: false } },
  });
}
