import { contract } from '../../shared/contract';
import type { ApprovalData, ApprovalRef } from '../../machines/approval.machine';
import { call } from '../http/call';

/**
 * The approval widgets' calls (src/shared/contract/wkfl.ts; docs/approvals.md): a record's
 * history, its flow steps and its business type's process, together. The widget says what went
 * wrong itself, so no toast as well.
 */
export const approvalApi = {
  load: async (ref: ApprovalRef): Promise<ApprovalData> => {
    const options = { noErrorTip: true } as const;
    const [history, steps, chart] = await Promise.all([
      call(contract.wkfl.history, ref, options),
      call(contract.wkfl.steps, ref, options),
      call(contract.wkfl.chart, { businessType: ref.businessType }, options),
    ]);
    return { history, steps, chart };
  },
};
