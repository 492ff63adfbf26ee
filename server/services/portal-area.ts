import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { isWorkbenchArea, type UserArea, type WorkbenchAreaCode } from '../../src/shared/workbench-areas';
import { refuse } from '../http/answer';

/**
 * Home page areas (docs/workbench.md, "Areas"). The system area settings (`portal_area`, the
 * sys-area-set resource) say which areas the portal offers, in what order, shown or not by
 * default; a user's rows (`user_portal_area`) say where they put each and whether they show it.
 * A user's home page is every offered area: those the user placed in the user's order, then
 * the others (added since, or never placed) in the system's order, as the system shows them.
 */
interface OfferedArea {
  areaCode: WorkbenchAreaCode;
  shownByDefault: boolean;
}

/** Enabled system areas the build has, in the system's order. */
async function offeredAreas(db: Db): Promise<OfferedArea[]> {
  const { rows } = await sql<{ areaCode: string; shownByDefault: boolean }>`select area_code as "areaCode", shown_by_default as "shownByDefault"
    from portal_area where enabled order by sort_order, id`.execute(db);
  // A code the build no longer has (an area removed from the portal) is left out, not shown broken.
  return rows.filter((r): r is OfferedArea => isWorkbenchArea(r.areaCode));
}

/** The user's home page: the areas they placed that are offered, in their order, then the other offered ones as the system shows them. */
function layoutOf(offered: readonly OfferedArea[], placed: ReadonlyArray<{ areaCode: string; shown: boolean }>): UserArea[] {
  const offeredCodes = new Set(offered.map((a) => a.areaCode));
  const mine = placed.filter((p): p is UserArea => offeredCodes.has(p.areaCode as WorkbenchAreaCode)).map((p) => ({ areaCode: p.areaCode, shown: p.shown }));
  const placedCodes = new Set(mine.map((a) => a.areaCode));
  return [...mine, ...offered.filter((a) => !placedCodes.has(a.areaCode)).map((a) => ({ areaCode: a.areaCode, shown: a.shownByDefault }))];
}

export async function userAreas(db: Db, userId: number): Promise<UserArea[]> {
  const [offered, placed] = await Promise.all([
    offeredAreas(db),
    db.selectFrom('userPortalArea').select(['areaCode', 'shown']).where('userId', '=', userId).orderBy('sortOrder').execute(),
  ]);
  return layoutOf(offered, placed);
}

/**
 * Keeps the user's order and choice. Every area named must be offered now (3800: one the
 * system disabled while the user was choosing is refused, not kept hidden for later) and named
 * once (3801). Areas left out are not placed: they follow in the system's order.
 */
export async function reorderUserAreas(db: Db, userId: number, areas: UserArea[]): Promise<UserArea[]> {
  const offered = await offeredAreas(db);
  const offeredCodes = new Set(offered.map((a) => a.areaCode));
  const seen = new Set<string>();
  for (const { areaCode } of areas) {
    if (!offeredCodes.has(areaCode)) throw refuse(CODE.areaNotOffered, { area: areaCode });
    if (seen.has(areaCode)) throw refuse(CODE.areaTwice, { area: areaCode });
    seen.add(areaCode);
  }
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('userPortalArea').where('userId', '=', userId).execute();
    if (areas.length) await tx.insertInto('userPortalArea').values(areas.map((a, i) => ({ userId, areaCode: a.areaCode, sortOrder: i + 1, shown: a.shown }))).execute();
  });
  return layoutOf(offered, areas);
}

export async function resetUserAreas(db: Db, userId: number): Promise<UserArea[]> {
  await db.deleteFrom('userPortalArea').where('userId', '=', userId).execute();
  return layoutOf(await offeredAreas(db), []);
}
