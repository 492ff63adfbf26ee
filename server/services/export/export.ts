import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { RESOURCES } from '../../../src/resources';
import { labelOf, type ResourceDef } from '../../../src/resources/define';
import { resourceEndpoints } from '../../../src/resources/contract';
import { querySchema } from '../../../src/resources/schema';
import { EXPORT_SCOPE_PAGE, exportTableUrl, type ExportRequest } from '../../../src/shared/contract/export';
import { EXPORT_CONFIRM_ABOVE, EXPORT_FORBIDDEN_ABOVE, type Language } from '../../../src/shared/constants';
import { familyDictionary, familyOf } from '../../../src/resources/field-choice';
import { CODE } from '../../../src/shared/codes';
import { cleanExportFileName, exportFileName } from '../../../src/shared/export-file-name';
import { refuse } from '../../http/answer';
import { asAttachment } from '../../http/content-disposition';
import { invalidRequest, resourceFieldNames, type ValidationItem } from '../../http/invalid-request';
import type { Db } from '../../db/database';
import { textColumnQuery, type TextAs } from '../../db/text-column';
import { cellsParser, countRows, sortedCellsQuery, type QueryInput } from '../../resources/store';
import { resourceScope } from '../../resources/scope';
import { checkCalendarDates } from '../../resources/calendar-dates';
import { requireAdmin, requireFunc } from '../permissions';
import { queryDictionaries } from '../dictionaries';
import type { Translate } from '../../i18n';
import { csvWriter } from './csv-writer';
import { xlsxWriter } from './xlsx-writer';
import { COPY, NUMBER, type Cell, type RecordLayout, type SheetWriter } from './sheet';
import { masksFor, type Masks } from '../sensitive';

/**
 * The export of a resource's table (issue 13 point 2; docs/export.md): the same query as the
 * table (filters, sort, the caller's data authorisation and page scope), streamed from the
 * database through a cursor in batches of EXPORT_BATCH_ROWS, each row one text
 * (store.sortedCellsQuery, read back by store.cellsParser), each batch written to the reply
 * while the next is fetched, waiting for the reply to drain before the one after. Memory holds
 * two batches whatever the number of rows.
 */

/**
 * Rows fetched from the cursor at a time: big enough that round trips do not dominate (the next
 * batch is fetched while one is written), small enough to stay flat in memory. At 1,000,000
 * rows, 1,000 took 10 to 15 MB less peak memory than 2,000 for about 3 % more CPU time
 * (bench/README.md, "Export").
 */
export const EXPORT_BATCH_ROWS = 1_000;
const CURSOR = 'export_rows';
/** What a row carries before the exported columns, those not among them: the state column's text needs both. */
const EXPORT_ROW_HEAD = ['recordState', 'enabled'] as const;
/**
 * The columns a row is selected with: those of EXPORT_ROW_HEAD the exported ones lack, then the
 * exported ones. First, so that a writer reading the row's record in one pass has them before
 * the state's cell (sheet.RecordLayout); enabled comes first again when exported after the state,
 * as does the field a family field follows when exported after it.
 */
const selectedColumns = (def: ResourceDef, columns: readonly string[]) => {
  const stateAt = columns.indexOf('recordState');
  const head: string[] = EXPORT_ROW_HEAD.filter((c) => !columns.includes(c) || (c === 'enabled' && stateAt !== -1 && columns.indexOf(c) > stateAt));
  // A family field's name depends on the field it follows (a sensitive setting's field on its
  // resource): that one comes first too, unless exported before it.
  columns.forEach((c, at) => {
    const followed = familyOf(def.fields[c])?.on;
    if (followed && !columns.slice(0, at).includes(followed) && !head.includes(followed)) head.push(followed);
  });
  return [...head, ...columns];
};

/** The registered resource queries an export may name, by their tableUrl: the definition, its query's grant and schema. */
const TABLES = new Map(RESOURCES.map((def) => [exportTableUrl(def.code), { def, func: resourceEndpoints(def).query.flags.func!, schema: querySchema(def) }]));
/** Table columns that hold no data. */
const NOT_DATA = new Set(['seq', 'operation', 'checkbox', 'radio']);

export function exportableColumns(def: ResourceDef): string[] {
  return def.columns.filter((c) => !NOT_DATA.has(c.kind)).map((c) => c.field);
}

/** How the exported row count compares with the thresholds (DECISIONS, "Export thresholds"). */
export type ExportMode = 'now' | 'job' | 'forbidden';
export function exportMode(rows: number): ExportMode {
  if (rows > EXPORT_FORBIDDEN_ABOVE) return 'forbidden';
  return rows > EXPORT_CONFIRM_ABOVE ? 'job' : 'now';
}

