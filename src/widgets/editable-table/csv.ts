import { format } from 'date-fns';

/**
 * The editable table's export until the server exports (issue 13): the rows shown, as CSV
 * (RFC 4180: quoted when needed, CRLF lines), with a byte-order mark so spreadsheet programs
 * read the Chinese text as UTF-8. A cell that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, tab, carriage return first) is written with a leading apostrophe (OWASP, CSV
 * injection).
 */
const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value == null ? '' : typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
  if (FORMULA_START.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(headers: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return BOM + [headers, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** `<name>-yyyyMMdd-HHmmss.csv`, the name without characters a file system refuses. */
export function exportFileName(name: string, now: Date): string {
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'export';
  return `${base}-${format(now, 'yyyyMMdd-HHmmss')}.csv`;
}

/** Hands the text to the browser as a file download. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
