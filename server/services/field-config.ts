import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import { RESOURCES } from '../../src/resources';
import approvalField from '../../src/resources/defs/approval-field';
import type { FieldConfig } from '../../src/shared/contract/field-config';
import { forbidden } from '../http/answer';
import { grantedFunc } from './permissions';

/**
 * The approval field config of a page (widgets §7 "Edit form": POST field-config URL {code};
 * issue 11 point 5), read from the administered `approval-field` resource: only configs in
 * force and enabled, one per field, in the order they were made. A code that names a resource
 * answers only to someone whose duties grant that resource's page (the config tells which of
 * its fields a checker may change); any other code answers to everyone logged in.
 */
export async function fieldConfigs(db: Db, userId: number, code: string): Promise<FieldConfig[]> {
  const page = RESOURCES.find((r) => r.code === code);
  if (page && !(await grantedFunc(db, userId, page.path))) throw forbidden();
  // Resource tables are named by definitions, so they are not in the typed Database.
  const rows = await (db as unknown as Kysely<any>)
    .selectFrom(approvalField.table)
    .select(['prop', 'value', 'disabled', 'isValidValue'])
    .where('code', '=', code)
    .where('enabled', '=', true)
    .where('recordState', '=', 'approved')
    .orderBy('id')
    .execute();
  return (rows as Array<{ prop: string; value: string | null; disabled: boolean | null; isValidValue: boolean | null }>).map((r) => ({
    prop: r.prop,
    value: r.value === null || r.value === '' ? null : r.value,
    // An unset flag means what the resource's default means: read-only, value kept.
    disabled: r.disabled ?? true,
    isValidValue: r.isValidValue ?? true,
  }));
}
