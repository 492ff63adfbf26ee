import { Body, Page, Text, Type, endpoint, type Endpoint, type TSchema } from './define';
import { PAGE_LIMIT_MAX, PAGE_START_MAX } from '../constants';
import { LOOKUPS, lookupFields, type LookupCode, type LookupDef } from '../lookups';
import { BUDGET_CURRENCY_FIELD, BUDGET_RATE_FIELD } from '../lookups';

/**
 * The lookups' paged calls (widgets §2 lookups, §3 "Paged lookup", §7 "lookup source";
 * docs/lookups.md), one per lookup of src/resources/lookups.ts: `start` (page from 1), `limit`
 * (at most LOOKUP… page sizes, bounded like every page), `queryString` (matched against every
 * search field) and each search field by name (contains). The answer is `{total, rows}` with the
 * lookup's columns and carried fields under their §2 names. Any signed-in user may call them
 * (a lookup serves another page's form; docs/lookups.md, "Who may look up"); the rows are those
 * in force and enabled.
 */

/** The longest search text (ours). */
export const LOOKUP_QUERY_MAX = 100;
const Cell = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

function lookupEndpoint(def: LookupDef): Endpoint {
  const search = Object.fromEntries(def.search.map((s) => [s.name, Type.Optional(Text(LOOKUP_QUERY_MAX))]));
  const params = Object.fromEntries((def.params ?? []).map((p) => [p, Type.Optional(Text(LOOKUP_QUERY_MAX))]));
  const extra: Record<string, TSchema> = def.code === 'budget' ? { [BUDGET_RATE_FIELD]: Type.Union([Type.Number(), Type.Null()]), [BUDGET_CURRENCY_FIELD]: Type.Union([Type.String(), Type.Null()]) } : {};
  return endpoint({
    path: `/api/fsmc/lookup/${def.code}`,
    summary: `Lookup ${def.label['en-US']}: a page of ${def.source} records in force, searched by ${def.search.map((s) => s.name).join(', ')}; columns ${def.columns.map((c) => c.name).join(', ')}.`,
    body: Body({
      start: Type.Integer({ minimum: 1, maximum: PAGE_START_MAX }),
      limit: Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX }),
      queryString: Type.Optional(Text(LOOKUP_QUERY_MAX)),
      ...search,
      ...params,
    }),
    data: Page(Type.Object({ ...Object.fromEntries(lookupFields(def).map((x) => [x.name, Cell])), ...extra })),
    // The dialog shows a failure in its table, not a toast too.
    client: { noLoading: true, inlineErrors: true },
  });
}

export const lookup = Object.fromEntries(LOOKUPS.map((def) => [def.code, lookupEndpoint(def)])) as Record<LookupCode, Endpoint>;
