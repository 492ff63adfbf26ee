import type { Cell } from './sheet';

/**
 * A CSV field (RFC 4180) as Excel reads it: quoted when it holds a comma, quote or line break,
 * quotes doubled. Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or
 * CR first) gets a leading apostrophe (OWASP "CSV injection"); numbers are written as they are.
 */
const NEEDS_QUOTES = /[",\r\n]/;
/** `=`, `+`, `-`, `@`, tab, CR: the characters a spreadsheet reads as the start of a formula. */
export const FORMULA_START: ReadonlySet<number> = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);

export function csvField(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.has(cell.charCodeAt(0)) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
