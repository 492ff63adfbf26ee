import { CODE } from '../../src/shared/codes';
import { RESOURCES } from '../../src/resources';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * What the approval-field resource does beyond the generic routes
 * (src/resources/defs/approval-field.ts): one config per page and field (the table's
 * `approval_field_uq`), refused with 1703 rather than failing on the constraint; and, for a page
 * that is a resource, a field it has (1704), so a typo does not silently configure nothing. Code
 * and field are immutable: only an insert can collide.
 */
export const approvalFieldHooks: ResourceHooks = {
  async beforeInsert(tx, body) {
    const code = String(body.code);
    const prop = String(body.prop);
    const page = RESOURCES.find((r) => r.code === code);
    if (page && !(prop in page.fields)) throw refuse(CODE.approvalFieldUnknown, { code, prop });
    const taken = await (tx as any).selectFrom('approvalField').select('id').where('code', '=', code).where('prop', '=', prop).executeTakeFirst();
    if (taken) throw refuse(CODE.approvalFieldDuplicate, { code, prop });
    return {};
  },
};
