import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { RESOURCES } from '../../src/resources';
import { sectionsOf } from '../../src/resources/define';
import type { SectionEntry } from '../../src/shared/contract/section-order';
import { refuse } from '../http/answer';

/**
 * The edit form's section order (widgets §3, §5, §7, §8; issue 11 point 1): per user and page,
 * the order; per page, for everyone, whether a section exists (DECISIONS, "Administrators'
 * settings"), which only administrators change. Refusals are 170x codes.
 */

export interface LoadedSectionOrder {
  customOrder: SectionEntry[] | null;
  /** The sections administrators hid for everyone, by name. */
  hiddenParams: string[];
}

/**
 * The sections a page's form has, when the server knows them: a resource's form sections
 * (`sectionsOf`, the definition's or the one default section). Null for a page that is not a
 * resource: names are then checked by form and count only, and the browser still drops an order
 * that does not fit its form (widgets §5).
 */
export function pageSections(pageCode: string): readonly string[] | null {
  const def = RESOURCES.find((r) => r.code === pageCode);
  return def ? sectionsOf(def).map((s) => s.name) : null;
}

/** The page's existence flags by section name (a section not listed exists). */
async function existFlags(db: Db, pageCode: string): Promise<Map<string, boolean>> {
  const rows = await db.selectFrom('sectionExist').select(['name', 'exist']).where('pageCode', '=', pageCode).orderBy('name').execute();
  return new Map(rows.map((r) => [r.name, r.exist]));
}

export async function sectionOrder(db: Db, userId: number, pageCode: string): Promise<LoadedSectionOrder> {
  const saved = await db.selectFrom('sectionOrder').select(sql<string>`section_order::text`.as('orderText')).where('userId', '=', userId).where('pageCode', '=', pageCode).executeTakeFirst();
  const flags = await existFlags(db, pageCode);
  const names = saved ? (JSON.parse(saved.orderText) as string[]) : null;
  return {
    customOrder: names ? names.map((name) => ({ name, exist: flags.get(name) ?? true })) : null,
    hiddenParams: [...flags].filter(([, exist]) => !exist).map(([name]) => name),
  };
}

/**
 * Saves the user's order; an empty list goes back to the default order. Every name once, and,
 * when the server knows the page's sections, only those (1700). An administrator's `exist` flags become the
 * page's in the same transaction; anyone else's must be the page's as they are (1702), so a
 * staff member cannot hide a section for everyone, nor bring back one an administrator hid.
 */
export async function saveSectionOrder(db: Db, userId: number, admin: boolean, pageCode: string, entries: SectionEntry[], known: readonly string[] | null = pageSections(pageCode)): Promise<void> {
  const seen = new Set<string>();
  for (const { name } of entries) {
    if (seen.has(name)) throw refuse(CODE.sectionDuplicate, { name });
    seen.add(name);
    if (known && !known.includes(name)) throw refuse(CODE.sectionUnknown, { name });
  }
  await db.transaction().execute(async (tx) => {
    if (!admin) {
      const flags = await existFlags(tx, pageCode);
      if (entries.some((e) => e.exist !== (flags.get(e.name) ?? true))) throw refuse(CODE.sectionHiddenAdminOnly);
    }
    if (entries.length === 0) {
      await tx.deleteFrom('sectionOrder').where('userId', '=', userId).where('pageCode', '=', pageCode).execute();
      return;
    }
    const sectionOrder = JSON.stringify(entries.map((e) => e.name));
    await tx
      .insertInto('sectionOrder')
      .values({ userId, pageCode, sectionOrder })
      .onConflict((oc) => oc.columns(['userId', 'pageCode']).doUpdateSet({ sectionOrder, updatedAt: sql`now()` }))
      .execute();
    if (!admin) return;
    for (const e of entries) {
      await tx
        .insertInto('sectionExist')
        .values({ pageCode, name: e.name, exist: e.exist, updatedBy: userId })
        .onConflict((oc) => oc.columns(['pageCode', 'name']).doUpdateSet({ exist: e.exist, updatedBy: userId, updatedAt: sql`now()` }))
        .execute();
    }
  });
}
