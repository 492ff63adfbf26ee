import zlib from 'node:zlib';
import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import type { Cell, SheetWriter } from './sheet';

/**
 * A lean streaming xlsx writer (issue 13 point 2; docs/export.md, "Why our own xlsx writer"): one
 * worksheet written row by row into a zip stream (fflate's container, Node's native deflate), with inline strings instead of the
 * shared-string table (which would hold every distinct text of the file in memory until the
 * end), one bold style for the header row and nothing else. Numbers are number cells; text,
 * dates and dictionary names are inline strings, as the table shows them.
 */

/** Deflate level: 1 is several times faster than the default 6 and the sheet's XML still shrinks about tenfold. */
export const XLSX_DEFLATE_LEVEL = 1;

/**
 * A zip entry deflated by Node's zlib (native) rather than fflate's JavaScript deflate, which
 * was about fourteen times slower on a sheet's XML (bench/README.md, "Export"): fflate's Zip
 * takes any ZipInputFile. Each push is deflated on its own and ends with a sync flush (a
 * non-final block), the last with a final block; one raw deflate stream is any such sequence
 * of blocks. A fresh compressor per batch loses only the back-references into the batch
 * before, a fraction of a percent on batches of thousands of rows.
 */
class NativeDeflate implements ZipInputFile {
  readonly compression = 8;
  crc = 0;
  size = 0;
  ondata: AsyncFlateStreamHandler = () => undefined;
  constructor(readonly filename: string) {}
  push(data: Uint8Array, final = false): void {
    this.crc = zlib.crc32(data, this.crc);
    this.size += data.length;
    const deflated = zlib.deflateRawSync(data, { level: XLSX_DEFLATE_LEVEL, finishFlush: final ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH });
    this.ondata(null, deflated, final);
  }
}
/** Rows a string holds before it is encoded: a row of ten cells is about 600 characters, so a slice stays well under 128 kB. */
const XLSX_ROWS_PER_PIECE = 64;
/** Excel's longest cell text; a longer one makes Excel repair the file. */
export const XLSX_CELL_TEXT_MAX = 32_767;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const STATIC_PARTS: ReadonlyArray<[string, string]> = [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  ['_rels/.rels', `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML_HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];
export const XLSX_SHEET_PATH = 'xl/worksheets/sheet1.xml';
const SHEET_HEAD = `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

// XML 1.0 has no place for most control characters, nor for lone surrogates.
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML_SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function xmlText(text: string): string {
  const cut = text.length > XLSX_CELL_TEXT_MAX ? text.slice(0, XLSX_CELL_TEXT_MAX) : text;
  // Most cells need nothing: test once before replacing.
  return XML_SPECIAL.test(cut) ? cut.replace(XML_INVALID, '').replace(/[&<>]/g, (c) => ESCAPES[c]!) : cut;
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function xlsxWriter(): SheetWriter {
  const columns: string[] = [];
  const columnName = (i: number) => columns[i] ?? (columns[i] = columnLetters(i));
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const sheet = new NativeDeflate(XLSX_SHEET_PATH);
  let rowNumber = 0;
  const take = () => out.splice(0, out.length);
  const push = (xml: string, final = false) => sheet.push(Buffer.from(xml, 'utf8'), final);

  /**
   * One row. Every cell carries its reference (`r="C5"`): ECMA-376 makes it optional, but
   * exceljs (the import's reader) cannot read a cell without one. An empty cell is written as
   * an empty element, so a reader that counts cells rather than reading references still finds
   * each value in its column.
   */
  function rowXml(cells: readonly Cell[], style: string): string {
    rowNumber += 1;
    let xml = `<row r="${rowNumber}">`;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      const c = `<c r="${columnName(i)}${rowNumber}"${style}`;
      if (cell === null || cell === undefined || cell === '') xml += `${c}/>`;
      else if (typeof cell === 'number' && Number.isFinite(cell)) xml += `${c}><v>${cell}</v></c>`;
      else {
        const text = String(cell);
        // Without preserve a reader trims the text's outer spaces.
        const space = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32 ? ' xml:space="preserve"' : '';
        xml += `${c} t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
      }
    }
    return `${xml}</row>`;
  }

  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    start(headers) {
      for (const [path, xml] of STATIC_PARTS) {
        const part = new NativeDeflate(path);
        zip.add(part);
        part.push(Buffer.from(xml, 'utf8'), true);
      }
      zip.add(sheet);
      push(SHEET_HEAD + rowXml(headers, ' s="1"'));
      return take();
    },
    rows(rows) {
      // A slice of rows a string, each under V8's large-object size, so none is born in the old
      // generation (csv-writer.ts, ROWS_PER_CHUNK); the batch is deflated in one call.
      const pieces: Buffer[] = [];
      for (let i = 0; i < rows.length; i += XLSX_ROWS_PER_PIECE) {
        let xml = '';
        for (let j = i; j < Math.min(rows.length, i + XLSX_ROWS_PER_PIECE); j++) xml += rowXml(rows[j]!, '');
        pieces.push(Buffer.from(xml, 'utf8'));
      }
      sheet.push(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces));
      return take();
    },
    end() {
      push(SHEET_TAIL, true);
      zip.end();
      return take();
    },
  };
}
