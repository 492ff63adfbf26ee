/**
 * The message protocol between an edit form (the host) and the pages it embeds in iframes (the
 * guests), widget-library §2 "Edit form", §4 "Save or submit flow", §8; docs/embedded-pages.md.
 * Pure: the shapes, their parsers, and the address rules both the server (which stores the
 * addresses) and the browser (which frames them and checks every message's origin) apply.
 *
 * host → guest `request` {id, action: validate | save | submit, flow, formMode, recordId?}
 * guest → host `answer`  {id, ok, message?}   (the request's id: correlation)
 * guest → host `ready`   once its listener is in place (the host re-posts what it sent before)
 */
export const EMBEDDED_PROTOCOL = 'portal-embedded/1';

export type EmbeddedAction = 'validate' | 'save' | 'submit';
/** The flow the request belongs to (the save-submit machine's mode). */
export type EmbeddedFlow = 'save' | 'submit';
/** The edit form's mode (widgets §4): view and approval are read-only. */
export type EmbeddedFormMode = 'add' | 'edit' | 'view' | 'approval';

export const EMBEDDED_ACTIONS: readonly EmbeddedAction[] = ['validate', 'save', 'submit'];
export const EMBEDDED_FORM_MODES: readonly EmbeddedFormMode[] = ['add', 'edit', 'view', 'approval'];

export interface EmbeddedRequest {
  protocol: typeof EMBEDDED_PROTOCOL;
  kind: 'request';
  id: string;
  action: EmbeddedAction;
  flow: EmbeddedFlow;
  formMode: EmbeddedFormMode;
  recordId?: number;
}

export interface EmbeddedAnswer {
  protocol: typeof EMBEDDED_PROTOCOL;
  kind: 'answer';
  id: string;
  ok: boolean;
  /** The guest's own message, already in the user's language; shown as it is. */
  message?: string;
}

export interface EmbeddedReady {
  protocol: typeof EMBEDDED_PROTOCOL;
  kind: 'ready';
}

/** A correlation id: short, printable, so a forged one cannot carry anything. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The most characters of a guest's message the host shows. */
export const EMBEDDED_MESSAGE_MAX = 500;

const isRecord = (data: unknown): data is Record<string, unknown> => typeof data === 'object' && data !== null && !Array.isArray(data);

export function parseRequest(data: unknown): EmbeddedRequest | null {
  if (!isRecord(data) || data.protocol !== EMBEDDED_PROTOCOL || data.kind !== 'request') return null;
  const { id, action, flow, formMode, recordId } = data;
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) return null;
  if (!EMBEDDED_ACTIONS.includes(action as EmbeddedAction)) return null;
  if (flow !== 'save' && flow !== 'submit') return null;
  if (!EMBEDDED_FORM_MODES.includes(formMode as EmbeddedFormMode)) return null;
  if (recordId !== undefined && !(Number.isInteger(recordId) && (recordId as number) > 0)) return null;
  return { protocol: EMBEDDED_PROTOCOL, kind: 'request', id, action: action as EmbeddedAction, flow, formMode: formMode as EmbeddedFormMode, ...(recordId !== undefined ? { recordId: recordId as number } : {}) };
}

export function parseAnswer(data: unknown): EmbeddedAnswer | null {
  if (!isRecord(data) || data.protocol !== EMBEDDED_PROTOCOL || data.kind !== 'answer') return null;
  const { id, ok, message } = data;
  if (typeof id !== 'string' || !ID_PATTERN.test(id) || typeof ok !== 'boolean') return null;
  if (message !== undefined && typeof message !== 'string') return null;
  return { protocol: EMBEDDED_PROTOCOL, kind: 'answer', id, ok, ...(message ? { message: message.slice(0, EMBEDDED_MESSAGE_MAX) } : {}) };
}

export const isReady = (data: unknown): data is EmbeddedReady => isRecord(data) && data.protocol === EMBEDDED_PROTOCOL && data.kind === 'ready';