/** A row's cells, and how a writer reading record bytes comes to the same cells (sheet.RecordLayout). */
interface Cells {
  cells: (row: readonly unknown[]) => Cell[];
  layout: RecordLayout;
}

/**
 * A cell as the table shows it: a dictionary value's name, the record's state, yes or no;
 * numbers stay numbers. A row comes as the values of the selected columns (selectedColumns,
 * store.sortedCellsQuery): the record's state and enabled unless exported, then `columns`.
 */
async function cellFormatter(db: Db, def: ResourceDef, columns: readonly string[], lang: string, t: Translate): Promise<Cells> {
  const families = columns.flatMap((c) => familyOf(def.fields[c]) ?? []);
  const followedDicts = families.flatMap((f) => def.fields[f.on]?.dict ?? []);
  const dicts = [...columns.flatMap((c) => (def.fields[c]?.dict ? [def.fields[c]!.dict!] : [])), ...followedDicts];
  const names = new Map<string, Map<string, string>>();
  const answer = async (types: string[]) => {
    const groups = await queryDictionaries(db, [...new Set(types)], lang, ['dictionary', 'constant', 'custom']);
    for (const group of Object.values(groups)) for (const [type, items] of Object.entries(group)) names.set(type, new Map(items.map((i) => [i.value, i.text])));
  };
  await answer(dicts);
  // A family's members: one per value of the dictionary the field follows.
  if (families.length) await answer(families.flatMap((f) => [...(names.get(def.fields[f.on]?.dict ?? '')?.keys() ?? [])].map((v) => familyDictionary(f.family, v))));
  const yes = t('resource.yes');
  const no = t('resource.no');
  const selected = selectedColumns(def, columns);
  const stateAt = selected.indexOf('recordState');
  const enabledAt = selected.indexOf('enabled');
  // A handful of states, each looked up once rather than once a row.
  const states = new Map<unknown, string>();
  const stateText = (state: unknown, enabled: unknown) => {
    const off = state === 'approved' && !enabled;
    const key = off ? 'approvedDisabled' : state;
    let text = states.get(key);
    if (text === undefined) states.set(key, (text = t(`resource.state.${String(state)}${off ? 'Disabled' : ''}`)));
    return text;
  };
  // Each selected column's reading of its own field (a one-field record, as the parser reads any).
  const readers = selected.map((c) => cellsParser(def, [c]));
  /** What the store reads a column's field as: text, number or boolean (a probe field tells). */
  const kindOf = (at: number) => typeof readers[at]!(PROBE_FIELD)[0];
  // The exported columns are the last of the selected.
  const head = selected.length - columns.length;
  /** Per selected column: its cell; COPY or NUMBER when its text or number is shown as it is; null when not exported. */
  const format = selected.map((c, at): RecordLayout['cells'][number] => {
    if (at < head) return null;
    const f = def.fields[c];
    if (c === 'recordState') return (row) => stateText(row[stateAt], row[enabledAt]);
    if (c === 'enabled' || f?.type === 'bool') return (row) => (row[at] === null || row[at] === undefined ? null : row[at] ? yes : no);
    if (f?.dict) {
      const map = names.get(f.dict) ?? new Map<string, string>();
      return (row) => (row[at] === null || row[at] === undefined ? null : (map.get(String(row[at])) ?? String(row[at])));
    }
    const family = familyOf(def.fields[c]);
    if (family) {
      const followedAt = selected.indexOf(family.on);
      return (row) => (row[at] === null || row[at] === undefined ? null : (names.get(familyDictionary(family.family, String(row[followedAt])))?.get(String(row[at])) ?? String(row[at])));
    }
    const kind = kindOf(at);
    return kind === 'string' ? COPY : kind === 'number' ? NUMBER : shownAsRead(at);
  });
  // The fields the formatted cells and numbers read: theirs, and the state's enabled.
  const read = new Set(format.flatMap((f, at) => (f !== null && f !== COPY ? [at] : [])));
  if (read.has(stateAt)) read.add(enabledAt);
  for (const f of families) read.add(selected.indexOf(f.on));
  const shown = columns.map((_, i) => {
    const f = format[head + i];
    return typeof f === 'function' ? f : shownAsRead(head + i);
  });
  const n = shown.length;
  return {
    cells: (row) => {
      const cells = new Array<Cell>(n);
      for (let i = 0; i < n; i++) cells[i] = shown[i]!(row);
      return cells;
    },
    layout: { fields: readers.map((reader, at) => (read.has(at) ? (field: string) => reader(field)[0] : null)), cells: format },
  };
}

/** A field as a one-field record: the character before and after it are the record's own. */
const PROBE_FIELD = '(1)';

/** A value as the table shows it when nothing formats it: numbers stay numbers, the rest text. */
const shownAsRead =
  (at: number) =>
  (row: readonly unknown[]): Cell => {
    const v = row[at];
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') return v;
    return typeof v === 'string' ? v : String(v);
  };

