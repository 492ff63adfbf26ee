import { ATTACHMENT_DEFAULT_CATEGORY, isDbId } from './constants';
import { guideFuncOf } from './operation-guide';

/**
 * The attachment rules both sides apply (widgets §5 "Upload"; docs/attachments.md): which
 * files are accepted, when a record's attachments are complete, who may delete, what previews.
 * Pure: the upload widget checks with these before it sends, the server again before it keeps.
 */

/**
 * Widgets §5's default accepted types: csv, doc/docx, xls/xlsx, ppt, pdf, png, jpeg, gif, txt,
 * zip, rar, the ODF formats and rtf. jpeg is also written jpg; the ODF formats are the
 * OpenDocument text, spreadsheet, presentation and drawing files (and .odf, formulas).
 */
export const ACCEPTED_EXTENSIONS = ['csv', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pdf', 'png', 'jpeg', 'jpg', 'gif', 'txt', 'zip', 'rar', 'odt', 'ods', 'odp', 'odg', 'odf', 'rtf'] as const;
export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

/** The file input's accept attribute. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export const isAcceptedExtension = (ext: string): ext is AcceptedExtension => (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());

/** What the previewer shows a file as (widgets §5: image, pdf, txt and Office extensions only). */
export type PreviewKind = 'image' | 'pdf' | 'text' | 'office';
const PREVIEW: Record<string, PreviewKind> = {
  png: 'image', jpg: 'image', jpeg: 'image', gif: 'image', bmp: 'image',
  pdf: 'pdf',
  txt: 'text',
  doc: 'office', docx: 'office', xls: 'office', xlsx: 'office', ppt: 'office', pptx: 'office', odt: 'office', ods: 'office', odp: 'office', rtf: 'office', csv: 'office',
};
export const previewKindOf = (ext: string): PreviewKind | null => PREVIEW[ext.toLowerCase()] ?? null;

/** Bytes as the size limit's message says them (500 MB). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** A file's size in MB as the list shows it (fileMBSize), two decimals. */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** The attachment setting of a business (widgets §3), booleans for the spec's 1/0 flags. */
export interface AttachmentSetting {
  /** Attachments are on for this business: the uploader shows and the checks apply. */
  attachmentFlag: boolean;
  /** Attachments are kept at this address instead: the check is always valid (widgets §5). */
  attachmentOuterUrl: string;
  /** The business files attachments under its own types (attachmentTypeList); otherwise all under the default category. */
  isSelfSet: boolean;
  /** At least one file is needed. */
  defaultIsRequire: boolean;
  /** The count is limited to attachmentSize (a count of files, DECISIONS). */
  isLimit: boolean;
  attachmentSize: number;
  attachmentTypeList: Array<{ attachmentTypeName: string; isRequire: boolean }>;
}

/** No setting: attachments off, nothing to check. */
export const NO_SETTING: AttachmentSetting = { attachmentFlag: false, attachmentOuterUrl: '', isSelfSet: false, defaultIsRequire: false, isLimit: false, attachmentSize: 0, attachmentTypeList: [] };

/** The categories a file may be filed under: the business's own types, or the default one. */
export function categoriesOf(setting: AttachmentSetting): string[] {
  return setting.isSelfSet && setting.attachmentTypeList.length ? setting.attachmentTypeList.map((t) => t.attachmentTypeName) : [ATTACHMENT_DEFAULT_CATEGORY];
}

export const isKnownCategory = (setting: AttachmentSetting, category: string) => category === ATTACHMENT_DEFAULT_CATEGORY || categoriesOf(setting).includes(category);

export type AttachmentProblem = { kind: 'required'; type: string } | { kind: 'requiredAny' } | null;

/**
 * Whether a record's files satisfy its business's setting (widgets §5): an external address
 * makes it always valid; the default requirement needs one file; every required type must be
 * among the files' categories. The first problem, in the types' order.
 */
export function attachmentProblem(setting: AttachmentSetting, categories: readonly string[]): AttachmentProblem {
  if (!setting.attachmentFlag || setting.attachmentOuterUrl) return null;
  if (setting.defaultIsRequire && categories.length === 0) return { kind: 'requiredAny' };
  if (!setting.isSelfSet) return null;
  const have = new Set(categories);
  const missing = setting.attachmentTypeList.find((t) => t.isRequire && !have.has(t.attachmentTypeName));
  return missing ? { kind: 'required', type: missing.attachmentTypeName } : null;
}

/** With isLimit on, the count of files a record may still take (Infinity without a limit). */
export const remainingSlots = (setting: AttachmentSetting, count: number) => (setting.isLimit ? Math.max(0, setting.attachmentSize - count) : Infinity);

/** deleteFlag empty or '1' (widgets §3). */
export const isDeletableFlag = (deleteFlag: string | null | undefined) => deleteFlag === null || deleteFlag === undefined || deleteFlag === '' || deleteFlag === '1';

/** Form modes in which the uploader is read-only (widgets §4 "Form type"). */
export const READ_ONLY_MODES = ['view', 'approval'] as const;
export const isReadOnlyMode = (mode: string) => (READ_ONLY_MODES as readonly string[]).includes(mode);

/** Delete is offered only when not in view mode and deleteFlag is empty or 1 (widgets §5). */
export const canDelete = (mode: string, deleteFlag: string | null | undefined) => !isReadOnlyMode(mode) && isDeletableFlag(deleteFlag);

// ---- orderNo: which record a file belongs to --------------------------------------------

/**
 * A record's files carry `<resource code>:<record id>` as their orderNo. An add form has no
 * record yet: its files wait under `draft:<uuid>` (the form's own), readable only by their
 * uploader, and are moved to the record by the add call that names the draft (docs/attachments.md).
 * A function's operation guide files its attachments under `FILE<funcId>` (widgets §3,
 * docs/operation-guide.md). An approval decision's files (docs/approvals.md) wait under the
 * record's `WKFL:<business type>:<record id>`, each reviewer's own as a draft's are, until the
 * decision that names them moves them to `WKFL<history id>`, the decision's own.
 */
export const ORDER_NO_PATTERN = '^([a-z][a-z0-9-]{0,50}:[1-9][0-9]{0,9}|draft:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|FILE[1-9][0-9]{0,9}|WKFL:[a-z][a-z0-9-]{0,50}:[1-9][0-9]{0,9}|WKFL[1-9][0-9]{0,9})$';
export const DRAFT_ORDER_NO_PATTERN = '^draft:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
export const recordOrderNo = (resourceCode: string, id: number) => `${resourceCode}:${id}`;
export const draftOrderNo = (uuid: string) => `draft:${uuid.toLowerCase()}`;

const DECISION_ORDER_NO_PREFIX = 'WKFL';
/** Where a reviewer's files for their coming decision on a record wait (docs/approvals.md). */
export const decisionDraftOrderNo = (businessType: string, recordId: number) => `${DECISION_ORDER_NO_PREFIX}:${businessType}:${recordId}`;
/** A decision's own files, named by the server when the decision is written. */
export const decisionOrderNo = (historyId: number) => `${DECISION_ORDER_NO_PREFIX}${historyId}`;

export type OrderNoOwner =
  | { kind: 'record'; resourceCode: string; recordId: number }
  | { kind: 'draft' }
  | { kind: 'guide'; funcId: number }
  | { kind: 'decisionDraft'; businessType: string; recordId: number }
  | { kind: 'decision'; historyId: number }
  | null;

export function ownerOf(orderNo: string): OrderNoOwner {
  const owner = parsedOwner(orderNo);
  // Ten digits may name past the database's ids: such an owner is none, as an unknown one.
  if (!owner || !Object.values(owner).every((v) => typeof v !== 'number' || isDbId(v))) return null;
  return owner;
}

function parsedOwner(orderNo: string): OrderNoOwner {
  if (!new RegExp(ORDER_NO_PATTERN).test(orderNo)) return null;
  if (orderNo.startsWith('draft:')) return { kind: 'draft' };
  if (orderNo.startsWith(`${DECISION_ORDER_NO_PREFIX}:`)) {
    const [, businessType, id] = orderNo.split(':') as [string, string, string];
    return { kind: 'decisionDraft', businessType, recordId: Number(id) };
  }
  if (orderNo.startsWith(DECISION_ORDER_NO_PREFIX)) return { kind: 'decision', historyId: Number(orderNo.slice(DECISION_ORDER_NO_PREFIX.length)) };
  const funcId = guideFuncOf(orderNo);
  if (funcId !== null) return { kind: 'guide', funcId };
  const [code, id] = orderNo.split(':') as [string, string];
  return { kind: 'record', resourceCode: code, recordId: Number(id) };
}
