import fs from 'node:fs';
import { Unzip, UnzipInflate } from 'fflate';
import type { ImportFileType } from '../../../src/shared/contract/import';
import { IMPORT_UNPACKED_MAX_BYTES } from '../../../src/shared/constants';

/**
 * An import file's rows as text (docs/import.md, "Reading"): the first sheet of an xlsx (read
 * with exceljs) or a csv (UTF-8, or GB18030 as Excel saves it on a Chinese system). Cells become
 * what a form's input would hold: a date cell its yyyy-MM-dd, a number its digits, a formula its
 * result, rich text its characters. Each row keeps its number in the sheet, so a problem names
 * the row the user sees.
 */
export interface SheetRow {
  /** 1 for the header row. */
  number: number;
  cells: string[];
}

export class UnreadableFile extends Error {}
/** An xlsx whose parts unpack to more than IMPORT_UNPACKED_MAX_BYTES (a zip bomb, or far more than an import holds). */
export class UnpackedTooLarge extends Error {}

/**
 * The bytes an xlsx (a zip) unpacks to, counted by inflating it chunk by chunk and keeping
 * nothing, stopping past `max`: exceljs inflates every part in memory, so a small file that
 * unpacks to gigabytes is refused before exceljs sees it. The sizes a zip declares are not
 * trusted; the inflated bytes are counted.
 */
export function unpackedWithin(bytes: Uint8Array, max: number): boolean {
  let total = 0;
  let over = false;
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error || over) return;
      total += chunk.length;
      if (total > max) {
        over = true;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    throw new UnreadableFile();
  }
  return !over;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell value of exceljs as text. exceljs hands date cells back as UTC midnights of the day shown. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; result?: unknown; formula?: string; text?: unknown; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('').trim();
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    if (v.error) return v.error;
  }
  return String(value).trim();
}

async function readXlsx(file: string): Promise<SheetRow[]> {
  const bytes = await fs.promises.readFile(file);
  // A zip starts with a local file header.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw new UnreadableFile();
  if (!unpackedWithin(bytes, IMPORT_UNPACKED_MAX_BYTES)) throw new UnpackedTooLarge();
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as never);
  } catch {
    throw new UnreadableFile();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows.push({ number, cells: Array.from(cells, (c) => c ?? '') });
  });
  return rows;
}

/** UTF-8 unless that meets bytes UTF-8 cannot hold; then GB18030 (a superset of GBK). */
export function decodeCsv(bytes: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const text = utf8.includes('\uFFFD') ? new TextDecoder('gb18030').decode(bytes) : utf8;
  return text.replace(/^\uFEFF/, '');
}

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks. */
export function parseCsv(text: string): SheetRow[] {
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let number = 1;
  let rowStart = 1;
  const endRow = () => {
    cells.push(cell.trim());
    if (cells.some((c) => c !== '')) rows.push({ number: rowStart, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') number++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      number++;
      rowStart = number;
    } else cell += ch;
  }
  if (cell !== '' || cells.length) endRow();
  return rows;
}

/** The rows of the file that was saved at `file`, read as `type`; empty rows are left out. */
export async function readSheet(file: string, type: ImportFileType): Promise<SheetRow[]> {
  if (type === 'xlsx') return readXlsx(file);
  return parseCsv(decodeCsv(await fs.promises.readFile(file)));
}
