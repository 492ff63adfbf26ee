import { session } from './storage';

/**
 * Drafts of forms (widgets §8, "Autosave draft"): a form's unsaved values kept in
 * localStorage under its component code, so they survive a reload, a 401 and the login that
 * follows. A draft belongs to the user who typed it: another user on the same browser never
 * sees it. Fields whose name says password, secret or PIN are never stored, whatever the form
 * passes.
 */
export interface Draft<T> {
  values: T;
  /** Epoch ms of the last save. */
  savedAt: number;
  userCode: string;
}

const SECRET_FIELD = /pass(word)?|pwd|secret|pin$|otp|captcha/i;

const store = (): Storage | undefined => {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
};

const currentUser = () => session.get('loginUserInfo')?.userCode;

function withoutSecrets<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELD.test(name))) as Partial<T>;
}

/** Stores the form's values under its component code; false when nobody is logged in. */
export function saveDraft<T extends object>(componentCode: string, values: T, now = Date.now()): boolean {
  const userCode = currentUser();
  if (!userCode) return false;
  const draft: Draft<Partial<T>> = { values: withoutSecrets(values), savedAt: now, userCode };
  try {
    store()?.setItem(componentCode, JSON.stringify(draft));
    return true;
  } catch {
    // Storage full or denied: the form still works, only without its safety net.
    return false;
  }
}

/** The logged-in user's draft of this form, or undefined (none, another user's, or corrupt). */
export function loadDraft<T extends object>(componentCode: string): Draft<Partial<T>> | undefined {
  const raw = store()?.getItem(componentCode);
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as Draft<Partial<T>>;
    if (!draft || typeof draft !== 'object' || typeof draft.values !== 'object' || draft.userCode !== currentUser()) return undefined;
    return { ...draft, values: withoutSecrets(draft.values) };
  } catch {
    return undefined;
  }
}

/** After a successful save or submit (widgets §8): the draft is done with. */
export function clearDraft(componentCode: string): void {
  store()?.removeItem(componentCode);
}
