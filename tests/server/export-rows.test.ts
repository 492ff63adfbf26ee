import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { strFromU8, unzipSync } from 'fflate';
import { RESOURCES } from '../../src/resources';
import account from '../../src/resources/defs/account';
import { cellsParser, sortedCellsQuery, sortedQuery } from '../../server/resources/store';
import { EXPORT_BATCH_ROWS, streamRows } from '../../server/services/export/export';
import { csvField, csvWriter } from '../../server/services/export/csv-writer';
import { XLSX_SHEET_PATH, xlsxWriter, xmlText } from '../../server/services/export/xlsx-writer';
import type { SheetWriter } from '../../server/services/export/sheet';
import { translator } from '../../server/i18n';
import { availableBackends } from './support/backends';
import { startTestApp, type TestApp } from './support/test-server';

/**
 * The export's rows come from the database as one record text each (store.sortedCellsQuery,
 * read back by store.cellsParser; bench/README.md "Export"): these check that the values are
 * exactly those of the table's own query, whatever the column's type and whatever a text holds
 * (quotes, commas, parentheses, backslashes, spaces, empty or null), and that texts the record,
 * CSV or XML must escape come through to the file unchanged.
 */
describe.each(availableBackends())('export rows on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** Every column the table's query selects, by name, as the row objects carry them. */
  const columnsOf = (row: Record<string, unknown>) => Object.keys(row);

  it('a row as one text reads back as the same values as the table query\'s row object, for every resource and every column type', async () => {
    const kinds = new Set<string>();
    let compared = 0;
    for (const def of RESOURCES) {
      const rows = (await sortedQuery(t.db, def, {}, null).limit(50).execute()) as Array<Record<string, unknown>>;
      if (!rows.length) continue;
      const columns = columnsOf(rows[0]!);
      const cells = (await sortedCellsQuery(t.db, def, {}, null, columns).limit(50).execute()) as Array<{ cells: string }>;
      expect(cells.map((c) => cellsParser(def, columns)(c.cells))).toEqual(rows.map((row) => columns.map((c) => row[c])));
      for (const c of columns) kinds.add(def.fields[c]?.type ?? c);
      compared += rows.length;
    }
    // The seed covers dates, decimals, dictionaries, booleans and integers besides text.
    expect([...kinds]).toEqual(expect.arrayContaining(['text', 'date', 'decimal', 'dict', 'bool', 'id', 'enabled', 'createdAt']));
    expect(compared).toBeGreaterThan(100);
  });

  it('texts a record quotes read back as they are stored, an empty text apart from a null', async () => {
    const texts = ['"', '""', '\\', '\\"', 'a,b', '(x)', ' lead', 'trail ', '\t', '\n', '', 'NULL', 'null', '()', '",', '\\\\,"', '华东 😀', 'x"y\\z'];
    for (const [i, name] of texts.entries()) {
      await sql`insert into account (acct_no, acct_name, org_code, currency_code, bank_code, office_code, line_number, balance)
        values (${`EXQ${String(i).padStart(3, '0')}`}, ${`RecordText${name}`}, 'HQ', 'CNY', '102', ${name}, ${i % 2 ? null : name}, ${i % 3 ? null : -i / 8})`.execute(t.db);
    }
    const input = { acctNo: 'EXQ' };
    const rows = (await sortedQuery(t.db, account, input, null).execute()) as Array<Record<string, unknown>>;
    const columns = Object.keys(rows[0]!);
    const cells = (await sortedCellsQuery(t.db, account, input, null, columns).execute()) as Array<{ cells: string }>;
    expect(rows.map((r) => r.officeCode)).toEqual(texts);
    expect(cells.map((c) => cellsParser(account, columns)(c.cells))).toEqual(rows.map((row) => columns.map((c) => row[c])));
    // One column alone, first or last of the record.
    for (const only of [['officeCode'], ['lineNumber'], ['balance'], ['enabled']]) {
      const one = (await sortedCellsQuery(t.db, account, input, null, only).execute()) as Array<{ cells: string }>;
      expect(one.map((c) => cellsParser(account, only)(c.cells))).toEqual(rows.map((row) => [row[only[0]!]]));
    }
  });

  /** A file as streamRows writes it, from the account rows whose name starts with `mark`. */
  async function exported(mark: string, writer: SheetWriter, columns = ['acctNo', 'acctName', 'officeCode', 'balance', 'recordState']): Promise<Buffer> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => out.on('end', resolve));
    await streamRows(t.db, { def: account, input: { start: 1, limit: 1, acctName: mark }, columns, fileName: 'x', writer, scope: null, page: null }, out, 'zh-CN', translator('zh-CN'));
    await ended;
    return Buffer.concat(chunks);
  }

  it('texts a record, CSV and XML escape come into the file as they are stored; empty cells and negative amounts too', async () => {
    const names = ['RowsTricky "quoted", back\\slash', 'RowsTricky\nnew line\ttab', 'RowsTricky 华东 😀 <&> \u00e9', 'RowsTricky\u0001control'];
    for (const [i, name] of names.entries()) {
      await sql`insert into account (acct_no, acct_name, org_code, currency_code, bank_code, balance, office_code)
        values (${`EXR00${i}`}, ${name}, 'HQ', 'CNY', '102', ${i === 0 ? -1234.5 : null}, ${i === 1 ? 'FO1' : null})`.execute(t.db);
    }
    const csv = (await exported('RowsTricky', csvWriter())).toString('utf8');
    const state = translator('zh-CN')('resource.state.approved');
    const expected = names.map((name, i) => [`EXR00${i}`, name, i === 1 ? 'FO1' : null, i === 0 ? -1234.5 : null, state].map(csvField).join(',')).join('\r\n');
    expect(csv.slice(csv.indexOf('\r\n') + 2)).toBe(`${expected}\r\n`);
    expect(csv).toContain('EXR000,"RowsTricky ""quoted"", back\\slash",,-1234.5,');

    const xlsx = strFromU8(unzipSync(new Uint8Array(await exported('RowsTricky', xlsxWriter())))[XLSX_SHEET_PATH]!);
    for (const name of names) expect(xlsx).toContain(`<t>${xmlText(name)}</t>`);
    expect(xlsx).toMatch(/<c r="D\d+"><v>-1234.5<\/v><\/c>/);
    expect(xlsx).toContain('RowsTricky 华东 😀 &lt;&amp;&gt; é');
    expect(xlsx).not.toContain('\u0001');
  });

  it('csv from the records\' bytes is byte for byte the csv of the rows\' cells: texts, formulas, numbers, nulls, states', async () => {
    const texts = ['plain', '', '"', '""', '\\', '\\"', 'a,b', '(x)', ' lead', '\t', '\r', '\n', 'NULL', '=1+1', '+1', '-1', '@SUM(A1)', '=a,"b"', '\\=x', '"=x', '华东 😀', 'x"y\\z', '\u0001'];
    const numbers = [0, -0, 0.37, -1234.5, 1e15, 999999999999999, 123456789012345.6, 0.1 + 0.2, 1e-5, 0.0001, 1 / 3, 2 ** 53 + 2, -1e-7, null];
    const rows = Math.max(texts.length, numbers.length);
    for (let i = 0; i < rows; i++) {
      const text = texts[i % texts.length]!;
      await sql`insert into account (acct_no, acct_name, org_code, currency_code, bank_code, office_code, line_number, balance, record_state, enabled)
        values (${`EXI${String(i).padStart(3, '0')}`}, ${`RowsIdentical${text}`}, 'HQ', 'CNY', '102', ${text}, ${i % 2 ? null : text}, ${numbers[i % numbers.length]}::float8, ${i % 3 ? 'approved' : 'draft'}, ${i % 4 !== 1})`.execute(t.db);
    }
    const csv = csvWriter();
    // The same writer without the bytes' path: each row parsed into cells, as the xlsx's are.
    const { records: _bytes, ...cells } = csv;
    for (const columns of [['officeCode', 'acctNo', 'balance', 'recordState', 'lineNumber', 'enabled'], ['recordState', 'enabled', 'balance'], ['enabled', 'recordState', 'acctName']]) {
      const fromBytes = (await exported('RowsIdentical', csv, columns)).toString('utf8');
      const fromCells = (await exported('RowsIdentical', cells, columns)).toString('utf8');
      expect(fromBytes.split('\r\n')).toHaveLength(rows + 2);
      expect(fromBytes).toBe(fromCells);
    }
  });

  it('rows across several batches come whole and in the table\'s order, the batch fetched ahead included', async () => {
    const n = 3 * EXPORT_BATCH_ROWS + 7;
    await sql`insert into account (acct_no, acct_name, org_code, currency_code, bank_code, balance)
      select 'EXO' || lpad(i::text, 6, '0'), 'RowsOrder ' || i, 'HQ', 'CNY', '102', i / 4.0 from generate_series(1, ${n}) as i`.execute(t.db);
    const lines = (await exported('RowsOrder', csvWriter())).toString('utf8').split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(n);
    expect(lines.map((l) => l.split(',')[0])).toEqual(Array.from({ length: n }, (_, i) => `EXO${String(i + 1).padStart(6, '0')}`));
    expect(lines[4]!.split(',')[3]).toBe('1.25');
  });
});
