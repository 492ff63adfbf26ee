import { describe, expect, it } from '@jest/globals';
import { strFromU8, unzipSync } from 'fflate';
import { ROWS_PER_CHUNK, csvField, csvWriter } from '../../server/services/export/csv-writer';
import { csvRecordLines } from '../../server/services/export/csv-records';
import { COPY, type RecordLayout } from '../../server/services/export/sheet';
import { XLSX_CELL_TEXT_MAX, XLSX_SHEET_PATH, columnLetters, xlsxWriter, xmlText } from '../../server/services/export/xlsx-writer';
import { attachmentDisposition } from '../../server/http/content-disposition';
import { cleanExportFileName, exportFileName } from '../../src/shared/export-file-name';

/** The export's pure parts (docs/export.md): cells as csv and sheet XML, the file's name and its header. */
describe('export writers', () => {
  it('csv: quotes what needs it, keeps numbers, and guards text a spreadsheet would run as a formula', () => {
    expect(['plain', 'a,b', 'say "hi"', 'two\nlines', 12.5, -3, null].map(csvField)).toEqual(['plain', '"a,b"', '"say ""hi"""', '"two\nlines"', '12.5', '-3', '']);
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'].map(csvField)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx"]);
    const w = csvWriter();
    const text = Buffer.concat([...w.start(['账号', '名称']), ...w.rows([['1', '华东']]), ...w.end()]).toString('utf8');
    expect(text).toBe('\uFEFF账号,名称\r\n1,华东\r\n');
  });

  it('csv from record bytes: a formatted cell longer than its field, then a longer record copied, loses no byte', () => {
    // A dictionary's name is longer than its code; the record after is longer than the one before.
    const name = '活期存款账户'.repeat(8);
    const layout: RecordLayout = { fields: [null, (field) => field.slice(1, -1)], cells: [COPY, (row) => `${name}${String(row[1])}`] };
    const long = 'x'.repeat(300);
    const lines = csvRecordLines([Buffer.from('(a,1)'), Buffer.from(`(${long},2)`), Buffer.from('(b,3)')], layout).toString('utf8');
    expect(lines).toBe(`a,${name}1\r\n${long},${name}2\r\nb,${name}3\r\n`);
  });

  it('sheet XML: escapes markup, drops characters XML cannot hold, cuts at Excel\'s cell limit', () => {
    expect(xmlText('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
    expect(xmlText('bell\u0007 tab\t ok')).toBe('bell tab\t ok');
    expect(xmlText('lone \ud800 surrogate, pair 😀')).toBe('lone  surrogate, pair 😀');
    expect(xmlText('x'.repeat(XLSX_CELL_TEXT_MAX + 5))).toHaveLength(XLSX_CELL_TEXT_MAX);
  });

  it('xlsx: a zip whose sheet holds a bold header row, inline strings, numbers and place-holding empty cells', () => {
    const w = xlsxWriter();
    const bytes = Buffer.concat([...w.start(['A', 'B', 'C']), ...w.rows([[' x ', null, 2]]), ...w.rows([['y', 'z', 0]]), ...w.end()]);
    const sheet = strFromU8(unzipSync(new Uint8Array(bytes))[XLSX_SHEET_PATH]!);
    expect(sheet).toContain('<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>A</t></is></c>');
    expect(sheet).toContain('<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve"> x </t></is></c><c r="B2"/><c r="C2"><v>2</v></c></row>');
    expect(sheet).toContain('<row r="3"><c r="A3" t="inlineStr"><is><t>y</t></is></c><c r="B3" t="inlineStr"><is><t>z</t></is></c><c r="C3"><v>0</v></c></row></sheetData></worksheet>');
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('a batch larger than one encoded slice: csv in several chunks, xlsx rows in one deflated run, every row once and in order', () => {
    const rows = Array.from({ length: 2 * ROWS_PER_CHUNK + 3 }, (_, i) => [`r${i}`, '华东 <x>', i]);
    const csv = csvWriter();
    const chunks = csv.rows(rows);
    expect(chunks).toHaveLength(3);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(rows.map((r) => `${r.join(',')}\r\n`).join(''));
    const w = xlsxWriter();
    const bytes = Buffer.concat([...w.start(['A', 'B', 'C']), ...w.rows(rows), ...w.rows(rows.slice(0, 1)), ...w.end()]);
    const sheet = strFromU8(unzipSync(new Uint8Array(bytes))[XLSX_SHEET_PATH]!);
    const cells = [...sheet.matchAll(/<row r="(\d+)"><c r="A\1" t="inlineStr"><is><t>(r\d+)<\/t><\/is><\/c><c r="B\1" t="inlineStr"><is><t>华东 &lt;x&gt;<\/t><\/is><\/c><c r="C\1"><v>(\d+)<\/v><\/c><\/row>/g)];
    expect(cells.map((m) => [Number(m[1]), m[2], Number(m[3])])).toEqual([...rows, rows[0]!].map((r, i) => [i + 2, r[0], r[2]]));
  });

  it('xlsx opens in exceljs (the import\'s reader): header, texts, numbers, empty cells in their places, across batches', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const w = xlsxWriter();
    const rows: Array<Array<string | number | null>> = [[' 华东 😀 ', null, -1234.5], ['a & <b>', '', 0], ...Array.from({ length: 200 }, (_, i) => [`r${i}`, null, i])];
    const bytes = Buffer.concat([...w.start(['账号', 'B', 'C']), ...w.rows(rows.slice(0, 150)), ...w.rows(rows.slice(150)), ...w.end()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(rows.length + 1);
    const cell = (r: number, c: number) => sheet.getRow(r).getCell(c).value;
    expect([cell(1, 1), cell(1, 2), cell(1, 3)]).toEqual(['账号', 'B', 'C']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect([cell(2, 1), cell(2, 2), cell(2, 3)]).toEqual([' 华东 😀 ', null, -1234.5]);
    expect([cell(3, 1), cell(3, 2), cell(3, 3)]).toEqual(['a & <b>', null, 0]);
    expect([cell(rows.length + 1, 1), cell(rows.length + 1, 3)]).toEqual(['r199', 199]);
  });

  it('file names: the forbidden characters and control characters go, 50 characters at most, the extension once', () => {
    expect(cleanExportFileName(' a\\b/c:d*e?f"g<h>i|j\u0001 ')).toBe('abcdefghij');
    expect(cleanExportFileName('名'.repeat(60))).toBe('名'.repeat(50));
    expect(cleanExportFileName('/:*?')).toBe('');
    expect([exportFileName('报表', 'csv'), exportFileName('报表.XLSX', 'xlsx'), exportFileName('报表.csv', 'xlsx')]).toEqual(['报表.csv', '报表.XLSX', '报表.csv.xlsx']);
  });

  it('content-disposition: an ASCII stand-in and the UTF-8 name as RFC 5987 has it', () => {
    expect(attachmentDisposition('账户 (1).csv')).toBe(`attachment; filename="__ (1).csv"; filename*=UTF-8''%E8%B4%A6%E6%88%B7%20%281%29.csv`);
    expect(attachmentDisposition('it\'s 100%.csv')).toBe(`attachment; filename="it's 100_.csv"; filename*=UTF-8''it%27s%20100%25.csv`);
  });
});
