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
  /**
   * One batch of rows as their record text's UTF-8 bytes (store.sortedCellsQuery), for a writer
   * that reads them itself (csv: csv-records.ts); the caller then neither decodes nor parses them.
   */
  records?(records: readonly Buffer[], layout: RecordLayout): Uint8Array[];
  /** The bytes after the last row. */
  end(): Uint8Array[];
}

/** A file's column whose cell is its record field's text as it is. */
export const COPY = 'copy';
/** A file's column whose cell is its record field's number (as store.cellsParser reads it). */
export const NUMBER = 'number';

/**
 * How a writer taking record bytes reads them, field by field in the record's order (the
 * selected columns): `fields[i]` reads field i into a value (given the field's text with the
 * character before and after it, a one-field record: store.cellsParser's reading), or is null
 * when nothing needs its value; `cells[i]` is, when the field is a column of the file, COPY (its
 * text as it is), NUMBER (its value, a number) or the cell from the values read up to it, else
 * null. The file's columns come in the record's order, and a cell reads only fields at or
 * before its own.
 */
export interface RecordLayout {
  fields: ReadonlyArray<((field: string) => unknown) | null>;
  cells: ReadonlyArray<typeof COPY | typeof NUMBER | ((row: readonly unknown[]) => Cell) | null>;
}
