/**
 * Which files the document previewer opens (widgets §5: "Preview is enabled only for image, pdf,
 * txt and Office extensions"; docs/previewer.md) and how. Pure: the attachment table asks
 * `isPreviewable` to offer the action, the previewer asks `previewKindOf` how to show the file,
 * and the server asks it whether a file goes through the Office converter.
 */
export type PreviewKind = 'image' | 'pdf' | 'text' | 'office';

/** Images a browser draws itself (the editor's pasted-image types, widgets §5, and webp). */
export const PREVIEW_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'apng', 'bmp', 'webp'] as const;
/** Office documents, converted to pdf on the server: Microsoft's, the OpenDocument ones and rtf (the accepted types of widgets §5). */
export const PREVIEW_OFFICE_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf'] as const;

const KIND_BY_EXTENSION: ReadonlyMap<string, PreviewKind> = new Map<string, PreviewKind>([
  ...PREVIEW_IMAGE_EXTENSIONS.map((e) => [e, 'image'] as const),
  ['pdf', 'pdf'],
  ['txt', 'text'],
  ...PREVIEW_OFFICE_EXTENSIONS.map((e) => [e, 'office'] as const),
]);

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** How the previewer shows a file, by its name's extension; null when it cannot. */
export const previewKindOf = (fileName: string): PreviewKind | null => KIND_BY_EXTENSION.get(extensionOf(fileName)) ?? null;

/** Whether the preview action is offered for a file (widgets §5). */
export const isPreviewable = (fileName: string): boolean => previewKindOf(fileName) !== null;

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
