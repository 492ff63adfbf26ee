import { ATTACHMENT_SYSTEM_CODE, isDbId } from './constants';

/**
 * The operation guide (widgets §2 "Operation-guide dialog", §3 "Operation guide", §4, §6, §7;
 * docs/operation-guide.md): one rich-text guide per function (menu leaf), with attachments.
 * Pure: the dialog, the attachment access check and the save route read the same rules.
 */

/** Widgets §3: a guide's attachments carry order number `FILE` + the function id, system code 11. */
export const GUIDE_ORDER_NO_PREFIX = 'FILE';
export const GUIDE_ORDER_NO_PATTERN = '^FILE[1-9][0-9]{0,9}$';
export const guideOrderNo = (funcId: number) => `${GUIDE_ORDER_NO_PREFIX}${funcId}`;
export const GUIDE_SYSTEM_CODE = ATTACHMENT_SYSTEM_CODE;

/** The function a guide's order number names, or null. */
export function guideFuncOf(orderNo: string): number | null {
  if (!new RegExp(GUIDE_ORDER_NO_PATTERN).test(orderNo)) return null;
  const funcId = Number(orderNo.slice(GUIDE_ORDER_NO_PREFIX.length));
  return isDbId(funcId) ? funcId : null;
}

/**
 * The attachment setting (attach-type-set) a guide's files follow: one business for every guide,
 * seeded on (migration 0024), so administrators set its count and types like any other's.
 */
export const GUIDE_ATTACHMENT_BUSINESS = 'operation-guide';

/** Widgets §6 and DECISIONS ("Operation guide editing"): staff type 1, the help editors. */
export const GUIDE_EDITOR_STAFF_TYPE = 1;
export const mayEditGuide = (user: { staffType?: number | null } | null | undefined) => user?.staffType === GUIDE_EDITOR_STAFF_TYPE;

/** The most characters a guide's HTML holds (ours: a long manual page with its markup, far below the body limit). */
export const GUIDE_CONTENT_MAX = 200_000;

/**
 * What a guide's HTML may hold after the server's sanitiser (sanitize-html with this allow-list):
 * structure and emphasis, lists, tables, links; no style, script, form, frame or image (images
 * go in as attachments). The editor's commands produce only these.
 */
export const GUIDE_ALLOWED_TAGS = [
  'p', 'br', 'div', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup',
  'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 'a', 'span',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
] as const;
export const GUIDE_ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] };
export const GUIDE_ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const;

