import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { AcceptedExtension } from '../../../src/shared/attachments';

/**
 * Whether a stored file's bytes are what its extension says (docs/attachments.md, "Checked by
 * content"). The extension must be accepted first; then the content is sniffed with file-type
 * and must be of the extension's family: a .pdf must start %PDF, a .docx must be an Office Open
 * XML package, a .doc an OLE2 compound file, and so on. csv and txt have no signature: they must
 * be text (no NUL byte in the first TEXT_SAMPLE_BYTES and no binary signature file-type knows).
 */
const ZIP_BASED = ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'odg', 'epub', 'jar', 'apk'];
const FAMILY: Record<AcceptedExtension, readonly string[] | 'text'> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  // Word 97–2003, Excel 97–2003 and PowerPoint are OLE2 compound files.
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  // An Office Open XML or OpenDocument package that file-type cannot place more exactly is a zip.
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  odt: ['odt', 'zip'],
  ods: ['ods', 'zip'],
  odp: ['odp', 'zip'],
  odg: ['odg', 'zip'],
  odf: ['zip'],
  zip: ZIP_BASED,
  rar: ['rar'],
  rtf: ['rtf'],
  csv: 'text',
  txt: 'text',
};

export const TEXT_SAMPLE_BYTES = 64 * 1024;

async function looksLikeText(path: string): Promise<boolean> {
  const handle = await fs.open(path, 'r');
  try {
    const sample = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(sample, 0, TEXT_SAMPLE_BYTES, 0);
    return !sample.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

/** The type file-type found ('' when none), and whether it fits the extension. */
export async function contentFits(path: string, ext: AcceptedExtension): Promise<{ fits: boolean; detected: string }> {
  const detected = (await fileTypeFromFile(path))?.ext ?? '';
  const family = FAMILY[ext];
  if (family === 'text') return { fits: detected === '' && (await looksLikeText(path)), detected };
  return { fits: family.includes(detected), detected };
}
