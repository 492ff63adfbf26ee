import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { Language } from '../../src/shared/constants';
import type { SessionUser } from '../security/sessions';
import { SCROLL_SOURCES, type ScrollSource } from '../../src/shared/scroll-sources';
import type { FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../src/resources/define';
import { paramsOf, scrollFieldProblems } from '../../src/resources/scroll-fields';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { RESOURCES } from '../../src/resources';
import { snake } from '../resources/columns';
import { scopeFilter } from './data-auth';

/**
 * The scroll dropdowns' sources (docs/scroll-select.md): a page of a resource table's records
 * in force and enabled, filtered by the remote filter, sorted by the stored value. Table and
 * column names come from this table only, never from a request; values travel as parameters.
 */
interface SourceTable {
  table: string;
  /** Columns (snake case) of the value, the label and, when it has one, the English label. */
  value: string;
  label: string;
  labelEn?: string;
  /** A column the source is filtered on by equality (the city's province). */
  requires?: { field: string; column: string };
  /** Shown beside the label: a column of a joined table, by the code both hold (the account's currency name). */
  extra?: { field: string; table: string; on: string; column: string; columnEn?: string };
}

const TABLES: Record<ScrollSource, SourceTable> = {
  office: { table: 'financial_office', value: 'office_code', label: 'office_name' },
  account: { table: 'account', value: 'acct_no', label: 'acct_name', extra: { field: 'currencyName', table: 'currency', on: 'currency_code', column: 'currency_name', columnEn: 'currency_name_en' } },
  organisation: { table: 'org', value: 'org_code', label: 'org_name', labelEn: 'org_name_en' },
  country: { table: 'country', value: 'country_code', label: 'country_name', labelEn: 'country_name_en' },
  currency: { table: 'currency', value: 'currency_code', label: 'currency_name', labelEn: 'currency_name_en' },
  user: { table: 'app_user', value: 'user_code', label: 'user_name', labelEn: 'user_name_en' },
  province: { table: 'province', value: 'province_code', label: 'province_name' },
  city: { table: 'city', value: 'city_code', label: 'city_name', requires: { field: 'provinceCode', column: 'province_code' } },
  orgStruct: { table: 'org_struct', value: 'struct_code', label: 'struct_name', labelEn: 'struct_name_en' },
  duty: { table: 'duty', value: 'duty_code', label: 'duty_name', labelEn: 'duty_name_en' },
};

export interface ScrollRequest {
  start: number;
  limit: number;
  query?: string;
  value?: string;
  [param: string]: unknown;
}

/** `%`, `_` and `\` typed by a user match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Data authorisation (issue 12 point 5; server/services/data-auth.ts): the one place every
 * dropdown's rows pass through. A source read from a resource's table takes that resource's
 * `dataScope` (organisations and accounts by organisation); administrators see every record.
 */
export async function grantFilter(db: Db, source: ScrollSource, user: SessionUser): Promise<Array<Expression<SqlBool>>> {
  const t = TABLES[source];
  const def = RESOURCES.find((r) => r.table === t.table);
  if (!def) return [];
  const scope = await scopeFilter(db, user, def);
  return (scope ?? []).map(({ field, values }) => (values.length ? sql<SqlBool>`${sql.ref(`${t.table}.${snake(field)}`)} in (${sql.join(values)})` : sql<SqlBool>`false`));
}

export async function scrollPage(db: Db, source: ScrollSource, input: ScrollRequest, lang: Language, user: SessionUser): Promise<{ rows: Array<Record<string, string>>; total: number }> {
  const t = TABLES[source];
  const def = SCROLL_SOURCES[source] as { label: string; value: string };
  const c = (name: string) => sql.ref(`${t.table}.${name}`);
  const where: Array<Expression<SqlBool>> = [sql<SqlBool>`${c('record_state')} = 'approved'`, sql<SqlBool>`${c('enabled')} = true`];
  const text = (input.query ?? '').trim();
  if (text) {
    const like = `%${likeEscape(text)}%`;
    const en = t.labelEn ? sql<SqlBool>` or ${c(t.labelEn)} ilike ${like}` : sql``;
    where.push(sql<SqlBool>`(${c(t.value)} ilike ${like} or ${c(t.label)} ilike ${like}${en})`);
  }
  if (input.value) where.push(sql<SqlBool>`${c(t.value)} = ${input.value}`);
  if (t.requires) where.push(sql<SqlBool>`${c(t.requires.column)} = ${String(input[t.requires.field] ?? '')}`);
  where.push(...(await grantFilter(db, source, user)));

  const any = db as unknown as Kysely<any>;
  const x = t.extra;
  const base = (x ? any.selectFrom(t.table).leftJoin(x.table, sql.ref(`${x.table}.${x.on}`) as never, sql.ref(`${t.table}.${x.on}`) as never) : any.selectFrom(t.table)).where((eb) => eb.and(where));
  const { total } = (await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()) as { total: number };
  if (total === 0) return { rows: [], total };
  // The reader's language where the source has an English name; the Chinese one otherwise.
  const label = lang === 'en-US' && t.labelEn ? sql<string>`coalesce(nullif(${c(t.labelEn)}, ''), ${c(t.label)})` : sql<string>`${c(t.label)}`;
  const rows = (await base
    .select([
      sql<string>`${c(t.value)}`.as(def.value),
      label.as(def.label),
      ...(t.requires ? [sql<string>`${c(t.requires.column)}`.as(t.requires.field)] : []),
      ...(x ? [(lang === 'en-US' && x.columnEn ? sql<string>`coalesce(nullif(${sql.ref(`${x.table}.${x.columnEn}`)}, ''), ${sql.ref(`${x.table}.${x.column}`)}, '')` : sql<string>`coalesce(${sql.ref(`${x.table}.${x.column}`)}, '')`).as(x.field)] : []),
    ])
    .orderBy(c(t.value), 'asc')
    .orderBy(c('id'), 'asc')
    .limit(input.limit)
    .offset((input.start - 1) * input.limit)
    .execute()) as Array<Record<string, string>>;
  return { rows, total };
}

/**
 * A resource's fields drawn as scroll dropdowns hold what their sources list (widgets §2, §5):
 * a dependent field (the city) needs the fields it depends on (the province: 2100), and each
 * value must be one its source lists with those filters (a city of that province: 2101).
 * Checked on every add and update, the same rule the form shows.
 */
export async function checkScrollFields(db: Db, resource: ResourceDef, body: Record<string, unknown>, request: FastifyRequest): Promise<void> {
  const label = (field: string) => resource.fields[field]?.label[request.lang] ?? field;
  const problem = scrollFieldProblems(resource, body)[0];
  if (problem) throw refuse(CODE.scrollNeedsField, { field: label(problem.field), other: label(problem.needs) });
  for (const [name, def] of Object.entries(resource.fields)) {
    const value = body[name];
    if (!def.scroll || typeof value !== 'string' || value === '') continue;
    const found = await scrollPage(db, def.scroll, { start: 1, limit: 1, value, ...paramsOf(def, body) }, request.lang, request.user);
    if (found.total === 0) throw refuse(CODE.scrollValueUnknown, { field: label(name), value });
  }
}
