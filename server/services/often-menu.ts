import type { Db } from '../db/database';
import { OFTEN_MENU_MAX } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { localised } from '../i18n';
import { grantedPage, grantedPageIds } from './menu';

/** Often-used menus: starred pages, per user; only pages the user is granted. */
export async function addOftenMenu(db: Db, userId: number, funcId: number): Promise<void> {
  if (!(await grantedPage(db, userId, funcId))) throw refuse(CODE.funcNotGranted);
  // The count and the insert in one transaction, so two stars at once cannot pass the maximum together.
  await db.transaction().execute(async (tx) => {
    const count = await tx.selectFrom('oftenMenu').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).where('funcId', '!=', funcId).executeTakeFirstOrThrow();
    if (Number(count.n) >= OFTEN_MENU_MAX) throw refuse(CODE.oftenMenuFull, { max: OFTEN_MENU_MAX });
    await tx.insertInto('oftenMenu').values({ userId, funcId }).onConflict((oc) => oc.columns(['userId', 'funcId']).doNothing()).execute();
  });
}

export async function deleteOftenMenu(db: Db, userId: number, funcId: number): Promise<void> {
  await db.deleteFrom('oftenMenu').where('userId', '=', userId).where('funcId', '=', funcId).execute();
}

export async function clearOftenMenus(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('oftenMenu').where('userId', '=', userId).execute();
}

export async function oftenMenus(db: Db, userId: number, lang: string) {
  const granted = await grantedPageIds(db, userId);
  const rows = await db
    .selectFrom('oftenMenu as o')
    .innerJoin('func as f', 'f.id', 'o.funcId')
    .select(['o.funcId', 'f.functionName', 'f.functionNameEn', 'f.funcUrl'])
    .where('o.userId', '=', userId)
    .orderBy('o.createdAt')
    .orderBy('o.funcId')
    .execute();
  return rows.filter((r) => granted.has(r.funcId)).map((r) => ({ funcId: r.funcId, functionName: localised(lang, r.functionName, r.functionNameEn), funcUrl: r.funcUrl ?? '' }));
}
