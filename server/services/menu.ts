import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Language } from '../../src/shared/constants';
import { hideButtonMap, type FunctionElementRow, type HideButtonMap } from '../../src/shared/function-display';

/**
 * The menu a user may see (shell §2, §6): the functions granted to the active duties of their
 * duty stations, plus every ancestor so the tree is whole. One query, so it stays fast with
 * thousands of leaves (bench/menu-server.bench.ts).
 */
export interface MenuRow {
  id: number;
  fatherFunctionId: number | null;
  functionName: string;
  funcUrl: string | null;
  funcOrder: number;
  oftenUsed: 0 | 1;
}

const grantedIds = (userId: number) => sql`
  select df.func_id as id
  from user_duty ud
  join duty d on d.id = ud.duty_id and d.status = 'active'
  join duty_func df on df.duty_id = ud.duty_id
  where ud.user_id = ${userId}`;

export async function userMenu(db: Db, userId: number, lang: Language): Promise<MenuRow[]> {
  const name = lang === 'en-US' ? sql.ref('f.function_name_en') : sql.ref('f.function_name');
  const { rows } = await sql<MenuRow>`
    with recursive visible(id) as (
      ${grantedIds(userId)}
      union
      select f.father_function_id from func f join visible v on f.id = v.id where f.father_function_id is not null
    )
    select f.id as "id", f.father_function_id as "fatherFunctionId", ${name} as "functionName",
           f.func_url as "funcUrl", f.func_order as "funcOrder",
           case when o.func_id is null then 0 else 1 end as "oftenUsed"
    from func f
    join visible v on v.id = f.id
    left join often_menu o on o.user_id = ${userId} and o.func_id = f.id
    order by f.func_order, f.id`.execute(db);
  return rows;
}

/** A page (a function with an address) granted to the user: what may be starred or made default. */
export async function grantedPage(db: Db, userId: number, funcId: number): Promise<{ id: number; funcUrl: string } | undefined> {
  const { rows } = await sql<{ id: number; funcUrl: string }>`
    select f.id as "id", f.func_url as "funcUrl" from func f
    where f.id = ${funcId} and f.func_url is not null and f.id in (${grantedIds(userId)})`.execute(db);
  return rows[0];
}

/** The user's pages among the given ids, in no particular order. */
export async function grantedPageIds(db: Db, userId: number): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    select distinct f.id as "id" from func f where f.func_url is not null and f.id in (${grantedIds(userId)})`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/**
 * The hide-button map that comes with the user's menu (widgets §6, §7): the enabled func-button
 * rows of the functions the user is granted, so no one learns what another function hides.
 */
export async function userHideButtons(db: Db, userId: number): Promise<HideButtonMap> {
  const { rows } = await sql<FunctionElementRow>`
    select b.func_url as "funcUrl", b.element_kind as "elementKind", b.element_code as "elementCode", b.function_display as "functionDisplay"
    from func_button b
    where b.enabled and b.record_state = 'approved'
      and b.func_url in (select f.func_url from func f where f.func_url is not null and f.id in (${grantedIds(userId)}))
    order by b.id`.execute(db);
  return hideButtonMap(rows);
}
