/**
 * How an import compares a header cell with a column's names (docs/import.md): spaces and case
 * aside, so "Rate Date", "rate date" and "RateDate" are one. The field maps' uniqueness uses the
 * same comparison, so a map that is refused as taken is one an import could not tell apart.
 */
export const headerKey = (text: string) => text.replace(/\s+/g, '').toLowerCase();
