import { session, widgetState } from './storage';

/**
 * Drafts of forms (widgets §4 "Autosave draft"): a form's unsaved values kept in localStorage
 * under `draft:<component code>:<user>`, so they survive a reload, a closed tab, a 401 and the
 * login that follows. A draft belongs to the user who typed it: the key names the user, and the
 * draft itself says whose it is, so another user on the same browser never sees it. Fields
 * whose name says password, secret or PIN are never stored, whatever the form passes (the
 * resource forms also strip their definitions' `sensitive` fields before they get here).
 */
export interface Draft<T> {
  values: T;
  /** Epoch ms of the last save. */
  savedAt: number;
  userCode: string;
  /** The record's version the draft was written against; null for a new record. */
  version: number | null;
}

const SECRET_FIELD = /pass(word)?|pwd|secret|pin$|otp|captcha/i;

const currentUser = () => session.get('loginUserInfo')?.userCode;
const keyOf = (componentCode: string, userCode: string) => `${componentCode}:${userCode}`;

function withoutSecrets<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELD.test(name))) as Partial<T>;
}

/** Stores the form's values under its component code; false when nobody is logged in or storage refused. */
export function saveDraft<T extends object>(componentCode: string, values: T, options: { now?: number; version?: number | null } = {}): boolean {
  const userCode = currentUser();
  if (!userCode) return false;
  const draft: Draft<Partial<T>> = { values: withoutSecrets(values), savedAt: options.now ?? Date.now(), userCode, version: options.version ?? null };
  return widgetState.set('draft', keyOf(componentCode, userCode), draft);
}

/** The logged-in user's draft of this form, or undefined (none, another user's, or corrupt). */
export function loadDraft<T extends object>(componentCode: string): Draft<Partial<T>> | undefined {
  const userCode = currentUser();
  if (!userCode) return undefined;
  const draft = widgetState.get<Draft<Partial<T>>>('draft', keyOf(componentCode, userCode));
  if (!draft || typeof draft !== 'object' || typeof draft.values !== 'object' || draft.values === null || draft.userCode !== userCode) return undefined;
  return { ...draft, values: withoutSecrets(draft.values), version: typeof draft.version === 'number' ? draft.version : null };
}

/** After a successful save or submit, or when the user discards it: the draft is done with. */
export function clearDraft(componentCode: string): void {
  const userCode = currentUser();
  if (userCode) widgetState.remove('draft', keyOf(componentCode, userCode));
}
