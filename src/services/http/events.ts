import type { PreconditionEvent, QuestionEvent } from '../../machines/http-error.machine';

/**
 * What the request layer tells the UI, outside React: the loading counter, toasts, 401s
 * (the session machine) and 412s (the confirmation machine). The widgets of
 * src/widgets/request-layer subscribe once per page; the client only emits.
 */
export interface ToastEvent {
  type: 'error' | 'success' | 'info' | 'warning';
  /** Localised text. */
  title: string;
  description?: string;
}

/** The server serves another build than the page's (services/http/build-version.ts). */
export interface NewVersionEvent {
  served: string;
}

export interface UnauthorizedEvent {
  /** -998 (expired or missing session) or -997 (logged in elsewhere). */
  code: number;
}

// The confirmation machine's own events, which the request layer emits (machines/http-error.machine.ts).
export type { PreconditionEvent, QuestionEvent };

/**
 * What the login page and the shell tell the session machine: a login started, succeeded or
 * failed; the user logged out (later 401s of calls still in flight then bring no prompt).
 */
export type SessionSignal = { type: 'SESSION.START' | 'SESSION.FAIL' | 'SESSION.END' } | { type: 'SESSION.STARTED'; userId: string | null };

export interface HttpEvents {
  loading: number;
  session: SessionSignal;
  toast: ToastEvent;
  unauthorized: UnauthorizedEvent;
  precondition: PreconditionEvent;
  question: QuestionEvent;
  newVersion: NewVersionEvent;
}

type Listener<T> = (value: T) => void;
const listeners: { [K in keyof HttpEvents]: Set<Listener<HttpEvents[K]>> } = {
  loading: new Set(),
  session: new Set(),
  toast: new Set(),
  unauthorized: new Set(),
  precondition: new Set(),
  question: new Set(),
  newVersion: new Set(),
};

/**
 * What a page's first calls said before its request layer mounted (index.html asks for the
 * session info as its script starts): a refused session or a toast, kept for the first listener
 * rather than lost (and "a new version is out", which the first answer may already say). Only these: the others answer a promise someone waits on, or are states.
 */
type KeptEvents = Pick<HttpEvents, 'toast' | 'unauthorized' | 'newVersion'>;
const unheard: { [K in keyof KeptEvents]: KeptEvents[K][] } = { toast: [], unauthorized: [], newVersion: [] };
/** A page's start makes a handful of calls; more kept than this would only repeat one failure. */
const UNHEARD_MAX = 8;
const isKept = (name: keyof HttpEvents): name is keyof KeptEvents => name in unheard;

export const httpEvents = {
  on<K extends keyof HttpEvents>(name: K, listener: Listener<HttpEvents[K]>): () => void {
    listeners[name].add(listener);
    if (isKept(name)) for (const value of (unheard[name] as HttpEvents[K][]).splice(0)) listener(value);
    return () => void listeners[name].delete(listener);
  },
  emit<K extends keyof HttpEvents>(name: K, value: HttpEvents[K]): void {
    if (listeners[name].size === 0 && isKept(name)) {
      const kept = unheard[name] as HttpEvents[K][];
      if (kept.length < UNHEARD_MAX) kept.push(value);
      return;
    }
    for (const listener of [...listeners[name]]) listener(value);
  },
  /** True when some widget listens (a 412 nobody can confirm is refused at once). */
  heard(name: keyof HttpEvents): boolean {
    return listeners[name].size > 0;
  },
};
