import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { RESOURCES } from '../../src/resources';
import { textFields } from '../../src/resources/field-sets';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * Sensitive information settings (docs/sensitive-info.md): a setting names a resource of this
 * portal (the PortalResource dictionary's values) and one of its text fields, the only kind a
 * mask can stand for (3701, naming them: the form offers only these, from the SensitiveField
 * dictionary of the resource; a caller of the API may send any), once (3702; a unique index on
 * the pair holds it against two adds at once). Both are set on add only.
 */
export const sensitiveSetHooks: ResourceHooks = {
  async beforeInsert(tx, body, request) {
    const code = String(body.resourceCode ?? '');
    const field = String(body.fieldName ?? '');
    // The resource is one of the PortalResource dictionary's (checked with the dictionaries, before this).
    const def = RESOURCES.find((d) => d.code === code)!;
    const texts = textFields(def);
    if (!texts.includes(field)) {
      throw refuse(CODE.sensitiveFieldUnknown, { resource: def.label[request.lang], field, fields: texts.map((name) => `${name} (${def.fields[name]!.label[request.lang]})`).join(', ') });
    }
    const { rows } = await sql<{ id: number }>`select id from sensitive_set where resource_code = ${code} and field_name = ${field} limit 1`.execute(tx);
    if (rows[0]) throw refuse(CODE.sensitiveFieldSet, { resource: def.label[request.lang], field: def.fields[field]!.label[request.lang] });
    return {};
  },
};
