import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { ResourceDef } from '../../src/resources/define';
import type { StoredRecordState } from '../../src/machines/record-lifecycle.machine';
import { CODE } from '../../src/shared/codes';
import { isDbId } from '../../src/shared/constants';
import { refuse } from '../http/answer';
import { snake } from './columns';
import type { ScopeFilter } from '../services/data-auth';
import { maskSql, NO_MASKS, type Masks } from '../services/sensitive';
import { isDictionaryValue } from '../services/dictionaries';

/**
 * The SQL of every resource, one generic store (issue 10 point 1): a paged, filtered, sorted
 * query; the read by id; insert, versioned update, lifecycle state and delete. Table and column
 * names come only from definitions (never from a request), and every value travels as a
 * parameter. Dates come back as `yyyy-MM-dd` text and decimals as numbers, as the schemas say.
 */

// Resource tables are named by definitions at run time, so they are not in the typed Database.
type AnyDb = Kysely<any>;
const any = (db: Db) => db as unknown as AnyDb;

export type Row = Record<string, unknown> & { id: number; version: number; recordState: StoredRecordState['recordState']; enabled: boolean; updatedBy: number | null };

/** Every column a query may select, by name: record columns and fields, dates as text, decimals as numbers. */
function values(def: ResourceDef, masks: Masks = NO_MASKS): Array<[string, RawBuilder<unknown>]> {
  const ref = (name: string) => sql.ref(`${def.table}.${snake(name)}`);
  const fields = Object.entries(def.fields).map(([name, f]): [string, RawBuilder<unknown>] => {
    if (f.type === 'date') return [name, sql<string>`to_char(${ref(name)}, 'YYYY-MM-DD')`];
    if (f.type === 'decimal') return [name, sql<number>`${ref(name)}::float8`];
    // A sensitive field the caller may not read leaves the database masked (services/sensitive.ts).
    const rule = masks.get(name);
    if (rule) return [name, maskSql(rule, sql`${ref(name)}`)];
    return [name, sql`${ref(name)}`];
  });
  return [
    ['id', sql<number>`${ref('id')}`],
    ['version', sql<number>`${ref('version')}`],
    ['recordState', sql<string>`${ref('recordState')}`],
    ['enabled', sql<boolean>`${ref('enabled')}`],
    ['updatedBy', sql<number | null>`${ref('updatedBy')}`],
    ['createdAt', sql<string>`to_char(${ref('createdAt')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
    ['updatedAt', sql<string>`to_char(${ref('updatedAt')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
    ...fields,
  ];
}

/** The select list: every column, or `only` these. */
function selection(def: ResourceDef, only?: ReadonlySet<string>, masks?: Masks) {
  return values(def, masks)
    .filter(([name]) => !only || only.has(name))
    .map(([name, value]) => value.as(name));
}

/** `%`, `_` and `\` typed by a user match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A query's filters and sort, without its page. */
export interface QueryFilters {
  sort?: { field: string; order: 'asc' | 'desc' };
  [filter: string]: unknown;
}

export interface QueryInput {
  start: number;
  limit: number;
  sort?: { field: string; order: 'asc' | 'desc' };
  [filter: string]: unknown;
}

function filters(def: ResourceDef, input: QueryInput): Array<Expression<SqlBool>> {
  const out: Array<Expression<SqlBool>> = [];
  const col = (name: string) => sql.ref(snake(name));
  for (const name of def.query) {
    const f = def.fields[name]!;
    if (f.type === 'date') {
      const from = input[`${name}From`];
      const to = input[`${name}To`];
      if (typeof from === 'string' && from) out.push(sql<SqlBool>`${col(name)} >= ${from}::date`);
      if (typeof to === 'string' && to) out.push(sql<SqlBool>`${col(name)} <= ${to}::date`);
      continue;
    }
    const value = input[name];
    if (value === undefined || value === null || value === '') continue;
    if (f.type === 'text') out.push(sql<SqlBool>`${col(name)} ilike ${`%${likeEscape(String(value).trim())}%`}`);
    else out.push(sql<SqlBool>`${col(name)} = ${value}`);
  }
  if (typeof input.recordState === 'string') out.push(sql<SqlBool>`record_state = ${input.recordState}`);
  if (typeof input.enabled === 'boolean') out.push(sql<SqlBool>`enabled = ${input.enabled}`);
  return out;
}

/** Data authorisation's cut (server/services/data-auth.ts): a scoped field's value must be granted; none granted, no rows. */
function scoped(scope: ScopeFilter): Array<Expression<SqlBool>> {
  return (scope ?? []).map(({ field, values }) => (values.length ? sql<SqlBool>`${sql.ref(snake(field))} in (${sql.join(values)})` : sql<SqlBool>`false`));
}

export async function queryPage(db: Db, def: ResourceDef, input: QueryInput, scope: ScopeFilter = null, masks: Masks = NO_MASKS): Promise<{ rows: Row[]; total: number }> {
  const total = await countRows(db, def, input, scope);
  if (total === 0) return { rows: [], total };
  const rows = (await sortedQuery(db, def, input, scope, undefined, masks)
    .limit(input.limit)
    .offset((input.start - 1) * input.limit)
    .execute()) as Row[];
  return { rows, total };
}

/** How many records the query finds for the caller. */
export async function countRows(db: Db, def: ResourceDef, input: QueryFilters, scope: ScopeFilter = null): Promise<number> {
  const where = [...filters(def, input as QueryInput), ...scoped(scope)];
  const { total } = (await any(db).selectFrom(def.table).where((eb) => eb.and(where)).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()) as { total: number };
  return total;
}

/**
 * The table's query without its page: filters, the caller's cut and the sort (the export streams
 * it; server/services/export), selecting every column or `only` these (an export of a few
 * columns of a million rows fetches just those).
 */
export function sortedQuery(db: Db, def: ResourceDef, input: QueryFilters, scope: ScopeFilter = null, only?: ReadonlySet<string>, masks?: Masks) {
  return ordered(db, def, input, scope).select(selection(def, only, masks));
}

/** Filters, the caller's cut and the sort, selecting nothing yet. */
function ordered(db: Db, def: ResourceDef, input: QueryFilters, scope: ScopeFilter) {
  const where = [...filters(def, input as QueryInput), ...scoped(scope)];
  const sort = input.sort ?? def.sort;
  return any(db)
    .selectFrom(def.table)
    .where((eb) => eb.and(where))
    .orderBy(sql.ref(`${def.table}.${snake(sort.field)}`), sort.order)
    // A stable order across pages when the sort field repeats.
    .orderBy(sql.ref(`${def.table}.id`), sort.order);
}

/**
 * The export's query (server/services/export): sortedQuery's rows, each as one text, the row of
 * `columns`' values in that order as PostgreSQL writes a record (`(a,"b c",,1.5,t)`: a value
 * with a comma, quote, backslash, parenthesis or space in quotes, "" and \\ inside them, a null
 * as nothing, an empty text as ""); `cellsParser` reads it back. A driver then decodes one field
 * a row instead of one per column, and no row object is built and renamed (Kysely's camel-case
 * mapping): about half the client's work per row, which is what an export of a million rows
 * spends its time on (bench/README.md, "Export"). A record rather than json_build_array, which
 * looks up each value's type and output function again for every row: on PGlite, where the
 * database runs in the export's own thread, about a quarter less CPU time for a million rows.
 * The values are as the table's query selects them (dates as text, decimals as numbers).
 */
export function sortedCellsQuery(db: Db, def: ResourceDef, input: QueryFilters, scope: ScopeFilter, columns: readonly string[], masks?: Masks) {
  const all = new Map(values(def, masks));
  const chosen = columns.map((name) => {
    const value = all.get(name);
    if (!value) throw new Error(`${def.code} has no column ${name}`);
    return value;
  });
  // row() of a single value is a record too (a bare parenthesised value would not be).
  return ordered(db, def, input, scope).select(sql<string>`row(${sql.join(chosen)})::text`.as('cells'));
}

/** How a selected column's text reads back as the table's query returns it. */
type CellKind = 'text' | 'number' | 'bool';
function cellKind(def: ResourceDef, name: string): CellKind {
  // As in values(): a field of the definition, else one of the record's own columns.
  const type = def.fields[name]?.type;
  if (type) return type === 'int' || type === 'decimal' ? 'number' : type === 'bool' ? 'bool' : 'text';
  if (name === 'id' || name === 'version' || name === 'updatedBy') return 'number';
  return name === 'enabled' ? 'bool' : 'text';
}

/**
 * Reads sortedCellsQuery's text back into `columns`' values: text, numbers (a float's NaN or
 * Infinity stays text, as JSON had it) and booleans, null for nothing.
 */
export function cellsParser(def: ResourceDef, columns: readonly string[]): (text: string) => unknown[] {
  const kinds = columns.map((c) => cellKind(def, c));
  const n = kinds.length;
  return (text) => {
    const out = new Array<unknown>(n);
    // After '('; the record ends with ')'. A backslash's place, kept while it lies ahead (-1: none left).
    let p = 1;
    let slash = text.indexOf('\\');
    for (let i = 0; i < n; i++) {
      let v: string | null;
      if (text.charCodeAt(p) === 34 /* " */) {
        v = '';
        for (let q = p + 1; ; ) {
          const quote = text.indexOf('"', q);
          if (slash !== -1 && slash < q) slash = text.indexOf('\\', q);
          if (slash !== -1 && slash < quote) {
            v += text.slice(q, slash) + text[slash + 1]!;
            q = slash + 2;
          } else if (text.charCodeAt(quote + 1) === 34) {
            v += text.slice(q, quote + 1);
            q = quote + 2;
          } else {
            v += text.slice(q, quote);
            p = quote + 2;
            break;
          }
        }
      } else {
        const end = i === n - 1 ? text.length - 1 : text.indexOf(',', p);
        v = end === p ? null : text.slice(p, end);
        p = end + 1;
      }
      const kind = kinds[i];
      if (v === null || kind === 'text') out[i] = v;
      else if (kind === 'bool') out[i] = v === 't';
      else {
        const number = Number(v);
        out[i] = Number.isFinite(number) ? number : v;
      }
    }
    return out;
  };
}

export async function findById(db: Db, def: ResourceDef, id: number, scope: ScopeFilter = null): Promise<Row | undefined> {
  if (!isDbId(id)) return undefined;
  const where = [sql<SqlBool>`id = ${id}`, ...scoped(scope)];
  return (await any(db).selectFrom(def.table).select(selection(def)).where((eb) => eb.and(where)).executeTakeFirst()) as Row | undefined;
}

/** The record, or 1401 when there is none (or none the caller's data authorisation shows). */
export async function requireRecord(db: Db, def: ResourceDef, id: number, scope: ScopeFilter = null): Promise<Row> {
  const row = await findById(db, def, id, scope);
  if (!row) throw refuse(CODE.recordNotFound, { id });
  return row;
}

/** Only the definition's fields of a body, with their column values. */
function fieldValues(def: ResourceDef, body: Record<string, unknown>, { forUpdate = false } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (forUpdate && f.immutable) continue;
    if (!(name in body)) continue;
    const v = body[name];
    out[name] = typeof v === 'string' && f.type !== 'text' && v === '' ? null : v;
  }
  return out;
}

export async function insertRecord(db: Db, def: ResourceDef, body: Record<string, unknown>, state: StoredRecordState, userId: number): Promise<Row> {
  const values = { ...fieldValues(def, body), recordState: state.recordState, enabled: state.enabled, createdBy: userId, updatedBy: userId };
  const { id } = (await any(db).insertInto(def.table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number };
  return (await findById(db, def, id))!;
}

/** Rows one insert statement of an import carries (well below PostgreSQL's 65,535 parameters). */
const INSERT_BATCH = 500;

/**
 * Many new records, a statement per INSERT_BATCH (an import, docs/import.md): the columns
 * insertRecord writes, without reading each back. Run it inside the caller's transaction.
 */
export async function insertRecords(db: Db, def: ResourceDef, bodies: ReadonlyArray<Record<string, unknown>>, state: StoredRecordState, userId: number): Promise<number> {
  for (let i = 0; i < bodies.length; i += INSERT_BATCH) {
    const rows = bodies.slice(i, i + INSERT_BATCH).map((body) => ({ ...fieldValues(def, body), recordState: state.recordState, enabled: state.enabled, createdBy: userId, updatedBy: userId }));
    await any(db).insertInto(def.table).values(rows).execute();
  }
  return bodies.length;
}

/** Deletes the records whose date `field` lies in [from, to], cut to the caller's scope (an import's COVER); answers how many. */
export async function deleteInDateRange(db: Db, def: ResourceDef, field: string, from: string, to: string, scope: ScopeFilter = null): Promise<number> {
  const where = [sql<SqlBool>`${sql.ref(snake(field))} between ${from}::date and ${to}::date`, ...scoped(scope)];
  const deleted = await any(db).deleteFrom(def.table).where((eb) => eb.and(where)).returning('id').execute();
  return deleted.length;
}

/**
 * Writes the record only if it is still at the version the caller read: the check and the
 * write are one statement, so of two concurrent updates exactly one wins and the other gets
 * 1403 with nothing lost on its screen.
 */
export async function updateRecord(
  db: Db,
  def: ResourceDef,
  ref: { id: number; version: number },
  change: { body?: Record<string, unknown>; state?: StoredRecordState },
  userId: number,
): Promise<Row> {
  const values: Record<string, unknown> = {
    ...(change.body ? fieldValues(def, change.body, { forUpdate: true }) : {}),
    ...(change.state ? { recordState: change.state.recordState, enabled: change.state.enabled } : {}),
    updatedBy: userId,
    updatedAt: sql`now()`,
    version: sql`version + 1`,
  };
  const done = await any(db).updateTable(def.table).set(values).where('id', '=', ref.id).where('version', '=', ref.version).returning('id').executeTakeFirst();
  if (!done) throw refuse(CODE.recordStale);
  return (await findById(db, def, ref.id))!;
}

/**
 * The record's version moved on, nothing else: a pass before its flow's last step changes what
 * the record is waiting for, so a decision made on the version read before it is stale (1403)
 * instead of being taken for the next step's. Who last changed the record stays as it was.
 */
export async function bumpVersion(db: Db, def: ResourceDef, ref: { id: number; version: number }): Promise<Row> {
  const done = await any(db).updateTable(def.table).set({ version: sql`version + 1` }).where('id', '=', ref.id).where('version', '=', ref.version).returning('id').executeTakeFirst();
  if (!done) throw refuse(CODE.recordStale);
  return (await findById(db, def, ref.id))!;
}

export async function deleteRecord(db: Db, def: ResourceDef, ref: { id: number; version: number }): Promise<void> {
  const done = await any(db).deleteFrom(def.table).where('id', '=', ref.id).where('version', '=', ref.version).returning('id').executeTakeFirst();
  if (!done) throw refuse(CODE.recordStale);
}

/** Another record already holding one of the unique values (1404 names the field and value). */
export async function checkUnique(db: Db, def: ResourceDef, body: Record<string, unknown>, exceptId: number | null, label: (field: string) => string): Promise<void> {
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.unique || body[name] === undefined || body[name] === null) continue;
    if (await isTaken(db, def, name, body[name], exceptId)) throw refuse(CODE.recordDuplicate, { field: label(name), value: String(body[name]) });
  }
}

/** Whether a value of a unique field is taken by a record other than `exceptId` (the form's check on blur). */
export async function isTaken(db: Db, def: ResourceDef, field: string, value: unknown, exceptId: number | null): Promise<boolean> {
  let q = any(db).selectFrom(def.table).select('id').where(snake(field), '=', value);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** A value of a dict field that its dictionary does not offer (1406). */
export async function checkDictionaries(db: Db, def: ResourceDef, body: Record<string, unknown>, label: (field: string) => string): Promise<void> {
  for (const [name, f] of Object.entries(def.fields)) {
    const value = body[name];
    if (f.type !== 'dict' || value === undefined || value === null || value === '') continue;
    if (!(await isDictionaryValue(db, f.dict!, String(value)))) throw refuse(CODE.notADictionaryValue, { field: label(name), value: String(value) });
  }
}

/** RULE_CODE_DIGITS digits after the prefix: CP000001. */
export const RULE_CODE_DIGITS = 6;

/**
 * The next business number of a prefix, taken atomically (any process, any number of callers),
 * skipping numbers already present in the table (seeded or typed by hand).
 */
export async function nextRuleCode(db: Db, def: ResourceDef, field: string, prefix: string): Promise<string> {
  for (;;) {
    const { rows } = await sql<{ lastValue: number }>`
      insert into rule_code_seq (prefix, last_value) values (${prefix}, 1)
      on conflict (prefix) do update set last_value = rule_code_seq.last_value + 1
      returning last_value`.execute(db);
    const code = `${prefix}${String(rows[0]!.lastValue).padStart(RULE_CODE_DIGITS, '0')}`;
    if (!(await isTaken(db, def, field, code, null))) return code;
  }
}

export async function recordReview(db: Db, def: ResourceDef, recordId: number, decision: string, comment: string | undefined, reviewerId: number): Promise<void> {
  await sql`insert into record_review (resource, record_id, decision, comment, reviewer_id) values (${def.code}, ${recordId}, ${decision}, ${comment ?? null}, ${reviewerId})`.execute(db);
}
