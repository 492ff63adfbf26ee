import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { SAVED_QUERY_DEFAULT, SAVED_QUERY_MAX_DEFAULT, SAVED_QUERY_NAME_MAX, SAVED_QUERY_NOT_DEFAULT } from '../../src/shared/constants';
import { SAVED_QUERY_OPERATIONS, type ColumnSetting, type HiddenParam, type SavedQuery } from '../../src/shared/contract/query-settings';
import { hasFilter, isJsonObjectText, nameLength } from '../../src/shared/query-rules';
import { refuse } from '../http/answer';

/**
 * The query page's settings (widgets §3, §5, §7; issue 10 points 4 and 6), per user and page:
 * saved queries, the query form's field order, the table's column settings; and per page, for
 * everyone, the hidden params and whether a column exists (DECISIONS, "Administrators'
 * settings"). Every refusal is a 15xx code. jsonb columns are read as text and parsed here, so
 * the camel-case plugin never renames the keys a user's filters carry.
 */

type FormData = SavedQuery['formData'];
type Values = Record<string, string | number | boolean | null>;

/** The saved-query maximum of a page: one for every page until a page sets its own (DECISIONS). */
export function savedQueryMax(_pageCode: string): number {
  return SAVED_QUERY_MAX_DEFAULT;
}

// ---- Saved queries --------------------------------------------------------------------

/** The user's saved queries of a page, the default first, then in the order they were saved. */
export async function savedQueries(db: Db, userId: number, pageCode: string): Promise<SavedQuery[]> {
  const rows = await db
    .selectFrom('savedQuery')
    .select(['id', 'pageCode', 'name', 'isDefault', sql<string>`form_data::text`.as('formDataText')])
    .where('userId', '=', userId)
    .where('pageCode', '=', pageCode)
    .orderBy('isDefault', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.pageCode,
    name: r.name,
    defaultFlag: r.isDefault ? SAVED_QUERY_DEFAULT : SAVED_QUERY_NOT_DEFAULT,
    formData: JSON.parse(r.formDataText) as FormData,
  }));
}

export interface SaveQueryInput {
  code: string;
  operationType: 1 | 2 | 3;
  id?: number;
  name?: string;
  defaultFlag?: 1 | 2;
  formData?: Values;
}

/**
 * Creates a saved query (operationType 1), or unsets (2) or sets (3) the default of one. One
 * default per user and page: setting one clears the others in the same transaction. The
 * user's row is locked first, so two saves of one user at once cannot pass the maximum or the
 * name check together. Answers the page's list as it is now.
 */
export async function saveQuery(db: Db, userId: number, input: SaveQueryInput): Promise<SavedQuery[]> {
  const { code } = input;
  await db.transaction().execute(async (tx) => {
    await tx.selectFrom('appUser').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (input.operationType === SAVED_QUERY_OPERATIONS.create) {
      const name = (input.name ?? '').trim();
      if (!name) throw refuse(CODE.savedQueryNameRequired);
      if (nameLength(name) > SAVED_QUERY_NAME_MAX) throw refuse(CODE.savedQueryNameTooLong, { max: SAVED_QUERY_NAME_MAX });
      const formData = input.formData ?? {};
      if (!hasFilter(formData)) throw refuse(CODE.savedQueryNoFilter);
      const mine = tx.selectFrom('savedQuery').where('userId', '=', userId).where('pageCode', '=', code);
      const count = await mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const max = savedQueryMax(code);
      if (Number(count.n) >= max) throw refuse(CODE.savedQueryTooMany, { max });
      const taken = await mine.select('id').where('name', '=', name).executeTakeFirst();
      if (taken) throw refuse(CODE.savedQueryNameTaken, { name });
      const isDefault = input.defaultFlag === SAVED_QUERY_DEFAULT;
      if (isDefault) await clearDefault(tx, userId, code);
      await tx.insertInto('savedQuery').values({ userId, pageCode: code, name, isDefault, formData: JSON.stringify(formData) }).execute();
      return;
    }
    if (input.id === undefined) throw refuse(CODE.savedQueryNotFound);
    const setting = input.operationType === SAVED_QUERY_OPERATIONS.setDefault;
    const found = await tx.selectFrom('savedQuery').select('id').where('id', '=', input.id).where('userId', '=', userId).where('pageCode', '=', code).executeTakeFirst();
    if (!found) throw refuse(CODE.savedQueryNotFound);
    if (setting) await clearDefault(tx, userId, code);
    await tx.updateTable('savedQuery').set({ isDefault: setting }).where('id', '=', found.id).execute();
  });
  return savedQueries(db, userId, code);
}

async function clearDefault(tx: Db, userId: number, pageCode: string): Promise<void> {
  await tx.updateTable('savedQuery').set({ isDefault: false }).where('userId', '=', userId).where('pageCode', '=', pageCode).where('isDefault', '=', true).execute();
}

