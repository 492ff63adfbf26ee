import { FORMULA_START, csvField } from './csv-field';
import { COPY, NUMBER, type Cell, type RecordLayout } from './sheet';

/**
 * CSV lines written straight from the rows' record text as UTF-8 bytes (store.sortedCellsQuery's
 * `(a,"b c",,1.5,t)`; on PGlite the bytes come from the protocol, server/db/text-column.ts), the
 * same bytes csv-writer.ts writes from the rows' cells. A text column shown as it is (no
 * dictionary, state or yes/no, not a number) is copied from the record, unquoted and
 * re-quoted at byte level: no string is decoded, parsed, quoted and encoded again for it. The
 * other columns are read by the store's own parser and formatted as cells, as before; a
 * number whose text is already the one JavaScript writes is copied too. On PGlite, profiled
 * at 1,000,000 rows, decoding, parsing, formatting and encoding the rows took 2 of the csv
 * export's 6.5 s of CPU time, in the thread the database runs in.
 *
 * Record text (PostgreSQL's record_out): fields separated by commas inside parentheses; a field
 * is quoted when it holds a comma, quote, backslash, parenthesis or white space or is empty,
 * with `"` and `\` doubled inside the quotes; a null is nothing. The CSV rules are csvField's:
 * quoted when holding a quote, comma, CR or LF, quotes doubled; a formula's first character
 * guarded by an apostrophe (inside the quotes when quoted).
 */

// Bytes (ASCII: never part of a multi-byte UTF-8 character).
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE = 0x29;
const CR = 0x0d;
const LF = 0x0a;
const APOSTROPHE = 0x27;
/** A line's end (CRLF) as csvWriter writes it. */
const LINE_END = [CR, LF] as const;
/** What a guarded field or quotes may add to a copied field: an apostrophe and two quotes. */
const FIELD_EXTRA = 3;

/** csvField's formula start by first byte (all of them ASCII), a table rather than a set lookup per field. */
const FORMULA_BYTE = new Uint8Array(0x80);
for (const code of FORMULA_START) FORMULA_BYTE[code] = 1;
const isFormulaStart = (byte: number | undefined) => FORMULA_BYTE[byte!] === 1;

/**
 * Copies a text field from the record at `p` as csvField writes its text, into `out` at `o`;
 * answers where the field ends in the record (at the comma or parenthesis after it) and in `out`.
 */
function copyField(record: Buffer, p: number, out: Buffer, o: number, at: { p: number; o: number }): void {
  if (record[p] !== QUOTE) {
    // Unquoted: no quote, comma, line break or white space in it, so never quoted in the csv.
    // Nothing at all is a null: an empty field, as an empty text is.
    if (isFormulaStart(record[p])) out[o++] = APOSTROPHE;
    for (let c = record[p]!; c !== COMMA && c !== CLOSE; c = record[++p]!) out[o++] = c;
    at.p = p;
    at.o = o;
    return;
  }
  const from = o;
  let quoted = false;
  p++;
  if (isFormulaStart(record[p] === BACKSLASH ? record[p + 1] : record[p])) out[o++] = APOSTROPHE;
  for (; ; p++) {
    let c = record[p]!;
    // A backslash's pair stands for its second character, a doubled quote for one quote.
    if (c === BACKSLASH) c = record[++p]!;
    else if (c === QUOTE) {
      if (record[p + 1] !== QUOTE) break;
      p++;
    }
    if (c === QUOTE) {
      out[o++] = QUOTE;
      quoted = true;
    } else if (c === COMMA || c === CR || c === LF) quoted = true;
    out[o++] = c;
  }
  // Past the closing quote.
  at.p = p + 1;
  if (!quoted) {
    at.o = o;
    return;
  }
  out.copyWithin(from + 1, from, o);
  out[from] = QUOTE;
  out[o + 1] = QUOTE;
  at.o = o + 2;
}

const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
/**
 * The most digits a decimal text can have and be sure to come back the same from a double: any
 * such text reads as the double nearest it, whose shortest text, which JavaScript writes, is
 * that text again (DBL_DIG).
 */
const EXACT_DIGITS = 15;

/**
 * Whether a number's field is the text JavaScript writes for the number it reads as, so it can
 * be copied: no exponent (PostgreSQL writes one from 1e15 up and below 1e-4, JavaScript from
 * 1e21 and below 1e-6), no leading or trailing zero, not minus zero, at most EXACT_DIGITS
 * digits. PostgreSQL writes a float's shortest text that reads back the same, as JavaScript
 * does; anything else (16 or 17 digits, an exponent, NaN) is read and written as before.
 */
function isShortestNumber(record: Buffer, p: number, end: number): boolean {
  if (record[p] === MINUS) p++;
  const digits = end - p;
  if (digits < 1 || digits > EXACT_DIGITS + 1) return false;
  // A leading zero only alone or before the point; after a minus, never alone (-0).
  if (record[p] === ZERO && (p + 1 === end ? record[p - 1] === MINUS : record[p + 1] !== POINT)) return false;
  let point = -1;
  for (let q = p; q < end; q++) {
    const c = record[q]!;
    if (c === POINT && point === -1 && q > p && q < end - 1) point = q;
    else if (c < ZERO || c > NINE) return false;
  }
  return point === -1 ? digits <= EXACT_DIGITS : record[end - 1] !== ZERO && digits - 1 <= EXACT_DIGITS;
}

