import { strFromU8, unzipSync } from 'fflate';

/** RFC 4180 as the server writes it (quoted fields may hold commas, quotes and line breaks); the BOM and blank lines dropped. */
export function parseCsv(text: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n') row.push(field.replace(/\r$/, '')), out.push(row), (row = []), (field = '');
    else field += c;
  }
  if (field || row.length) row.push(field), out.push(row);
  return out.filter((r) => r.length > 1 || r[0] !== '');
}

/**
 * The cells of the one sheet, row by row, as text (inline strings and numbers). A cell with a
 * reference (`r="C2"`) goes to its column; one without follows the cell before (ECMA-376 makes
 * `r` optional); an empty cell is ''.
 */
export function readXlsx(bytes: Uint8Array): string[][] {
  const files = unzipSync(bytes);
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  const columnOf = (ref: string) => [.../^[A-Z]+/.exec(ref)![0]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return [...sheet.matchAll(/<row[^>]*>(.*?)<\/row>/g)].map(([, cells]) => {
    const row: string[] = [];
    for (const [, attrs, inner] of cells!.matchAll(/<c\b([^>]*?)(?:\/>|>(.*?)<\/c>)/g)) {
      const ref = / r="([A-Z]+\d+)"/.exec(attrs ?? '')?.[1];
      row[ref ? columnOf(ref) : row.length] = unescape(/<t[^>]*>(.*?)<\/t>/.exec(inner ?? '')?.[1] ?? /<v>(.*?)<\/v>/.exec(inner ?? '')?.[1] ?? '');
    }
    return Array.from(row, (cell) => cell ?? '');
  });
}
