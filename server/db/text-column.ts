import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Statements whose answer is one text column, read on embedded PGlite straight from the
 * protocol's bytes rather than through PGlite's own result parser (the export's cursor batches,
 * server/services/export). PGlite's parser copies every field into an ArrayBuffer of its own
 * before decoding it, builds a message object per row and then a row object from it: for a
 * million rows of one text each, about 1.5 s of the 5.3 s CPU time that fetching them took,
 * against 3.8 s read here (bench/README.md, "Export"). The answer is the same: a row object
 * per row, keyed by the column's name, its value the same text (or null).
 *
 * A statement may ask for its texts as their UTF-8 bytes instead (the csv export reads its
 * record texts as bytes, server/services/export/csv-records.ts): on PGlite each comes as a
 * Buffer, copied from the protocol and never decoded. On PostgreSQL a marked statement is an
 * ordinary query, its texts strings either way.
 */
export type TextAs = 'string' | 'bytes';
const TEXT_COLUMN = new WeakMap<CompiledQuery, TextAs>();

/** A statement without parameters whose rows carry one text column, read as fast as the database allows. */
export function textColumnQuery(statement: string, as: TextAs = 'string'): CompiledQuery {
  const query = CompiledQuery.raw(statement);
  TEXT_COLUMN.set(query, as);
  return query;
}

/** The error PGlite would have thrown: the server's message, with its SQLSTATE code. */
export class TextColumnError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

// Protocol message types (PostgreSQL's "Message Formats").
const ROW_DESCRIPTION = 0x54; // T
const DATA_ROW = 0x44; // D
const ERROR_RESPONSE = 0x45; // E
const HEADER = 5; // type byte and int32 length

/**
 * Collects the rows of one text column from a backend's messages, however the bytes are cut
 * into chunks. A chunk is a view into PGlite's memory, valid only during the call: each text is
 * decoded at once, and a message cut at a chunk's end is copied until its rest comes. Texts read
 * as bytes are views of a copy of their chunk, taken whole: one copy of 8 kB rather than one for
 * each of the seventy-odd rows it holds.
 */
export class TextColumnReader {
  readonly rows: Array<Record<string, string | Buffer | null>> = [];
  error: TextColumnError | null = null;
  private name = '';
  /** A message begun in an earlier chunk: its bytes so far. */
  private part: Uint8Array | null = null;

  constructor(private readonly as: TextAs = 'string') {}

  push(chunk: Uint8Array): void {
    let at = 0;
    // Complete a cut message first, its header (to learn its length), then its body.
    while (this.part && at < chunk.length) {
      const part = this.part;
      const whole = part.length < HEADER ? HEADER : lengthOf(part, 0) + 1;
      const take = Math.min(whole - part.length, chunk.length - at);
      const joined = new Uint8Array(part.length + take);
      joined.set(part);
      joined.set(chunk.subarray(at, at + take), part.length);
      at += take;
      if (joined.length >= HEADER && joined.length === lengthOf(joined, 0) + 1) {
        this.part = null;
        this.message(Buffer.from(joined.buffer, joined.byteOffset, joined.length), 0);
      } else this.part = joined;
    }
    // Texts read as bytes are views of the copy; decoded ones need none.
    const bytes = this.as === 'bytes' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    while (at < bytes.length) {
      if (bytes.length - at < HEADER || at + lengthOf(bytes, at) + 1 > bytes.length) {
        // A copy: the chunk's memory is PGlite's again after this call.
        this.part = new Uint8Array(bytes.subarray(at));
        return;
      }
      at = this.message(bytes, at);
    }
  }

