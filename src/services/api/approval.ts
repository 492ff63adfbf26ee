import { contract } from '../../shared/contract';
import type { ApprovalData, ApprovalRef } from '../../machines/approval.machine';
import { call } from '../http/call';
import { pathOf } from '../../shared/contract';
import { download } from '../http/client';

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
  /**
   * A decision's file, saved as a blob (the session in the header, never in an address, as every
   * attachment download). A refusal (another's file, 2706) is the request layer's toast, since
   * the timeline has no place of its own to say it.
   */
  downloadFile: async (id: number): Promise<void> => {
    await download({ method: 'GET', url: pathOf(contract.upload.download), data: { id: String(id) } });
  },
};