/** Deletes one of the user's saved queries of a page; another user's is "not found". */
export async function deleteQuery(db: Db, userId: number, pageCode: string, id: number): Promise<SavedQuery[]> {
  const deleted = await db.deleteFrom('savedQuery').where('id', '=', id).where('userId', '=', userId).where('pageCode', '=', pageCode).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw refuse(CODE.savedQueryNotFound);
  return savedQueries(db, userId, pageCode);
}

// ---- Field order and hidden params --------------------------------------------------------

function refuseDuplicates(names: string[]): void {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) throw refuse(CODE.settingsDuplicateField, { field: n });
    seen.add(n);
  }
}

/** The user's field order of a page's query form (null when none), and the page's hidden params. */
export async function formOrder(db: Db, userId: number, pageCode: string) {
  const order = await db.selectFrom('queryFormOrder').select(sql<string>`field_order::text`.as('orderText')).where('userId', '=', userId).where('pageCode', '=', pageCode).executeTakeFirst();
  const hidden = await db.selectFrom('queryHiddenParam').select(['prop', 'label', 'showOrHide', 'defaultVal', 'required']).where('pageCode', '=', pageCode).orderBy('prop').execute();
  return {
    customOrder: order ? (JSON.parse(order.orderText) as string[]) : null,
    hiddenParams: hidden.map((h) => ({ prop: h.prop, ...(h.label !== null ? { label: h.label } : {}), showOrHide: h.showOrHide, defaultVal: h.defaultVal, required: h.required })),
  };
}

/** Saves the user's field order; an empty list goes back to the page's default order. */
export async function saveFormOrder(db: Db, userId: number, pageCode: string, names: string[]): Promise<void> {
  refuseDuplicates(names);
  if (names.length === 0) {
    await db.deleteFrom('queryFormOrder').where('userId', '=', userId).where('pageCode', '=', pageCode).execute();
    return;
  }
  const fieldOrder = JSON.stringify(names);
  await db
    .insertInto('queryFormOrder')
    .values({ userId, pageCode, fieldOrder })
    .onConflict((oc) => oc.columns(['userId', 'pageCode']).doUpdateSet({ fieldOrder, updatedAt: sql`now()` }))
    .execute();
}

/** Saves one hidden param of a page, for everyone; its default value must be empty or a JSON object (widgets §5). */
export async function saveHiddenParam(db: Db, userId: number, pageCode: string, param: HiddenParam): Promise<void> {
  if (!isJsonObjectText(param.defaultVal)) throw refuse(CODE.hiddenParamBadJson);
  const values = { showOrHide: param.showOrHide, defaultVal: param.defaultVal.trim(), required: param.required, label: param.label ?? null, updatedBy: userId };
  await db
    .insertInto('queryHiddenParam')
    .values({ pageCode, prop: param.prop, ...values })
    .onConflict((oc) => oc.columns(['pageCode', 'prop']).doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .execute();
}

// ---- Table columns ------------------------------------------------------------------------

/** The page's existence flags, by field (a field not listed exists). */
async function existFlags(db: Db, pageCode: string): Promise<Record<string, boolean>> {
  const rows = await db.selectFrom('tableColumnExist').select(['field', 'exist']).where('pageCode', '=', pageCode).orderBy('field').execute();
  return Object.fromEntries(rows.map((r) => [r.field, r.exist]));
}

/**
 * The user's column settings of a page's table (null when none), each with the page's `exist`
 * flag; and the page's flags on their own, so a user who never saved columns still loses the
 * columns an administrator took away.
 */
export async function columns(db: Db, userId: number, pageCode: string) {
  const saved = await db.selectFrom('tableColumnSetting').select(sql<string>`columns::text`.as('columnsText')).where('userId', '=', userId).where('pageCode', '=', pageCode).executeTakeFirst();
  const exist = await existFlags(db, pageCode);
  const list = saved ? (JSON.parse(saved.columnsText) as Array<Omit<ColumnSetting, 'exist'>>) : null;
  return { customOrder: list ? list.map((c) => ({ ...c, exist: exist[c.field] ?? true })) : null, exist };
}

/**
 * Saves the user's column settings. An administrator's `exist` flags become the page's, for
 * everyone, in the same transaction; anyone else's are ignored and the page's kept.
 */
export async function saveColumns(db: Db, userId: number, admin: boolean, pageCode: string, list: ColumnSetting[]): Promise<void> {
  refuseDuplicates(list.map((c) => c.field));
  const mine = JSON.stringify(list.map(({ exist: _exist, ...c }) => c));
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('tableColumnSetting')
      .values({ userId, pageCode, columns: mine })
      .onConflict((oc) => oc.columns(['userId', 'pageCode']).doUpdateSet({ columns: mine, updatedAt: sql`now()` }))
      .execute();
    if (!admin) return;
    for (const c of list) {
      await tx
        .insertInto('tableColumnExist')
        .values({ pageCode, field: c.field, exist: c.exist, updatedBy: userId })
        .onConflict((oc) => oc.columns(['pageCode', 'field']).doUpdateSet({ exist: c.exist, updatedBy: userId, updatedAt: sql`now()` }))
        .execute();
    }
  });
}
