/**
 * Which files the document previewer opens (widgets §5: "Preview is enabled only for image, pdf,
 * txt and Office extensions"; docs/previewer.md) and how, by a file's name: the extension table
 * itself is the attachments' (src/shared/attachments.ts), one rule for both. Pure: the
 * attachment table asks `isPreviewable` to offer the action, the previewer asks
 * `previewKindOfFile` how to show the file, and the server whether it goes through the Office
 * converter.
 */
import { previewKindOf, type PreviewKind } from './attachments';

export type { PreviewKind };

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** How the previewer shows a file, by its name's extension (the table is the attachments' rule); null when it cannot. */
export const previewKindOfFile = (fileName: string): PreviewKind | null => previewKindOf(extensionOf(fileName));

/** Whether the preview action is offered for a file (widgets §5). */
export const isPreviewable = (fileName: string): boolean => previewKindOfFile(fileName) !== null;

/** U+FFFD: what a UTF-8 decoder puts where the bytes are not UTF-8. */
const REPLACEMENT = '\uFFFD';

/**
 * A text file's characters (widgets §9: "re-decoded as GBK when replacement characters are
 * detected"): UTF-8 first (a byte-order mark is dropped); when that leaves a replacement
 * character the bytes were written in another encoding, and the Chinese one a treasury's
 * Windows tools write is GBK. A file that is neither keeps its UTF-8 reading.
 */
export function decodeText(bytes: ArrayBuffer | Uint8Array): { text: string; encoding: 'utf-8' | 'gbk' } {
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  if (!utf8.includes(REPLACEMENT)) return { text: utf8, encoding: 'utf-8' };
  try {
    const gbk = new TextDecoder('gbk', { fatal: true }).decode(bytes);
    return { text: gbk, encoding: 'gbk' };
  } catch {
    return { text: utf8, encoding: 'utf-8' };
  }
}
