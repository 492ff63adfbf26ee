import { EXPORT_FILE_NAME_MAX } from './constants';

/** Characters a file name may not hold (widgets §5 "Export"): Windows refuses them, and `/` splits paths. */
export const EXPORT_NAME_FORBIDDEN = /[\\/:*?"<>|]/g;

/**
 * An export's file name as the rules keep it: the forbidden characters gone, at most
 * EXPORT_FILE_NAME_MAX characters (counted as characters, not UTF-16 units, so a name of Chinese
 * or other astral characters is not cut mid-character). The dialog applies it as the user types;
 * the server applies it again to whatever arrives.
 */
export function cleanExportName(raw: string): string {
  return [...raw.replace(EXPORT_NAME_FORBIDDEN, '')].slice(0, EXPORT_FILE_NAME_MAX).join('');
}
