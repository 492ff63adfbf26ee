import { BIG_TABLE_DEFAULT_PAGE_SIZE, BIG_TABLE_PAGE_SIZES, LONG_CELL_TEXT_MAX, TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '../../shared/constants';
import type { ColumnKind } from '../../shared/column-layout';

/** Pure helpers of the data table (tested in tests/unit/data-table-helpers.test.ts). */

/** A server-side sort: the caller sends it with the query (widgets §2, issue 10 point 6). */
export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

/**
 * The page sizes of a table (widgets §9): a big-data table offers BIG_TABLE_PAGE_SIZES from 50,
 * any other TABLE_PAGE_SIZES from 10. Pass it as `usePagedList(fetch, run, tablePaging(bigData))`.
 */
export function tablePaging(bigData = false): { pageSize: number; pageSizes: readonly number[] } {
  return bigData ? { pageSize: BIG_TABLE_DEFAULT_PAGE_SIZE, pageSizes: BIG_TABLE_PAGE_SIZES } : { pageSize: TABLE_DEFAULT_PAGE_SIZE, pageSizes: TABLE_PAGE_SIZES };
}

/** A click on a sortable header: another column or none → ascending → descending → none. */
export function nextSort(current: SortState | null | undefined, field: string): SortState | null {
  if (!current || current.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : null;
}

/** The kinds that are sortable unless a column says otherwise (portal-shell §9: a plain column is sortable). */
export function sortableByDefault(kind: ColumnKind): boolean {
  return kind !== 'seq' && kind !== 'checkbox' && kind !== 'radio' && kind !== 'operation';
}

/** Kinds whose width is not dragged (a row number, a tick box). */
export function resizable(kind: ColumnKind): boolean {
  return kind !== 'seq' && kind !== 'checkbox' && kind !== 'radio';
}

/**
 * Widgets §9 "Long cell text": more than LONG_CELL_TEXT_MAX characters are cut there with an
 * ellipsis. Characters are counted as the user sees them (code points: a Chinese character or
 * an emoji is one, never split in half).
 */
export function cutText(text: string, max: number = LONG_CELL_TEXT_MAX): { text: string; cut: boolean } {
  // No more UTF-16 units than the most characters: nothing to count (most cells; a table draws many).
  if (text.length <= max) return { text, cut: false };
  const chars = Array.from(text);
  return chars.length > max ? { text: `${chars.slice(0, max).join('')}…`, cut: true } : { text, cut: false };
}

/** What a cell writes for a value: nothing for null, a list joined with commas, an object as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).filter((v) => v !== '').join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The address an embedded page opens with (widgets §2: the page address gets query parameters
 * appended from the row): `base` with `fields` of `row` as query parameters, encoded. A value
 * that is null or missing is left out; a list is joined with commas. The base's own
 * parameters stay (a field of the same name replaces one). When the base is a hash route
 * (`index.html#/page?x=1`), the parameters go into the route's query, where the routed page
 * reads them; any other fragment stays after the query.
 */
export function linkUrl(base: string, row: Readonly<Record<string, unknown>>, fields: readonly string[]): string {
  const hashAt = base.indexOf('#');
  const hashRoute = hashAt !== -1 && base.charAt(hashAt + 1) === '/';
  const [head, tail] = hashRoute ? [base.slice(0, hashAt + 1), base.slice(hashAt + 1)] : [base, ''];
  // The part that gets the query: the hash route, or the address before any fragment.
  const target = hashRoute ? tail : hashAt === -1 ? head : head.slice(0, hashAt);
  const fragment = hashRoute || hashAt === -1 ? '' : head.slice(hashAt);
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  const params = new URLSearchParams(q === -1 ? '' : target.slice(q + 1));
  for (const field of fields) {
    const value = row[field];
    if (value === null || value === undefined) continue;
    params.set(field, cellText(value));
  }
  const query = params.toString();
  const withQuery = query ? `${path}?${query}` : path;
  return hashRoute ? `${head}${withQuery}` : `${withQuery}${fragment}`;
}
