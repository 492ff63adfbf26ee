import { EXPORT_FILE_NAME_FORBIDDEN, EXPORT_FILE_NAME_MAX } from './constants';

/**
 * An export's file name as the dialog keeps it while the user types: the forbidden characters
 * gone, at most EXPORT_FILE_NAME_MAX characters (counted as characters, not UTF-16 units, so a
 * name in Chinese or with astral characters is not cut mid-character). Spaces are kept at both
 * ends here, or a space could not be typed between two words; the name sent is trimmed.
 */
export function cleanExportName(raw: string): string {
  return [...raw.replace(EXPORT_FILE_NAME_FORBIDDEN, '')].slice(0, EXPORT_FILE_NAME_MAX).join('');
}
