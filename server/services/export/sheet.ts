/**
 * What an export writes, whatever the format: a header row, then rows of cells. A writer turns
 * them into bytes synchronously and hands them back; the caller writes them to the reply and
 * waits for its drain (server/services/export/export.ts), so a writer never holds more than one
 * batch of rows.
 */
export type Cell = string | number | null;

export interface SheetWriter {
  /** The content type of the file. */
  readonly contentType: string;
  /** The bytes before the first row, with the header row. */
  start(headers: readonly string[]): Uint8Array[];
  /** One batch of rows. */
  rows(rows: ReadonlyArray<readonly Cell[]>): Uint8Array[];
  /** The bytes after the last row. */
  end(): Uint8Array[];
}