export interface ExportPlan {
  def: ResourceDef;
  input: QueryInput;
  columns: string[];
  fileName: string;
  writer: SheetWriter;
  scope: Awaited<ReturnType<typeof resourceScope>>['all'];
  /** A page: only these rows of the sorted query. */
  page: { offset: number; limit: number } | null;
  /** The sensitive fields masked for the caller (docs/sensitive-info.md): the file shows what their table shows. */
  masks?: Masks;
  /** The rows the server counted, and so how the file comes (a job above EXPORT_CONFIRM_ABOVE). */
  rows?: number;
  mode?: ExportMode;
}

export interface StreamOptions {
  /** After each batch, the rows written so far (a job's progress and lease); a throw ends the export. */
  onBatch?: (written: number) => Promise<void>;
  /**
   * A job's way through the rows: a cursor WITH HOLD under this name, each fetch a statement of
   * its own on the connection `on` hands over, so other queries take turns with the job between
   * batches (on PGlite, one connection for the whole process, a transaction would hold every
   * request back until the file is written). The snapshot is still one: the cursor's rows are
   * fixed when it is declared.
   */
  held?: { cursor: string; on: <T>(work: (db: Db) => Promise<T>) => Promise<T> };
}

/**
 * Everything that can refuse, before a byte of the file is sent (a refusal after the headers
 * could only cut the download short): the table, the grant, the query, the columns, the name,
 * the row count.
 */
export async function planExport(request: FastifyRequest, body: ExportRequest): Promise<ExportPlan> {
  const table = TABLES.get(body.tableUrl);
  if (!table) throw refuse(CODE.exportTableUnknown, { table: body.tableUrl });
  const { def, func, schema } = table;
  // The query's own grant: its function, or any of its pages' (src/resources/contract.ts).
  await requireFunc(func)(request);
  // An administrators' table (the operation log) exports for administrators only, as it queries.
  if (def.adminOnly) await requireAdmin(request);
  // The table's query schema, compiled as its own query route's is, refusing as that route refuses.
  const validate = request.compileValidationSchema(schema as unknown as Record<string, unknown>);
  if (!validate(body.query)) throw invalidRequest((validate.errors ?? []) as ValidationItem[], request.t, resourceFieldNames((field) => def.fields[field]?.label[request.lang], request.t));
  // A date the pattern lets through but the calendar has not (2026-02-30): 400, as the table's query answers it.
  checkCalendarDates(request, def, body.query as Record<string, unknown>, def.query);
  const allowed = new Set(exportableColumns(def));
  const unknown = body.exportColumn.find((c) => !allowed.has(c));
  if (unknown) throw refuse(CODE.exportColumnUnknown, { column: unknown });
  const name = cleanExportFileName(body.fileName);
  if (!name) throw refuse(CODE.exportFileNameEmpty);
  const input = body.query as QueryInput;
  const scope = (await resourceScope(request.server.db, def, request)).all;
  const page = body.exportType === EXPORT_SCOPE_PAGE ? { offset: (input.start - 1) * input.limit, limit: input.limit } : null;
  // Never the request's total: the server counts what the caller may see.
  const total = await countRows(request.server.db, def, input, scope);
  const rows = page ? Math.max(0, Math.min(page.limit, total - page.offset)) : total;
  const mode = exportMode(rows);
  if (mode === 'forbidden') throw refuse(CODE.exportTooLarge, { total: rows, max: EXPORT_FORBIDDEN_ABOVE });
  const masks = await masksFor(request.server.db, def, request);
  return { def, input, columns: [...new Set(body.exportColumn)], fileName: exportFileName(name, body.fileType), writer: body.fileType === 'xlsx' ? xlsxWriter() : csvWriter(), scope, page, rows, mode, masks };
}

class ReplyClosed extends Error {}

/** Hands chunks to the reply without waiting (the caller waits for `drained` before the next batch); stops if the client went away. */
function write(out: PassThrough, chunks: Uint8Array[]): void {
  for (const chunk of chunks) {
    if (out.destroyed) throw new ReplyClosed();
    out.write(chunk);
  }
}

/** Waits until the reply has taken what it was given (its buffer drained); stops if the client went away. */
async function drained(out: PassThrough): Promise<void> {
  if (out.destroyed) throw new ReplyClosed();
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const drain = () => {
      out.off('close', closed);
      resolve();
    };
    const closed = () => {
      out.off('drain', drain);
      reject(new ReplyClosed());
    };
    out.once('drain', drain);
    out.once('close', closed);
  });
}

/**
 * Streams the planned rows through a cursor, batch by batch (one transaction, so the file is
 * one consistent snapshot), into `out`; ends it, or destroys it on a failure.
 */
