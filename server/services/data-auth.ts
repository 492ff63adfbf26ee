import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { SessionUser } from '../security/sessions';
import dataAuth from '../../src/resources/defs/data-auth';
import moduleRel from '../../src/resources/defs/org-struct-module-rel';
import type { DataDim, ResourceDef } from '../../src/resources/define';
import { USER_TYPE_ADMIN } from '../../src/shared/constants';
import { orgsUnder } from './org-structure';

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

/** A grant of a structure node (its organisation and every one beneath it) is a grant of organisations. */
const STRUCT_NODE = 'orgStruct';

/**
 * The values of one kind of data granted to a user (approved and enabled grants only). For
 * organisations, also those under each structure node granted, as far as the structure is in
 * force now (server/services/org-structure.ts): a node added under it later is granted at once.
 * For a module's records (`module`), a node grant counts only when its structure is the one the
 * module works by (org-struct-module-rel, in force); a module related to no structure takes no
 * node grant. Records of no module take node grants of any structure.
 */
export async function grantedValues(db: Db, userCode: string, dim: DataDim, module?: string): Promise<string[]> {
  const kinds = dim === 'org' ? [dim, STRUCT_NODE] : [dim];
  const rows = (await (db as unknown as Kysely<any>)
    .selectFrom(dataAuth.table)
    .select(['dataType', 'structCode', 'dataValue'])
    .where('userCode', '=', userCode)
    .where('dataType', 'in', kinds)
    .where('recordState', '=', 'approved')
    .where('enabled', '=', true)
    .execute()) as Array<{ dataType: string; structCode: string | null; dataValue: string }>;
  const structure = module !== undefined && rows.some((r) => r.dataType === STRUCT_NODE) ? await moduleStructure(db, module) : undefined;
  const out = new Set<string>();
  for (const r of rows) {
    if (r.dataType !== STRUCT_NODE) out.add(r.dataValue);
    else if (module === undefined || (structure !== null && r.structCode === structure)) {
      for (const org of await orgsUnder(db, r.structCode ?? '', r.dataValue)) out.add(org);
    }
  }
  return [...out];
}

/** The structure a business module works by (its relation in force), or null. */
async function moduleStructure(db: Db, module: string): Promise<string | null> {
  const rel = (await (db as unknown as Kysely<any>)
    .selectFrom(moduleRel.table)
    .select('structCode')
    .where('moduleCode', '=', module)
    .where('recordState', '=', 'approved')
    .where('enabled', '=', true)
    .executeTakeFirst()) as { structCode: string } | undefined;
  return rel?.structCode ?? null;
}

/** The filter a caller's reads of a resource go through. */
export async function scopeFilter(db: Db, user: SessionUser, def: ResourceDef): Promise<ScopeFilter> {
  if (!def.dataScope?.length || user.userType === USER_TYPE_ADMIN) return null;
  const out: Array<{ field: string; values: string[] }> = [];
  for (const { field, dim } of def.dataScope) out.push({ field, values: await grantedValues(db, user.userCode, dim, def.module) });
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
