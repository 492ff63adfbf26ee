import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { RESOURCES } from '../../src/resources';
import { importColumns } from '../../src/resources/field-sets';
import { LANGUAGES } from '../../src/shared/constants';
import { headerKey } from '../services/import/header';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * System field maps (docs/import.md, "Field maps"), checked on every write of a map's content,
 * inside its transaction: the field is one of the columns of the resource's import templates
 * (3900, naming them; the form offers only these, the ImportColumn dictionary of the resource);
 * the column name (compared as the import compares headers: spaces and case aside) is no other
 * map's of that resource (3901) and not already a column's own name or label there (3902: a
 * header would then name two columns). The resource is the ImportResource
 * dictionary's (checked with the dictionaries, before this). The check runs after the write, so
 * it sees the row as written (an add's and an edit's alike); a transaction lock per resource
 * makes two writes at once check one after the other, the second seeing the first.
 */
export const fieldMapHooks: ResourceHooks = {
  async afterWrite(tx, row, step, request) {
    if (step !== 'RECORD.SAVE' && step !== 'RECORD.UPDATE') return;
    const def = RESOURCES.find((d) => d.code === row.resourceCode)!;
    const columns = importColumns(def);
    const label = (field: string) => def.fields[field]!.label[request.lang];
    const field = String(row.fieldName);
    if (!columns.includes(field)) throw refuse(CODE.fieldMapUnknownField, { resource: def.label[request.lang], field, fields: columns.map((c) => `${c} (${label(c)})`).join(', ') });
    const key = headerKey(String(row.sourceName));
    await sql`select pg_advisory_xact_lock(hashtext(${`sys_field_map:${def.code}`}))`.execute(tx);
    const named = columns.find((c) => [c, ...LANGUAGES.map((l) => def.fields[c]!.label[l])].some((n) => headerKey(n) === key));
    if (named) throw refuse(CODE.fieldMapIsColumn, { name: String(row.sourceName), column: label(named) });
    const { rows } = await sql<{ sourceName: string; fieldName: string }>`select source_name as "sourceName", field_name as "fieldName" from sys_field_map
      where resource_code = ${def.code} and id <> ${row.id}`.execute(tx);
    const other = rows.find((r) => headerKey(r.sourceName) === key);
    if (other) throw refuse(CODE.fieldMapTaken, { name: String(row.sourceName), column: def.fields[other.fieldName] ? label(other.fieldName) : other.fieldName });
  },
};