  /** Reads the message at `at`; answers where the next one starts. */
  private message(bytes: Buffer, at: number): number {
    const end = at + lengthOf(bytes, at) + 1;
    const type = bytes[at];
    if (type === DATA_ROW) {
      // int16 field count (one), int32 length (-1: null), the text.
      const length = bytes.readInt32BE(at + HEADER + 2);
      const start = at + HEADER + 6;
      // Keyed by a store into an empty object: a computed key in a literal ({ [name]: text }) took
      // V8's slow path, about 80 ms a million rows.
      const row: Record<string, string | Buffer | null> = {};
      row[this.name] = length < 0 ? null : this.as === 'bytes' ? bytes.subarray(start, start + length) : bytes.toString('utf8', start, start + length);
      this.rows.push(row);
    } else if (type === ROW_DESCRIPTION) {
      const fields = bytes.readInt16BE(at + HEADER);
      if (fields !== 1) this.error ??= new TextColumnError(`a text-column statement answered ${fields} columns`, undefined);
      this.name = bytes.toString('utf8', at + HEADER + 2, bytes.indexOf(0, at + HEADER + 2));
    } else if (type === ERROR_RESPONSE) {
      // Fields: a code byte, then a null-terminated text; a zero byte ends them.
      const fields = new Map<string, string>();
      for (let p = at + HEADER; p < end && bytes[p] !== 0; ) {
        const zero = bytes.indexOf(0, p + 1);
        fields.set(String.fromCharCode(bytes[p]!), bytes.toString('utf8', p + 1, zero));
        p = zero + 1;
      }
      this.error ??= new TextColumnError(fields.get('M') ?? 'database error', fields.get('C'));
    }
    // Anything else (command complete, ready for query, notices) carries nothing for the rows.
    return end;
  }
}

const lengthOf = (bytes: Uint8Array, at: number) => ((bytes[at + 1]! << 24) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 8) | bytes[at + 4]!) >>> 0;

/** A simple-protocol Query message ('Q', int32 length, the statement, a zero byte). */
function queryMessage(statement: string): Uint8Array {
  const text = Buffer.from(statement, 'utf8');
  const message = Buffer.alloc(HEADER + text.length + 1);
  message[0] = 0x51;
  message.writeInt32BE(4 + text.length + 1, 1);
  text.copy(message, HEADER);
  return message;
}

/**
 * Runs a marked statement on PGlite. It comes through Kysely's connection, which the driver
 * gives to one caller at a time, and every statement of this server reaches PGlite that way:
 * no other statement is between its messages (another request's transaction waits for the
 * connection), and the statement itself runs synchronously from its message to its last row.
 * So PGlite's own locks, which its `query` takes, are not taken again here: with them, fetching
 * a million rows grew the process by 113 and 137 MB (two runs) against 14 to 75 MB without, the
 * CPU time the same (bench/README.md, "Export").
 */
async function textColumnRows(pglite: PGlite, query: CompiledQuery): Promise<QueryResult<unknown>> {
  if (query.parameters.length) throw new Error('a text-column statement takes no parameters');
  await pglite.waitReady;
  // As PGlite's query answers once closing has begun.
  if (!pglite.ready) throw new Error('PGlite is closed');
  const reader = new TextColumnReader(TEXT_COLUMN.get(query));
  await pglite.execProtocolRawStream(queryMessage(query.sql), { syncToFs: false, onRawData: (chunk) => reader.push(chunk) });
  if (reader.error) throw reader.error;
  return { rows: reader.rows };
}

/**
 * PGlite's Kysely driver, with marked statements read by textColumnRows. Every other call goes
 * to the driver as it is (its one connection, its queue, begin and commit).
 */
export class TextColumnDriver implements Driver {
  private readonly connections = new WeakMap<DatabaseConnection, DatabaseConnection>();
  constructor(
    private readonly inner: Driver,
    private readonly pglite: PGlite,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const pglite = this.pglite;
    const mine: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery) => (TEXT_COLUMN.has(query) ? textColumnRows(pglite, query) : connection.executeQuery(query)) as Promise<QueryResult<R>>,
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    };
    this.connections.set(mine, connection);
    return mine;
  }
  private innerOf(connection: DatabaseConnection): DatabaseConnection {
    return this.connections.get(connection) ?? connection;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(this.innerOf(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(this.innerOf(connection));
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(this.innerOf(connection));
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.innerOf(connection));
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
