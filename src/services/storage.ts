import { LOCAL_KEYS, SESSION_KEYS } from '../shared/constants';
import type { UserIdentity } from '../shared/session';

export type { UserIdentity };

/**
 * The only door to localStorage and sessionStorage: the spec's keys (shell §3) and no others,
 * each with its type. JSON values are parsed leniently: a corrupt entry reads as absent.
 */
export interface LocalValues {
  isLeftOpen: boolean;
  isNoNotify: boolean;
  navColor: string;
  historySearch: Array<string | number>;
  clusterNo: string;
  lang: string;
  themeName: string;
  /** The session token (JwtToken) of the logged-in user. */
  sessionKey: string;
}


export interface LoginUserInfo extends UserIdentity {
  orgCode?: string | null;
  orgName?: string | null;
  [extra: string]: unknown;
}

export interface SessionValues {
  loginUserInfo: LoginUserInfo;
  userCert: Record<string, unknown>;
  /** '1' while a certificate validation is open or has failed (shell §4). */
  certVaild: string;
  langList: Array<{ langSymbol: string; langName?: string }>;
}

const STRING_KEYS = new Set<string>(['navColor', 'clusterNo', 'lang', 'themeName', 'sessionKey', 'certVaild']);

function read<T>(store: Storage | undefined, key: string, name: string): T | undefined {
  const raw = store?.getItem(key);
  if (raw == null) return undefined;
  if (STRING_KEYS.has(name)) return raw as T;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

function write(store: Storage | undefined, key: string, name: string, value: unknown): void {
  if (!store) return;
  if (value === undefined || value === null) store.removeItem(key);
  else store.setItem(key, STRING_KEYS.has(name) ? String(value) : JSON.stringify(value));
}

const safe = (get: () => Storage): Storage | undefined => {
  try {
    return get();
  } catch {
    return undefined;
  }
};

export const local = {
  get: <K extends keyof LocalValues>(name: K) => read<LocalValues[K]>(safe(() => localStorage), LOCAL_KEYS[name], name),
  set: <K extends keyof LocalValues>(name: K, value: LocalValues[K] | undefined) => write(safe(() => localStorage), LOCAL_KEYS[name], name, value),
  remove: (name: keyof LocalValues) => safe(() => localStorage)?.removeItem(LOCAL_KEYS[name]),
};

export const session = {
  get: <K extends keyof SessionValues>(name: K) => read<SessionValues[K]>(safe(() => sessionStorage), SESSION_KEYS[name], name),
  set: <K extends keyof SessionValues>(name: K, value: SessionValues[K] | undefined) => write(safe(() => sessionStorage), SESSION_KEYS[name], name, value),
  remove: (name: keyof SessionValues) => safe(() => sessionStorage)?.removeItem(SESSION_KEYS[name]),
};

/**
 * Widget state (DECISIONS, "Storage keys"): what a widget keeps across reloads lives in
 * localStorage under `<namespace>:<key>`, and only through here. The namespaces are the
 * widgets' own; none can collide with the shell's keys, which have no colon.
 */
export type WidgetNamespace = 'draft' | 'guideHint' | 'asyncExports' | 'cashFlowChoice';

const widgetKey = (namespace: WidgetNamespace, key: string) => `${namespace}:${key}`;

export const widgetState = {
  get<T>(namespace: WidgetNamespace, key: string): T | undefined {
    const raw = safe(() => localStorage)?.getItem(widgetKey(namespace, key));
    if (raw == null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
  /** False when the browser refused (storage full or denied): the widget works on without it. */
  set(namespace: WidgetNamespace, key: string, value: unknown): boolean {
    try {
      const store = safe(() => localStorage);
      if (!store) return false;
      store.setItem(widgetKey(namespace, key), JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  },
  remove(namespace: WidgetNamespace, key: string): void {
    safe(() => localStorage)?.removeItem(widgetKey(namespace, key));
  },
};

/** Keeps what a login answer carries: the session token, the user and the user's language. */
export function keepLogin(answer: { JwtToken: string; loginUserInfo: LoginUserInfo }): void {
  local.set('sessionKey', answer.JwtToken);
  session.set('loginUserInfo', answer.loginUserInfo);
}