/** Where the field at `p` ends: at the comma or parenthesis after it. */
function fieldEnd(record: Buffer, p: number): number {
  if (record[p] !== QUOTE) {
    while (record[p] !== COMMA && record[p] !== CLOSE) p++;
    return p;
  }
  // To the quote that closes: `""` and a backslash's pair lie inside.
  for (p++; ; p++) {
    const c = record[p];
    if (c === BACKSLASH) p++;
    else if (c === QUOTE) {
      if (record[p + 1] !== QUOTE) return p + 1;
      p++;
    }
  }
}

/**
 * `out`, or a larger copy of its first `used` bytes, with room for `more` after them. A formatted
 * cell may be longer than its field, and the copies after it write unchecked: the caller asks for
 * the cell's bytes and all the estimate holds for the records from this one on. (A function of its
 * own, not a closure over the writer's `out` and `o`: captured, they would live in a context
 * object, and every byte written would go through it.)
 */
function withRoom(out: Buffer, used: number, more: number): Buffer {
  if (used + more <= out.length) return out;
  const bigger = Buffer.allocUnsafe(Math.max(used + more, 2 * out.length));
  out.copy(bigger, 0, 0, used);
  return bigger;
}

/** Whether `a[from, to)` holds the same bytes as `b[at, at + to - from)`. */
function sameBytes(a: Buffer, from: number, to: number, b: Buffer | null, at: number, length: number): boolean {
  if (!b || length !== to - from) return false;
  for (let i = 0; i < length; i++) if (a[from + i] !== b[at + i]) return false;
  return true;
}

/**
 * What a field or cell came to in the row before: a field with the same bytes reads as the same
 * value, and a cell that is the same string has the same csv bytes. A state, a dictionary's
 * name or a flag mostly repeats from row to row; reading and encoding it again was about a
 * tenth of the writer's time.
 */
class Previous {
  record: Buffer | null = null;
  start = 0;
  length = 0;
  value: unknown = undefined;
  cell: unknown = undefined;
  bytes: Buffer = Buffer.alloc(0);
}

/** Records as csv lines, one Buffer for them all. */
export function csvRecordLines(records: readonly Buffer[], layout: RecordLayout): Buffer {
  const { fields, cells } = layout;
  const columns = cells.filter((cell) => cell !== null).length;
  // The values read so far in the record (those of the fields that are read).
  const row = new Array<unknown>(fields.length);
  const previous = fields.map(() => new Previous());
  const at = { p: 0, o: 0 };
  const most = (record: Buffer) => record.length + columns * FIELD_EXTRA + LINE_END.length;
  // rest[r]: the most records r and after can take when no formatted cell outgrows its field.
  const rest = new Array<number>(records.length + 1).fill(0);
  for (let r = records.length - 1; r >= 0; r--) rest[r] = rest[r + 1]! + most(records[r]!);
  let out: Buffer = Buffer.allocUnsafe(rest[0]!);
  let o = 0;
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    // After '('; each field then ends at a comma, the last at ')'.
    let p = 1;
    let column = 0;
    for (let i = 0; i < fields.length; i++, p++) {
      const cell = cells[i];
      if (cell === COPY) {
        if (column++) out[o++] = COMMA;
        copyField(record, p, out, o, at);
        p = at.p;
        o = at.o;
        continue;
      }
      const end = fieldEnd(record, p);
      if (cell === NUMBER && isShortestNumber(record, p, end)) {
        if (column++) out[o++] = COMMA;
        for (let q = p; q < end; q++) out[o++] = record[q]!;
        p = end;
        continue;
      }
      const read = fields[i];
      const last = previous[i]!;
      if (read) {
        if (!sameBytes(record, p, end, last.record, last.start, last.length)) {
          // With the character before and after it, the field is a one-field record.
          last.value = read(record.toString('utf8', p - 1, end + 1));
          [last.record, last.start, last.length] = [record, p, end - p];
        }
        row[i] = last.value;
      }
      p = end;
      if (!cell) continue;
      if (column++) out[o++] = COMMA;
      // A number's text or null stand for themselves, as in the cells' csv.
      const value = cell === NUMBER ? (row[i] as Cell) : cell(row);
      if (typeof value !== 'string') {
        // A number's text or nothing: a few ASCII characters, each a byte.
        const text = csvField(value);
        out = withRoom(out, o, text.length + rest[r]!);
        o += out.write(text, o, 'latin1');
        continue;
      }
      if (value !== last.cell) {
        last.cell = value;
        last.bytes = Buffer.from(csvField(value), 'utf8');
      }
      out = withRoom(out, o, last.bytes.length + rest[r]!);
      for (let b = 0; b < last.bytes.length; b++) out[o++] = last.bytes[b]!;
    }
    out[o++] = CR;
    out[o++] = LF;
  }
  return out.subarray(0, o);
}
