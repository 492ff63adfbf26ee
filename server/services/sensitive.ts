import { sql, type RawBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { ResourceDef } from '../../src/resources/define';
import { USER_TYPE_ADMIN } from '../../src/shared/constants';
import { MASK, MASK_KEEP_END, MASK_KEEP_START, MASK_RULES, type MaskRule } from '../../src/shared/masking';

/**
 * Sensitive fields (docs/sensitive-info.md): which of a resource's text fields a caller sees
 * masked in its table and its exported files, and the SQL that masks them, so a masked value
 * never leaves the database in clear. Administrators see every value in clear, and so does a
 * holder (through an active duty) of a setting's clear-view duty.
 */

/** Field → rule: the fields masked for one caller on one resource (empty: nothing masked). */
export type Masks = ReadonlyMap<string, MaskRule>;
export const NO_MASKS: Masks = new Map();

export async function masksFor(db: Db, def: ResourceDef, request: FastifyRequest): Promise<Masks> {
  const user = request.user;
  if (!user || user.userType === USER_TYPE_ADMIN) return NO_MASKS;
  const { rows } = await sql<{ fieldName: string; maskRule: string; cleared: boolean }>`
    select s.field_name as "fieldName", s.mask_rule as "maskRule",
      s.clear_duty_code is not null and exists (select 1 from user_duty ud join duty d on d.id = ud.duty_id and d.status = 'active'
        where ud.user_id = ${user.id} and d.duty_code = s.clear_duty_code) as cleared
    from sensitive_set s where s.enabled and s.resource_code = ${def.code}`.execute(db);
  const masks = new Map<string, MaskRule>();
  for (const r of rows) {
    // A setting this build's definition no longer backs (a field renamed since) masks nothing.
    if (r.cleared || def.fields[r.fieldName]?.type !== 'text' || !(MASK_RULES as readonly string[]).includes(r.maskRule)) continue;
    masks.set(r.fieldName, r.maskRule as MaskRule);
  }
  return masks;
}

/** The masked value of a text column, in SQL: what `maskValue` (src/shared/masking.ts) answers. */
export function maskSql(rule: MaskRule, value: RawBuilder<unknown>): RawBuilder<string | null> {
  const kept =
    rule === 'MIDDLE'
      ? sql`case when length(${value}) >= ${sql.lit(MASK_KEEP_START + MASK_KEEP_END + 1)} then left(${value}, ${sql.lit(MASK_KEEP_START)}) || ${sql.lit(MASK)} || right(${value}, ${sql.lit(MASK_KEEP_END)}) else ${sql.lit(MASK)} end`
      : rule === 'TAIL'
        ? sql`case when length(${value}) >= ${sql.lit(MASK_KEEP_END + 1)} then ${sql.lit(MASK)} || right(${value}, ${sql.lit(MASK_KEEP_END)}) else ${sql.lit(MASK)} end`
        : sql`${sql.lit(MASK)}`;
  return sql<string | null>`(case when ${value} is null or ${value} = '' then ${value} else ${kept} end)`;
}
