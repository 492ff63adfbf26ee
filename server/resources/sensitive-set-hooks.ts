import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { RESOURCES } from '../../src/resources';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * Sensitive information settings (docs/sensitive-info.md): a setting names a resource of this
 * portal (the PortalResource dictionary's values) and one of its text fields, the only kind a
 * mask can stand for (3701, naming them), once (3702; a unique index on the pair holds it
 * against two adds at once). Both are set on add only.
 */
export const sensitiveSetHooks: ResourceHooks = {
  async beforeInsert(tx, body, request) {
    const code = String(body.resourceCode ?? '');
    const field = String(body.fieldName ?? '');
    // The resource is one of the PortalResource dictionary's (checked with the dictionaries, before this).
    const def = RESOURCES.find((d) => d.code === code)!;
    const texts = Object.entries(def.fields).filter(([, f]) => f.type === 'text');
    if (!texts.some(([name]) => name === field)) {
      throw refuse(CODE.sensitiveFieldUnknown, { resource: def.label[request.lang], field, fields: texts.map(([name, f]) => `${name} (${f.label[request.lang]})`).join(', ') });
    }
    const { rows } = await sql<{ id: number }>`select id from sensitive_set where resource_code = ${code} and field_name = ${field} limit 1`.execute(tx);
    if (rows[0]) throw refuse(CODE.sensitiveFieldSet, { resource: def.label[request.lang], field: def.fields[field]!.label[request.lang] });
    return {};
  },
};
