import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { dutyUsage, localised, syncDutyStatus } from '../services/user-admin';
import type { ResourceHooks } from './register';

/**
 * What the duty resource does beyond the generic routes (src/resources/defs/duty.ts), inside
 * each write's transaction: a duty still held by a user is neither cancelled nor deleted (1601,
 * portal-shell §5 "duty used"; POST /duty/validate-duty-used asks first), and after every step
 * `duty.status` follows the record, so a duty grants its functions only while approved and
 * enabled.
 */
export const dutyHooks: ResourceHooks = {
  async beforeStep(tx, row, step, request) {
    if (step !== 'RECORD.NULLIFY' && step !== 'RECORD.DELETE') return;
    const count = await dutyUsage(tx, row.id);
    if (count > 0) throw refuse(CODE.dutyUsed, { duty: localised(request.lang, String(row.dutyName), (row.dutyNameEn as string | null) ?? null), count });
  },

  async afterWrite(tx, row) {
    await syncDutyStatus(tx, row.id);
  },
};
