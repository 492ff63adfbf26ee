import { checkProcessStep } from '../services/workflow';
import type { ResourceHooks } from './register';

/**
 * process-config (docs/approvals.md): a step belongs to a reviewed resource's business type, and
 * a business type has each step number once, so its flow's order is never ambiguous.
 */
export const processConfigHooks: ResourceHooks = {
  async beforeInsert(tx, body) {
    await checkProcessStep(tx, body, null);
    return {};
  },
  async beforeStep(tx, row, step, request) {
    if (step === 'RECORD.UPDATE') await checkProcessStep(tx, request.body as Record<string, unknown>, row.id);
  },
};
