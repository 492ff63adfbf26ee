import { EXPORT_FILE_NAME_FORBIDDEN, EXPORT_FILE_NAME_MAX } from './constants';

/**
 * An export's file name (widgets §5 "Export"): the characters `\ / : * ? " < > |` stripped, as
 * the dialog does while the user types, and at most EXPORT_FILE_NAME_MAX characters counted as
 * the user sees them (code points). The server cleans again: a request need not come from the
 * dialog. Control characters go too: no file system or header wants them.
 */
export function cleanExportFileName(name: string): string {
  const stripped = name.replace(EXPORT_FILE_NAME_FORBIDDEN, '').replace(/[\u0000-\u001f\u007f]/g, '');
  return Array.from(stripped.trim()).slice(0, EXPORT_FILE_NAME_MAX).join('').trim();
}

/** The downloaded file's name: the cleaned name with the type's extension (once, even if typed). */
export function exportFileName(name: string, fileType: string): string {
  const clean = cleanExportFileName(name);
  const ext = `.${fileType}`;
  return clean.toLowerCase().endsWith(ext) ? clean : `${clean}${ext}`;
}
