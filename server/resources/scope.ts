import type { FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../src/resources/define';
import type { Db } from '../db/database';
import { scopeFilter, type ScopeFilter } from '../services/data-auth';
import { grantedFuncs } from '../services/permissions';

/**
 * Hidden params (define.ts `pages`, docs/data-auth.md): a caller holding the resource's own
 * page reads and writes every record; one holding only some of its other pages, only records
 * holding those pages' fixed values (per field, the values of the held pages that fix it). It
 * cuts like data authorisation does, so a record of another kind is not found (1401).
 */
export async function pageScope(db: Db, def: ResourceDef, request: FastifyRequest): Promise<ScopeFilter> {
  if (!def.pages?.length) return null;
  const held = await grantedFuncs(db, request.user!.id, [def.path, ...def.pages.map((p) => p.path)]);
  if (held.has(def.path)) return null;
  const pages = def.pages.filter((p) => held.has(p.path));
  const out: Array<{ field: string; values: string[] }> = [];
  for (const field of new Set(pages.flatMap((p) => Object.keys(p.hidden)))) {
    // A held page that does not fix the field leaves it open.
    const values = pages.map((p) => (p.hidden as Record<string, string | undefined>)[field]);
    if (values.every((v): v is string => v !== undefined)) out.push({ field, values: [...new Set(values)] });
  }
  return out;
}

/**
 * What a caller's reads and steps of a resource are cut to: their data authorisation and their
 * pages' hidden params. The table's query, the reads by id and the export all go through it.
 */
export async function resourceScope(db: Db, def: ResourceDef, request: FastifyRequest): Promise<{ data: ScopeFilter; page: ScopeFilter; all: ScopeFilter }> {
  const data = await scopeFilter(db, request.user!, def);
  const page = await pageScope(db, def, request);
  return { data, page, all: data || page ? [...(data ?? []), ...(page ?? [])] : null };
}
