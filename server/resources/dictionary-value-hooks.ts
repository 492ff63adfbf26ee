import { CODE } from '../../src/shared/codes';
import valueDef from '../../src/resources/defs/dictionary-value';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * What the dictionary-value resource does beyond the generic routes
 * (src/resources/defs/dictionary-value.ts): a value is unique within its dictionary (the table's
 * `dictionary_item_uq` on dict_type and value), which the generic per-field check cannot say,
 * so a second `1M` in Tenor is refused with 1404 naming the field and value instead of failing
 * on the constraint. Value and dictionary are immutable: only an insert can collide.
 */
export const dictionaryValueHooks: ResourceHooks = {
  async beforeInsert(tx, body, request) {
    const taken = await tx.selectFrom('dictionaryItem').select('id').where('dictType', '=', String(body.dictType)).where('value', '=', String(body.value)).executeTakeFirst();
    if (taken) throw refuse(CODE.recordDuplicate, { field: valueDef.fields.value!.label[request.lang], value: String(body.value) });
    return {};
  },
};
