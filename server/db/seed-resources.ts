import type { Kysely } from 'kysely';
import { format } from 'date-fns';
import type { Db } from './database';
import { currencyRows } from './seed-data/currencies';
import { countryRows } from './seed-data/countries';
import { cityRows, provinceRows } from './seed-data/regions';
import { bankRows } from './seed-data/banks';
import { lineNumberRows } from './seed-data/line-numbers';
import { exchangeRateRows } from './seed-data/exchange-rates';
import { APPROVAL_FIELDS } from './seed-data/approval-fields';
import { EMBEDDED_PAGES } from './seed-data/embedded-pages';
import { FINANCIAL_OFFICES, accountRows, budgetRows, contactAccountRows, coopNetworkRows } from './seed-data/lookup-data';
import { PROCESS_FLOWS } from './seed-data/process-flows';
import { REMIND_CONFIGS, REMIND_TEMPLATES, remindParamRows } from './seed-data/remind-settings';
import { transactionRows } from './seed-data/transactions';
import { ORG_STRUCTS, ORG_STRUCT_MODULE_RELS, ORG_STRUCT_NODES } from './seed-data/org-structures';
import { DEPARTMENTS, ORG_FIELDS, ORGANISATIONS, SYS_PARAM_SETTINGS, benchmarkRateRows, counterPartyRows, dictionaryTypeRows, rateAddRows } from './seed-data/resources-misc';

/**
 * The reference records of issue 10's resources, inserted once at the first start inside the
 * caller's transaction (seedIfEmpty): currencies, countries, provinces, cities, banks, line
 * numbers, a year of exchange rates, dictionary types, organisations, departments,
 * counterparties, system parameters and benchmark rates. Record columns (version, state,
 * enabled, who and when) keep their defaults: every seeded record is approved and enabled.
 *
 * Rows go in as multi-row inserts, as many rows a statement as stay under PostgreSQL's limit of
 * 65,535 parameters (the exchange-rate year, about 2,900 rows of 4 values, is one statement).
 */

/** PostgreSQL's wire protocol counts a statement's parameters in 16 bits. */
export const MAX_PARAMETERS = 65_535;

export interface SeedResourcesOptions {
  /** The last day of the exchange-rate year, yyyy-MM-dd; today (local time) when not given. */
  referenceDate?: string;
}

/** Inserts rows in chunks that each stay under MAX_PARAMETERS. */
export async function insertChunked(db: Kysely<any>, table: string, rows: object[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!).length;
  const perStatement = Math.max(1, Math.floor((MAX_PARAMETERS - 1) / columns));
  for (let i = 0; i < rows.length; i += perStatement) {
    await db.insertInto(table).values(rows.slice(i, i + perStatement)).execute();
  }
}

/** How many rows each table received. */
export type SeededCounts = Record<string, number>;

export async function seedResources(tx: Db, options: SeedResourcesOptions = {}): Promise<SeededCounts> {
  // Resource tables are named by definitions, so they are not in the typed Database.
  const db = tx as unknown as Kysely<any>;
  const referenceDate = options.referenceDate ?? format(new Date(), 'yyyy-MM-dd');
  const hq = ORGANISATIONS.find((o) => o.orgCode === 'HQ');
  const others = ORGANISATIONS.filter((o) => o.orgCode !== 'HQ');

  const tables: Array<[table: string, rows: object[]]> = [
    ['currency', currencyRows()],
    ['country', countryRows()],
    ['province', provinceRows()],
    ['city', cityRows()],
    ['bank', bankRows()],
    ['lineNumber', lineNumberRows()],
    ['exchangeRate', exchangeRateRows(referenceDate)],
    ['dictionaryType', dictionaryTypeRows()],
    ['org', others],
    ['department', DEPARTMENTS],
    ['orgInfoEttr', ORG_FIELDS],
    ['orgStruct', ORG_STRUCTS],
    ['orgStructNode', ORG_STRUCT_NODES],
    ['orgStructModuleRel', ORG_STRUCT_MODULE_RELS],
    ['counterParty', counterPartyRows()],
    ['sysParamSetting', SYS_PARAM_SETTINGS],
    ['rateAdd', rateAddRows()],
    ['benchmarkRate', benchmarkRateRows()],
    ['processConfig', PROCESS_FLOWS],
    ['approvalField', APPROVAL_FIELDS],
    ['sysPageIframe', EMBEDDED_PAGES],
    ['financialOffice', FINANCIAL_OFFICES],
    ['account', accountRows()],
    ['budget', budgetRows()],
    ['coopNetwork', coopNetworkRows()],
    ['contactOrgAcc', contactAccountRows()],
    ['acctTransaction', transactionRows(referenceDate)],
    ['remindTemplate', REMIND_TEMPLATES],
    ['remindParam', remindParamRows()],
    ['remindConfig', REMIND_CONFIGS],
  ];
  const counts: SeededCounts = {};
  for (const [table, rows] of tables) {
    await insertChunked(db, table, rows);
    counts[table] = rows.length;
  }
  // The headquarters row was made with the demo users (seed.ts); it gets the org-info fields here.
  if (hq) {
    await db.updateTable('org').set({ orgNameEn: hq.orgNameEn, orgProperty: hq.orgProperty, settCenter: hq.settCenter, address: hq.address }).where('orgCode', '=', 'HQ').execute();
  }
  return counts;
}
