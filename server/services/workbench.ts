import { format, subDays } from 'date-fns';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database';
import account from '../../src/resources/defs/account';
import type { SessionUser } from '../security/sessions';
import { scopeFilter } from './data-auth';
import { BALANCE_TOP_ACCOUNTS, CASH_FLOW_CURRENCY_DEFAULT, type Balances, type CashFlow } from '../../src/shared/contract/workbench';

/**
 * The workbench's balances and cash flow (docs/workbench.md), cut to the organisations the
 * caller may see exactly as the account pages are (data authorisation on account.orgCode;
 * administrators see all). A caller with no grants sees empty panels, not an error.
 */

/** The organisations the caller's accounts are cut to; null when not cut, [] when nothing is granted. */
async function orgScope(db: Db, user: SessionUser): Promise<string[] | null> {
  const scope = await scopeFilter(db, user, account);
  return scope?.find((s) => s.field === 'orgCode')?.values ?? null;
}

const MAIN_CURRENCY = CASH_FLOW_CURRENCY_DEFAULT;

/** The accounts in force the caller may see (orgs: their organisations, null for all). */
const visibleAccounts = (db: Db, orgs: string[] | null) => {
  let q = (db as unknown as Kysely<any>).selectFrom(account.table).where('recordState', '=', 'approved').where('enabled', '=', true);
  if (orgs) q = q.where('orgCode', 'in', orgs);
  return q;
};

export async function balances(db: Db, user: SessionUser): Promise<Balances> {
  const orgs = await orgScope(db, user);
  if (orgs?.length === 0) return { currencies: [], top: [] };
  const base = () => visibleAccounts(db, orgs);
  const currencies = (await base()
    .select(['currencyCode', sql<number>`count(*)::int`.as('accounts'), sql<string>`coalesce(sum(balance), 0)`.as('total')])
    .groupBy('currencyCode')
    .orderBy(sql`coalesce(sum(balance), 0)`, 'desc')
    .execute()) as Array<{ currencyCode: string; accounts: number; total: string }>;
  const main = currencies.some((c) => c.currencyCode === MAIN_CURRENCY) ? MAIN_CURRENCY : currencies[0]?.currencyCode;
  const top = main
    ? ((await base()
        .select(['acctNo', 'acctName', 'orgCode', 'currencyCode', 'balance'])
        .where('currencyCode', '=', main)
        .where('balance', 'is not', null)
        .orderBy('balance', 'desc')
        .orderBy('acctNo')
        .limit(BALANCE_TOP_ACCOUNTS)
        .execute()) as Array<{ acctNo: string; acctName: string; orgCode: string; currencyCode: string; balance: string }>)
    : [];
  return {
    currencies: currencies.map((c) => ({ currencyCode: c.currencyCode, accounts: Number(c.accounts), total: Number(c.total) })),
    top: top.map((a) => ({ ...a, balance: Number(a.balance) })),
  };
}

/** Every day of the window, oldest first, with what came in and went out (zero on a day without transactions). */
export async function cashFlow(db: Db, user: SessionUser, now: Date, days: number, currencyCode: string): Promise<CashFlow> {
  const to = format(now, 'yyyy-MM-dd');
  const from = format(subDays(now, days - 1), 'yyyy-MM-dd');
  const orgs = await orgScope(db, user);
  const byDay = new Map<string, { inflow: number; outflow: number }>();
  let currencies: string[] = [];
  if (orgs?.length !== 0) {
    const held = (await visibleAccounts(db, orgs).select('currencyCode').distinct().execute()) as Array<{ currencyCode: string }>;
    currencies = held.map((c) => c.currencyCode).sort((a, b) => Number(b === MAIN_CURRENCY) - Number(a === MAIN_CURRENCY) || a.localeCompare(b));
    const { rows } = await sql<{ day: string; inflow: string; outflow: string }>`
      select to_char(t.txn_date, 'YYYY-MM-DD') as day,
        coalesce(sum(t.amount) filter (where t.direction = 'in'), 0) as inflow,
        coalesce(sum(t.amount) filter (where t.direction = 'out'), 0) as outflow
      from acct_transaction t
      where t.txn_date between ${from}::date and ${to}::date and t.currency_code = ${currencyCode}
        ${orgs ? sql`and t.org_code in (${sql.join(orgs)})` : sql``}
      group by t.txn_date`.execute(db);
    for (const r of rows) byDay.set(r.day, { inflow: Number(r.inflow), outflow: Number(r.outflow) });
  }
  const out: CashFlow['days'] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = format(subDays(now, i), 'yyyy-MM-dd');
    out.push({ date, ...(byDay.get(date) ?? { inflow: 0, outflow: 0 }) });
  }
  return { currencyCode, from, to, days: out, currencies };
}
