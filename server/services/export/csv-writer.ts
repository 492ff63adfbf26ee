import type { Cell, SheetWriter } from './sheet';
import { csvField } from './csv-field';
import { csvRecordLines } from './csv-records';

export { csvField };

/**
 * CSV (RFC 4180) as Excel reads it: UTF-8 with a byte order mark, or Excel takes the Chinese
 * for the local code page; CRLF; each field as csvField writes it (csv-field.ts).
 */
const BOM = '\uFEFF';

/** Rows as one string: a loop of appends, no array per row (a million rows' worth of them is garbage the collector would chase). */
function lines(rows: ReadonlyArray<readonly Cell[]>): string {
  let text = '';
  for (const cells of rows) {
    for (let i = 0; i < cells.length; i++) text += i ? `,${csvField(cells[i]!)}` : csvField(cells[i]!);
    text += '\r\n';
  }
  return text;
}

/**
 * Rows encoded a slice at a time. A batch's text in one string would be flattened into one
 * object of half a megabyte, which V8 puts straight into its old generation (anything over
 * 128 kB), where only a full collection frees it: slices of ROWS_PER_CHUNK keep each string
 * young and short-lived, so the heap stays smaller (bench/README.md, "Export").
 */
export const ROWS_PER_CHUNK = 256;

export function csvWriter(): SheetWriter {
  return {
    contentType: 'text/csv; charset=utf-8',
    start: (headers) => [Buffer.from(BOM + lines([headers]), 'utf8')],
    rows: (rows) => {
      const chunks: Buffer[] = [];
      for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) chunks.push(Buffer.from(lines(rows.slice(i, i + ROWS_PER_CHUNK)), 'utf8'));
      return chunks;
    },
    // A batch in one Buffer: bytes outside V8's heap, so no slices are needed, and each chunk
    // written is a wait for the reply to drain (a quarter of them with one chunk rather than four).
    records: (records, layout) => [csvRecordLines(records, layout)],
    end: () => [],
  };
}
