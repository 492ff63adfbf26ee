import { EXPORT_FILE_NAME_FORBIDDEN, EXPORT_FILE_NAME_MAX } from './constants';

/** Control characters: no file system or header wants them. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

const withoutForbidden = (name: string) => name.replace(EXPORT_FILE_NAME_FORBIDDEN, '').replace(CONTROL, '');
/** At most EXPORT_FILE_NAME_MAX characters counted as the user sees them (code points): Chinese is never cut in half. */
const cut = (name: string) => Array.from(name).slice(0, EXPORT_FILE_NAME_MAX).join('');

/**
 * The name as the export dialog keeps it while the user types (widgets §5 "Export"): the
 * characters `\ / : * ? " < > |` stripped and at most EXPORT_FILE_NAME_MAX characters. Spaces at
 * the ends stay, or no space could be typed between two words; the name sent is cleaned below.
 */
export function typedExportFileName(name: string): string {
  return cut(withoutForbidden(name));
}

/**
 * An export's file name as sent and as the server writes it: stripped as above, trimmed, at most
 * EXPORT_FILE_NAME_MAX characters. The server cleans again: a request need not come from the
 * dialog.
 */
export function cleanExportFileName(name: string): string {
  return cut(withoutForbidden(name).trim()).trim();
}

/** The downloaded file's name: the cleaned name with the type's extension (once, even if typed). */
export function exportFileName(name: string, fileType: string): string {
  const clean = cleanExportFileName(name);
  const ext = `.${fileType}`;
  return clean.toLowerCase().endsWith(ext) ? clean : `${clean}${ext}`;
}
