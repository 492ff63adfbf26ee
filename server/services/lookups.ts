import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { RESOURCES } from '../../src/resources';
import type { ResourceDef } from '../../src/resources/define';
import { BUDGET_CURRENCY_FIELD, BUDGET_RATE_FIELD, lookupFields, valueSearchOf, type LookupDef } from '../../src/shared/lookups';
import { snake } from '../resources/columns';
import { scopeFilter } from './data-auth';

/**
 * The lookups' pages (docs/lookups.md), from their declarations alone: the source resource's
 * records in force and enabled, left-joined to the resources the lookup names by code, searched
 * (contains, case-insensitive) by each search field and by `queryString` across all of them,
 * sorted by the lookup's sort and then by id (a stable order across pages). Table and column
 * names come only from definitions, never from a request; values travel as parameters.
 */

export interface LookupRequest {
  start: number;
  limit: number;
  queryString?: string;
  [field: string]: unknown;
}

const resourceOf = (code: string): ResourceDef => {
  const def = RESOURCES.find((r) => r.code === code);
  if (!def) throw new Error(`lookup source ${code} is not a resource`);
  return def;
};

/**
 * How many rows containing a value `lookupHolds` reads to find the one equal to it (ours: codes
 * are short, so a code inside more than this many others is not one a user typed).
 */
const LOOKUP_HOLDS_LIMIT = 100;

/** `%`, `_` and `\` typed by a user match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Data authorisation (issue 12 point 5) cuts every lookup here, by the caller's grants: the one
 * place all lookup rows pass through. It returns the conditions to add on the source (alias
 * `s`): `s.org_code in (…granted)` for a source its definition scopes by organisation
 * (`dataScope`, server/services/data-auth.ts); administrators see every record in force.
 */
export async function lookupScope(db: Db, def: LookupDef, request: FastifyRequest): Promise<Array<Expression<SqlBool>>> {
  const scope = await scopeFilter(db, request.user!, resourceOf(def.source));
  return (scope ?? []).map(({ field, values }) => (values.length ? sql<SqlBool>`${sql.ref(`s.${snake(field)}`)} in (${sql.join(values)})` : sql<SqlBool>`false`));
}

export async function lookupPage(db: Db, def: LookupDef, input: LookupRequest, request: FastifyRequest): Promise<{ rows: Array<Record<string, unknown>>; total: number }> {
  const source = resourceOf(def.source);
  const joins = (def.joins ?? []).map((j, i) => ({ ...j, alias: `j${i}`, def: resourceOf(j.resource) }));
  const column = (from: string): RawBuilder<unknown> => {
    const [res, field] = from.includes('.') ? (from.split('.') as [string, string]) : [null, from];
    const join = res ? joins.find((j) => j.resource === res)! : null;
    const owner = join ? join.def : source;
    const ref = sql.ref(`${join ? join.alias : 's'}.${snake(field)}`);
    // As the resource routes answer them (server/resources/store.ts): a decimal a number, a date its day.
    const type = owner.fields[field]?.type;
    return type === 'decimal' ? sql`${ref}::float8` : type === 'date' ? sql`to_char(${ref}, 'YYYY-MM-DD')` : sql`${ref}`;
  };
  const where: Array<RawBuilder<unknown> | Expression<SqlBool>> = [sql`s.record_state = 'approved'`, sql`s.enabled = true`];
  for (const s of def.search) {
    const value = input[s.name];
    if (typeof value === 'string' && value.trim()) where.push(sql`${column(s.from)}::text ilike ${`%${likeEscape(value.trim())}%`}`);
  }
  const text = (input.queryString ?? '').trim();
  if (text) where.push(sql`(${sql.join(def.search.map((s) => sql`${column(s.from)}::text ilike ${`%${likeEscape(text)}%`}`), sql` or `)})`);
  where.push(...(await lookupScope(db, def, request)));
  const from = sql`${sql.table(source.table)} as s ${sql.join(
    joins.map((j) => sql`left join ${sql.table(j.def.table)} as ${sql.raw(j.alias)} on ${sql.ref(`${j.alias}.${snake(j.remote)}`)} = ${sql.ref(`s.${snake(j.local)}`)}`),
    sql` `,
  )}`;
  const condition = sql.join(where, sql` and `);
  const { rows: counted } = await sql<{ total: number }>`select count(*)::int as total from ${from} where ${condition}`.execute(db);
  const total = counted[0]?.total ?? 0;
  if (total === 0) return { rows: [], total };
  const select = sql.join(lookupFields(def).map((x) => sql`${column(x.from)} as ${sql.ref(x.name)}`));
  const { rows } = await sql<Record<string, unknown>>`select ${select} from ${from} where ${condition} order by ${column(def.sort)} asc, s.id asc limit ${input.limit} offset ${(input.start - 1) * input.limit}`.execute(db);
  if (def.code === 'budget') await withRates(db, rows, typeof input.currencyCode === 'string' ? input.currencyCode : '');
  return { rows, total };
}

/**
 * True when the lookup lists exactly this value for the caller (in force, enabled, within their
 * data authorisation): a value saved as picked from the lookup (a dynamic form's magnifier) is
 * checked with it. Searched by the value's own search field, then matched whole.
 */
export async function lookupHolds(db: Db, def: LookupDef, value: string, request: FastifyRequest): Promise<boolean> {
  const search = valueSearchOf(def);
  if (!search || !value.trim()) return false;
  const { rows } = await lookupPage(db, def, { start: 1, limit: LOOKUP_HOLDS_LIMIT, [search]: value }, request);
  return rows.some((r) => String(r[def.value] ?? '') === value);
}

/** The latest rate from one currency into another: direct, inverse, or through the yuan the seeded pairs quote against. */
async function latestRate(db: Db, from: string, to: string): Promise<number | null> {
  if (from === to) return 1;
  const quote = async (a: string, b: string) => {
    const { rows } = await sql<{ rate: number }>`select rate::float8 as rate from exchange_rate where source_currency = ${a} and target_currency = ${b} and record_state = 'approved' and enabled = true order by rate_date desc limit 1`.execute(db);
    return rows[0]?.rate ?? null;
  };
  const direct = await quote(from, to);
  if (direct) return direct;
  const inverse = await quote(to, from);
  if (inverse) return 1 / inverse;
  if (from !== 'CNY' && to !== 'CNY') {
    const [a, b] = [await latestRate(db, from, 'CNY'), await latestRate(db, 'CNY', to)];
    if (a && b) return a * b;
  }
  return null;
}

/**
 * The budget lookup's right table (widgets §2): each row's rate from the business currency the
 * amounts are typed in into the budget's currency, and that currency's name; the converted
 * amount is the browser's (amount × rate, BUDGET_AMOUNT_PRECISION decimals).
 */
async function withRates(db: Db, rows: Array<Record<string, unknown>>, currencyCode: string): Promise<void> {
  const code = currencyCode || 'CNY';
  const named = await db.selectFrom('currency' as never).select(['currencyName' as never]).where('currencyCode' as never, '=', code as never).executeTakeFirst();
  const rates = new Map<string, number | null>();
  for (const row of rows) {
    const target = String(row.budgetCurrencyCode ?? '');
    if (!rates.has(target)) rates.set(target, await latestRate(db, code, target));
    const rate = rates.get(target);
    row[BUDGET_RATE_FIELD] = rate === null || rate === undefined ? null : Math.round(rate * 1e6) / 1e6;
    row[BUDGET_CURRENCY_FIELD] = (named as { currencyName?: string } | undefined)?.currencyName ?? code;
  }
}