export const request = (id: string, action: EmbeddedAction, flow: EmbeddedFlow, formMode: EmbeddedFormMode, recordId?: number): EmbeddedRequest => ({
  protocol: EMBEDDED_PROTOCOL,
  kind: 'request',
  id,
  action,
  flow,
  formMode,
  ...(recordId !== undefined ? { recordId } : {}),
});
export const answer = (id: string, ok: boolean, message?: string): EmbeddedAnswer => ({ protocol: EMBEDDED_PROTOCOL, kind: 'answer', id, ok, ...(message ? { message } : {}) });
export const READY: EmbeddedReady = { protocol: EMBEDDED_PROTOCOL, kind: 'ready' };

// ---- Addresses ------------------------------------------------------------------------------

/** The most characters of an embedded page's address (the definition's field bound). */
export const EMBEDDED_URL_MAX = 500;

/**
 * Whether an embedded page's address may be stored and framed: a path on this site (`/…`, not
 * `//host`, or relative to the portal's page, `embedded-remarks.html`; no backslash, no space or
 * control character), or an absolute `https:` address whose origin
 * is one of `allowedOrigins` (the server's EMBEDDED_PAGE_ORIGINS). Never `javascript:`,
 * `data:` or plain http to another site: the frame could run script as the portal's user.
 */
export function isAllowedEmbeddedUrl(url: string, allowedOrigins: readonly string[]): boolean {
  if (!url || url.length > EMBEDDED_URL_MAX || /[\u0000-\u001f\u007f\\\s]/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  // No scheme: a path relative to the portal's page (works under any BASE_PATH).
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  return allowedOrigins.includes(parsed.origin);
}

/** An allow-list entry is an https origin and nothing else (`https://host[:port]`). */
export function isHttpsOrigin(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'https:' && u.origin === text;
  } catch {
    return false;
  }
}

/** The origin the frame's messages must come from: the address resolved against the host page. */
export function originOf(url: string, base: string): string {
  return new URL(url, base).origin;
}

/**
 * The frame's address with what the guest needs to know appended as query parameters: the
 * form's code, its mode (view and approval: `readOnly=1`), the record's id when it has one, and
 * in add mode the form instance's key, under which a guest keeps what belongs to a record not yet
 * saved.
 */
export function frameAddress(url: string, base: string, context: { formCode: string; formMode: EmbeddedFormMode; recordId?: number; instanceKey: string }): string {
  const u = new URL(url, base);
  u.searchParams.set('formCode', context.formCode);
  u.searchParams.set('mode', context.formMode);
  if (context.formMode === 'view' || context.formMode === 'approval') u.searchParams.set('readOnly', '1');
  if (context.recordId !== undefined) u.searchParams.set('recordId', String(context.recordId));
  u.searchParams.set('recordKey', context.recordId !== undefined ? String(context.recordId) : context.instanceKey);
  // A same-origin page is framed by its path, so a BASE_PATH or host name change keeps working.
  return u.origin === new URL(base).origin ? `${u.pathname}${u.search}${u.hash}` : u.href;
}

/** What the guest reads from its own address (frameAddress's parameters). */
export interface GuestContext {
  formCode: string;
  formMode: EmbeddedFormMode;
  readOnly: boolean;
  recordKey: string;
}

/** A record key: a record's id, or `new-` and a form instance's key (add mode). */
export const RECORD_KEY_PATTERN = '^([0-9]{1,10}|new-[A-Za-z0-9-]{1,40})$';

export function guestContext(search: string): GuestContext | null {
  const p = new URLSearchParams(search);
  const formCode = p.get('formCode') ?? '';
  const formMode = p.get('mode') as EmbeddedFormMode;
  const recordKey = p.get('recordKey') ?? '';
  if (!/^[a-z][a-z0-9-]{0,63}$/.test(formCode) || !EMBEDDED_FORM_MODES.includes(formMode) || !new RegExp(RECORD_KEY_PATTERN).test(recordKey)) return null;
  return { formCode, formMode, readOnly: p.get('readOnly') === '1' || formMode === 'view' || formMode === 'approval', recordKey };
}
