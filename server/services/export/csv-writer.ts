import type { Cell, SheetWriter } from './sheet';

/**
 * CSV (RFC 4180) as Excel reads it: UTF-8 with a byte order mark, or Excel takes the Chinese
 * for the local code page; CRLF; a field quoted when it holds a comma, quote or line break.
 * Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR first) gets a
 * leading apostrophe (OWASP "CSV injection"); numbers are written as they are.
 */
const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

export function csvWriter(): SheetWriter {
  return {
    contentType: 'text/csv; charset=utf-8',
    start: (headers) => [Buffer.from(BOM + line(headers), 'utf8')],
    rows: (rows) => [Buffer.from(rows.map(line).join(''), 'utf8')],
    end: () => [],
  };
}
