import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { TextColumnError, TextColumnReader, textColumnQuery } from '../../server/db/text-column';
import { availableBackends } from './support/backends';
import { openTestDb, type TestDb } from './support/test-server';

/**
 * Statements answering one text column (the export's cursor batches) read on PGlite from the
 * protocol's bytes (server/db/text-column.ts): the same rows as an ordinary query, however the
 * bytes are cut, and the database's error when the statement fails.
 */

/** Texts a record or the protocol could trip on: quotes, separators, multi-byte characters, empty, null. */
const TEXTS = ['plain', '', null, '(a,"b c",,1.5,t)', '华东实业 😀', 'line\nbreak', 'x'.repeat(20_000), '\\"'];

describe.each(availableBackends())('text-column statements on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
  });
  afterAll(async () => {
    await t?.dispose();
  });


  it('answers the rows an ordinary query answers, a row object per row under the column\'s name', async () => {
    await sql`create table text_column_probe (n int primary key, cells text)`.execute(t.db);
    await sql`insert into text_column_probe values ${sql.join(TEXTS.map((text, i) => sql`(${i}, ${text})`))}`.execute(t.db);
    const statement = 'select cells from text_column_probe order by n';
    const ordinary = await sql.raw<{ cells: string | null }>(statement).execute(t.db.withoutPlugins());
    const read = await t.db.withoutPlugins().executeQuery<{ cells: string | null }>(textColumnQuery(statement));
    expect(read.rows).toEqual(ordinary.rows);
    expect(read.rows.map((r) => r.cells)).toEqual(TEXTS);
    // Asked for bytes: each text's UTF-8 as a Buffer on PGlite, a string on PostgreSQL (an ordinary query).
    const bytes = await t.db.withoutPlugins().executeQuery<{ cells: string | Buffer | null }>(textColumnQuery(statement, 'bytes'));
    expect(bytes.rows.map((r) => (Buffer.isBuffer(r.cells) ? r.cells.toString('utf8') : r.cells))).toEqual(TEXTS);
    expect(bytes.rows.some((r) => Buffer.isBuffer(r.cells))).toBe(backend === 'pglite');
  });

  it('reads a cursor batch by batch inside a transaction', async () => {
    const batches = await t.db.transaction().execute(async (tx) => {
      await sql`declare text_column_cursor no scroll cursor for select cells from text_column_probe order by n`.execute(tx);
      const out: Array<Array<string | null>> = [];
      for (let rows; (rows = (await tx.withoutPlugins().executeQuery<{ cells: string | null }>(textColumnQuery('fetch forward 3 from text_column_cursor'))).rows).length; ) out.push(rows.map((r) => r.cells));
      return out;
    });
    expect(batches).toEqual([TEXTS.slice(0, 3), TEXTS.slice(3, 6), TEXTS.slice(6)]);
  });

  it('fails as the database fails, and the connection serves the next statement', async () => {
    await expect(t.db.withoutPlugins().executeQuery(textColumnQuery('select cells from no_such_table'))).rejects.toMatchObject({ code: '42P01' });
    expect((await sql<{ one: number }>`select 1 as one`.execute(t.db)).rows).toEqual([{ one: 1 }]);
  });
});

describe('TextColumnReader', () => {
  /** A backend message: its type, an int32 length counting itself, the body. */
  const message = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(type, 0, 'latin1');
    head.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const int16 = (n: number) => Buffer.from([n >> 8, n & 255]);
  const int32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    return b;
  };
  const cstring = (text: string) => Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);
  const description = message('T', Buffer.concat([int16(1), cstring('cells'), int32(0), int16(0), int32(25), int16(-1), int32(-1), int16(0)]));
  const dataRow = (text: string | null) => message('D', Buffer.concat([int16(1), int32(text === null ? -1 : Buffer.byteLength(text)), text === null ? Buffer.alloc(0) : Buffer.from(text, 'utf8')]));
  const answer = Buffer.concat([description, ...TEXTS.map(dataRow), message('C', cstring(`FETCH ${TEXTS.length}`)), message('Z', Buffer.from('T'))]);

  it('reads the same rows however the bytes are cut into chunks', () => {
    const expected = TEXTS.map((cells) => ({ cells }));
    for (const size of [1, 2, 3, 5, 7, 64, 4096, answer.length]) {
      const reader = new TextColumnReader();
      for (let at = 0; at < answer.length; at += size) reader.push(answer.subarray(at, at + size));
      expect({ size, rows: reader.rows }).toEqual({ size, rows: expected });
    }
    // Every place a cut can fall, in two chunks; as texts and as bytes.
    for (let cut = 1; cut < 200; cut++) {
      const reader = new TextColumnReader();
      const bytes = new TextColumnReader('bytes');
      for (const r of [reader, bytes]) {
        r.push(answer.subarray(0, cut));
        r.push(answer.subarray(cut));
      }
      expect(reader.rows).toEqual(expected);
      expect(bytes.rows.map((r) => r.cells?.toString() ?? null)).toEqual(TEXTS);
    }
  });

  it('keeps a chunk\'s bytes only as copies: the memory it came in may be reused at once', () => {
    const reader = new TextColumnReader();
    const chunk = Buffer.from(answer.subarray(0, description.length + 3));
    reader.push(chunk);
    chunk.fill(0);
    reader.push(answer.subarray(description.length + 3));
    expect(reader.rows.map((r) => r.cells)).toEqual(TEXTS);
    const bytes = new TextColumnReader('bytes');
    const whole = Buffer.from(answer);
    bytes.push(whole);
    whole.fill(0);
    expect(bytes.rows.map((r) => r.cells?.toString() ?? null)).toEqual(TEXTS);
  });

  it('takes the server\'s message and code from an error response', () => {
    const reader = new TextColumnReader();
    reader.push(Buffer.concat([message('E', Buffer.concat([Buffer.from('SERROR\0', 'utf8'), Buffer.from('C42P01\0'), cstring('Mrelation "x" does not exist'), Buffer.from([0])])), message('Z', Buffer.from('I'))]));
    expect(reader.error).toBeInstanceOf(TextColumnError);
    expect(reader.error).toMatchObject({ message: 'relation "x" does not exist', code: '42P01' });
  });
});