export async function streamRows(db: Db, plan: ExportPlan, out: PassThrough, lang: Language, t: Translate, options: StreamOptions = {}): Promise<void> {
  try {
    const { def, columns, writer } = plan;
    const { cells, layout } = await cellFormatter(db, def, columns, lang, t);
    write(out, writer.start(columns.map((c) => labelOf(def, c, lang))));
    const selected = selectedColumns(def, columns);
    const parse = cellsParser(def, selected);
    // A writer that reads record bytes (csv) gets them as they come: on PGlite never decoded.
    const as: TextAs = writer.records ? 'bytes' : 'string';
    const batch = (rows: ReadonlyArray<{ cells: string | Buffer }>): Uint8Array[] =>
      writer.records
        ? writer.records(rows.map((r) => (typeof r.cells === 'string' ? Buffer.from(r.cells, 'utf8') : r.cells)), layout)
        : writer.rows(rows.map((r) => cells(parse(typeof r.cells === 'string' ? r.cells : r.cells.toString('utf8')))));
    const run = async (tx: Db, cursor: string, hold: boolean) => {
      // Only what the file shows (the state column reads enabled too), each row one text.
      let query = sortedCellsQuery(tx, def, plan.input, plan.scope, selected, plan.masks);
      if (plan.page) query = query.limit(plan.page.limit).offset(plan.page.offset);
      await sql`declare ${sql.raw(cursor)} no scroll cursor ${sql.raw(hold ? 'with hold ' : '')}for ${query}`.execute(tx);
      // The fetch's rows need no renaming: without the camel-case plugin no row object is rebuilt.
      const plain = tx.withoutPlugins();
      // One text column: on PGlite read from the protocol's bytes (db/text-column.ts).
      type Batch = { rows: Array<{ cells: string | Buffer }> };
      const fetch = (): Promise<Batch> => plain.executeQuery<{ cells: string | Buffer }>(textColumnQuery(`fetch forward ${EXPORT_BATCH_ROWS} from ${cursor}`, as));
      let next: Promise<Batch> | null = fetch();
      try {
        for (let written = 0; next; ) {
          const { rows }: Batch = await next;
          // The next batch is on its way (the database produces it, the driver decodes it)
          // while this one is formatted and written: at most two batches are in memory.
          next = rows.length === EXPORT_BATCH_ROWS ? fetch() : null;
          if (!rows.length) break;
          const chunks = batch(rows);
          // The reply has been taking the batch before while this one was fetched and formatted
          // (on PGlite, in this thread): only now wait for it, so the reply never holds more than
          // one batch, and a slow socket or disk rarely leaves the thread idle. Waiting right after
          // writing idled it for each batch's trip to the file: 0.5 s of a million-row csv's 5.4 s
          // on PGlite, at load 4.5.
          await drained(out);
          write(out, chunks);
          written += rows.length;
          await options.onBatch?.(written);
        }
      } finally {
        // A batch fetched ahead when the loop stopped early (the reader went away): let it land
        // (or fail, unheard) before the cursor closes, not reject later with no one to hear it.
        await next?.catch(() => undefined);
        // A held cursor outlives any transaction: it must be closed however the loop ended.
        if (hold) await sql`close ${sql.raw(cursor)}`.execute(tx).catch(() => undefined);
      }
      if (!hold) await sql`close ${sql.raw(cursor)}`.execute(tx);
    };
    if (options.held) await options.held.on((conn) => run(conn, options.held!.cursor, true));
    else await db.transaction().execute((tx) => run(tx, CURSOR, false));
    await drained(out);
    write(out, writer.end());
    out.end();
  } catch (error) {
    // The headers are gone: all that is left is to cut the download short, so the browser
    // reports a failed download rather than saving half a file as if it were whole.
    if (!(error instanceof ReplyClosed)) out.destroy(error as Error);
    if (!(error instanceof ReplyClosed)) throw error;
  }
}

/** The file now: its headers, then the rows streamed into the reply. */
export function sendExport(request: FastifyRequest, reply: FastifyReply, plan: ExportPlan): FastifyReply {
  const out = new PassThrough();
  asAttachment(reply, plan.fileName, plan.writer.contentType);
  streamRows(request.server.db, plan, out, request.lang, request.t).catch((error: unknown) => request.log.error({ err: error }, 'export stream failed'));
  return reply.send(out);
}

/** A synchronous export's handler: refuse as JSON, or answer the file and stream it (a job's answer is the route's, server/routes/fsmc/export.ts). */
export async function exportHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const plan = await planExport(request, request.body as ExportRequest);
  if (plan.mode === 'job') throw refuse(CODE.exportNeedsJob, { total: plan.rows, max: EXPORT_CONFIRM_ABOVE });
  return sendExport(request, reply, plan);
}
