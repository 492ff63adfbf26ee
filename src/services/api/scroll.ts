import { contract } from '../../shared/contract';
import { scrollItemOf, type ScrollSource } from '../../shared/scroll-sources';
import type { ScrollAnswer, ScrollQuery } from '../../machines/scroll-lookup.machine';
import { call } from '../http/call';

/** The dropdown sources this build's server offers (widgets §2; docs/scroll-select.md). */
export type OfferedScrollSource = keyof typeof contract.scroll;

export const isOfferedSource = (source: string): source is OfferedScrollSource => source in contract.scroll;

/** A page of a scroll dropdown's source, as the scroll-lookup machine lists it. */
export async function scrollPage(source: OfferedScrollSource, { start, limit, query, params }: ScrollQuery): Promise<ScrollAnswer> {
  const body = { start, limit, ...(query ? { query } : {}), ...params };
  const page = (await call(contract.scroll[source], body as never)) as { rows: Array<Record<string, unknown>>; total: number };
  return { rows: page.rows.map((row) => scrollItemOf(source as ScrollSource, row)), total: page.total };
}

/** The label of a stored value (a record opened for editing holds only the code). */
export async function scrollLabel(source: OfferedScrollSource, value: string, params: Record<string, string>): Promise<string | null> {
  const page = (await call(contract.scroll[source], { start: 1, limit: 1, value, ...params } as never)) as { rows: Array<Record<string, unknown>> };
  const row = page.rows[0];
  return row ? scrollItemOf(source as ScrollSource, row).label : null;
}
