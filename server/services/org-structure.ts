import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Organisation structures' trees (portal-shell §1; docs/org-structure.md): the nodes of
 * org_struct_node, each an organisation under its parent organisation in the same structure.
 * Grants "by organisation structure" (server/services/data-auth.ts) read them through orgsUnder;
 * the structure's hooks (server/resources/org-struct-hooks.ts) through subtree.
 */

/** Deeper than any group's structure; only a corrupted table would reach it. */
export const MAX_DEPTH = 64;

interface SubtreeOptions {
  /** Only what is in force: an enabled structure and enabled nodes (a disabled node cuts its branch). */
  inForce: boolean;
}

/**
 * The organisation codes of a node and of every node beneath it, the node first, then level by
 * level (by code within a level); empty when the organisation is not a node of the structure.
 * One recursive query, the same SQL on PGlite and PostgreSQL. The depth bound only guards
 * against rows written around the hooks: the hooks never let a cycle in.
 */
export async function subtree(db: Db, structCode: string, orgCode: string, options: SubtreeOptions): Promise<string[]> {
  const inForce = options.inForce ? sql`and n.enabled and n.record_state = 'approved'` : sql``;
  const structInForce = options.inForce
    ? sql`and exists (select 1 from org_struct s where s.struct_code = ${structCode} and s.enabled and s.record_state = 'approved')`
    : sql``;
  const result = await sql<{ orgCode: string }>`
    with recursive tree (org_code, depth) as (
      select n.org_code, 0 from org_struct_node n
       where n.struct_code = ${structCode} and n.org_code = ${orgCode} ${inForce} ${structInForce}
      union all
      select n.org_code, t.depth + 1 from org_struct_node n
        join tree t on n.parent_org_code = t.org_code
       where n.struct_code = ${structCode} and t.depth < ${MAX_DEPTH} ${inForce}
    )
    select org_code from tree group by org_code order by min(depth), org_code`.execute(db as unknown as Kysely<any>);
  return result.rows.map((r) => r.orgCode);
}

/**
 * The organisation and every organisation beneath it in that structure, as far as the structure
 * is in force (enabled structure, enabled nodes): what a grant of that node gives.
 */
export function orgsUnder(db: Db, structCode: string, orgCode: string): Promise<string[]> {
  return subtree(db, structCode, orgCode, { inForce: true });
}
