/**
 * A record's name as a reader of `lang` sees it: its English twin (`<field>En`, the bilingual
 * columns of migration 0004) in English when it has one, else its name, else `fallback`.
 */
export function rowNameIn(row: Record<string, unknown>, field: string, lang: string, fallback = ''): string {
  return String((lang === 'en-US' && row[`${field}En`]) || row[field] || fallback);
}
