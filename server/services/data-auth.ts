import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { SessionUser } from '../security/sessions';
import dataAuth from '../../src/resources/defs/data-auth';
import type { DataDim, ResourceDef } from '../../src/resources/define';
import { USER_TYPE_ADMIN } from '../../src/shared/constants';

/**
 * Data authorisation (portal-shell §1, §6; issue 12 point 5): what a user may see of scoped
 * data. A resource names its scoped fields (`dataScope` in its definition); a caller sees only
 * the records whose every scoped field holds a value granted to them (approved, enabled grants
 * of the data-auth family). Administrators see everything: they administer the grants.
 *
 * This is the one place that reads grants; the store applies the filter it returns to every
 * paged query and every read by id, so a crafted request for another organisation's record
 * finds nothing.
 */

/** The values a caller may see, per scoped field; null when nothing is cut. */
export type ScopeFilter = Array<{ field: string; values: string[] }> | null;

/** The values of one kind of data granted to a user (approved and enabled grants only). */
export async function grantedValues(db: Db, userCode: string, dim: DataDim): Promise<string[]> {
  const rows = await (db as unknown as Kysely<any>)
    .selectFrom(dataAuth.table)
    .select('dataValue')
    .where('userCode', '=', userCode)
    .where('dataType', '=', dim)
    .where('recordState', '=', 'approved')
    .where('enabled', '=', true)
    .execute();
  return (rows as Array<{ dataValue: string }>).map((r) => r.dataValue);
}

/** The filter a caller's reads of a resource go through. */
export async function scopeFilter(db: Db, user: SessionUser, def: ResourceDef): Promise<ScopeFilter> {
  if (!def.dataScope?.length || user.userType === USER_TYPE_ADMIN) return null;
  const out: Array<{ field: string; values: string[] }> = [];
  for (const { field, dim } of def.dataScope) out.push({ field, values: await grantedValues(db, user.userCode, dim) });
  return out;
}

/** The first scoped field of a body whose value the caller is not granted, or null. */
export function ungrantedField(scope: ScopeFilter, body: Record<string, unknown>): string | null {
  for (const { field, values } of scope ?? []) {
    const value = body[field];
    if (value !== undefined && value !== null && value !== '' && !values.includes(String(value))) return field;
  }
  return null;
}
