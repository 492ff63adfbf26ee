import { Zip, ZipDeflate } from 'fflate';
import type { Cell, SheetWriter } from './sheet';

/**
 * A lean streaming xlsx writer (issue 13 point 2; docs/export.md, "Why our own xlsx writer"): one
 * worksheet written row by row into a zip stream (fflate), with inline strings instead of the
 * shared-string table (which would hold every distinct text of the file in memory until the
 * end), one bold style for the header row and nothing else. Numbers are number cells; text,
 * dates and dictionary names are inline strings, as the table shows them.
 */

/** Deflate level: 1 is several times faster than the default 6 and the sheet's XML still shrinks about tenfold. */
export const XLSX_DEFLATE_LEVEL = 1;
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
    `${XML_HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
  ],
];
export const XLSX_SHEET_PATH = 'xl/worksheets/sheet1.xml';
const SHEET_HEAD = `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** A, B, …, Z, AA, … for a zero-based column. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

// XML 1.0 has no place for most control characters, nor for lone surrogates.
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML_SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function xmlText(text: string): string {
  const cut = text.length > XLSX_CELL_TEXT_MAX ? text.slice(0, XLSX_CELL_TEXT_MAX) : text;
  // Most cells need nothing: test once before replacing.
  return XML_SPECIAL.test(cut) ? cut.replace(XML_INVALID, '').replace(/[&<>]/g, (c) => ESCAPES[c]!) : cut;
}

export function xlsxWriter(): SheetWriter {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const sheet = new ZipDeflate(XLSX_SHEET_PATH, { level: XLSX_DEFLATE_LEVEL });
  let letters: string[] = [];
  let rowNumber = 0;
  const take = () => out.splice(0, out.length);
  const push = (xml: string, final = false) => sheet.push(Buffer.from(xml, 'utf8'), final);

  function rowXml(cells: readonly Cell[], style: string): string {
    rowNumber += 1;
    const r = String(rowNumber);
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      if (cell === null || cell === undefined || cell === '') continue;
      const ref = `${letters[i]}${r}`;
      xml += typeof cell === 'number' && Number.isFinite(cell) ? `<c r="${ref}"${style}><v>${cell}</v></c>` : `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(String(cell))}</t></is></c>`;
    }
    return `${xml}</row>`;
  }

  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    start(headers) {
      letters = headers.map((_h, i) => columnLetters(i));
      for (const [path, xml] of STATIC_PARTS) {
        const part = new ZipDeflate(path, { level: XLSX_DEFLATE_LEVEL });
        zip.add(part);
        part.push(Buffer.from(xml, 'utf8'), true);
      }
      zip.add(sheet);
      push(SHEET_HEAD + rowXml(headers, ' s="1"'));
      return take();
    },
    rows(rows) {
      let xml = '';
      for (const cells of rows) xml += rowXml(cells, '');
      push(xml);
      return take();
    },
    end() {
      push(SHEET_TAIL, true);
      zip.end();
      return take();
    },
  };
}
