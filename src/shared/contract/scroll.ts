import { Body, Page, Text, Type, endpoint, type Endpoint, type TSchema } from './define';
import { PAGE_LIMIT_MAX, PAGE_START_MAX } from '../constants';
import { SCROLL_QUERY_MAX, SCROLL_SOURCES, type ScrollSource } from '../scroll-sources';

/**
 * The scroll dropdowns' paged sources (widgets §2 "Scroll dropdowns", §3 "Paged lookup", §7
 * "lookup source"; docs/scroll-select.md): `start` (page from 1), `limit`, the remote filter
 * `query` (matched against label and value, either language) and, to name a stored value's
 * label, `value` (exact). The answer is `{total, rows}` with the source's own field names.
 * Any signed-in user may call them: a form's dropdown is not an administration page. Only
 * records in force and enabled are listed.
 */

const Code = Text(64);
const Name = Text(200);

const paging = {
  start: Type.Integer({ minimum: 1, maximum: PAGE_START_MAX }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX }),
  query: Type.Optional(Text(SCROLL_QUERY_MAX)),
  value: Type.Optional(Code),
};

const source = <R extends TSchema>(name: ScrollSource, summary: string, row: R, extra: Record<string, TSchema> = {}) =>
  endpoint({
    path: `/api/fsmc/scroll-select/${name}`,
    summary,
    body: Body({ ...paging, ...extra }),
    data: Page(row),
    // The dropdown shows a failure in its list, not a toast too; it is no page load.
    client: { noLoading: true, inlineErrors: true },
  });

const row = (name: ScrollSource, more: Record<string, TSchema> = {}) => {
  const def = SCROLL_SOURCES[name] as { label: string; value: string; extra?: string };
  return Type.Object({ [def.value]: Code, [def.label]: Name, ...more });
};

export const scroll = {
  office: source('office', 'Financial offices for a scroll dropdown: name shown, code stored', row('office')),
  organisation: source('organisation', 'Organisations for a scroll dropdown: orgName shown, orgCode stored', row('organisation')),
  country: source('country', 'Countries and regions for a scroll dropdown: countryName shown, countryCode stored', row('country')),
  currency: source('currency', 'Currencies for a scroll dropdown: currencyName shown, currencyCode stored', row('currency')),
  account: source('account', 'Accounts for a scroll dropdown: acctName shown with its currencyName, acctNo stored', row('account', { currencyName: Name })),
  user: source('user', 'Users for a scroll dropdown: userName shown, userCode stored', row('user')),
  province: source('province', 'Provinces for the province and city pair: provinceName shown, provinceCode stored', row('province')),
  city: source('city', "A province's cities for the province and city pair: cityName shown, cityCode stored", row('city', { provinceCode: Code }), { provinceCode: Text(6, { min: 1, pattern: '^[0-9]{2,6}$' }) }),
  orgStruct: source('orgStruct', 'Organisation structures for a scroll dropdown: structName shown, structCode stored', row('orgStruct')),
  duty: source('duty', 'Duties (positions) in force for a scroll dropdown: dutyName shown, dutyCode stored', row('duty')),
} satisfies Record<ScrollSource, Endpoint>;

export type ScrollEndpoints = typeof scroll;
