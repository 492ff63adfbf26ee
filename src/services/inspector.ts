import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * The app-wide inspector: views pass `inspect` to `useMachine(machine, { inspect })` or
 * `createActor(machine, { inspect })`, and every actor they start (children included) is
 * recorded here for the developer panel (src/widgets/inspector). It is on in development
 * builds and off in production builds unless built with INSPECTOR=on; off, `inspect` is
 * undefined and costs nothing. Everything stays in the page: nothing is sent anywhere.
 * Context and events are redacted before they are kept, so the panel can never show a
 * password, token, key or certificate.
 */

export const INSPECTOR_ENABLED = process.env.INSPECTOR === 'on';
/** Events kept in the log; older ones scroll away. */
export const INSPECTOR_LOG_LIMIT = 500;
/** Stopped actors kept in the tree (greyed), and never-started ones kept aside, before the oldest are forgotten. */
const MAX_STOPPED = 30;
/** How deep a context is copied for display; deeper values are elided. */
const MAX_DEPTH = 8;
export const REDACTED = '«redacted»';

export interface InspectedActor {
  /** The actor's session id: unique per actor for the page's lifetime. */
  id: string;
  parentId?: string;
  /** The machine id when the actor runs a state machine (it names the diagram), else undefined. */
  machineId?: string;
  /** What the tree shows: the system id, the invoke id, or the machine id. */
  name: string;
  status: string;
  started: boolean;
  /** The state value, tags and active state node ids (for the diagram), when a machine. */
  value?: unknown;
  tags: string[];
  activeStateIds: string[];
  context?: unknown;
  output?: unknown;
  error?: unknown;
  /** Events received, for the tree's badge. */
  events: number;
}

export interface InspectorLogEntry {
  seq: number;
  /** Milliseconds since the page started. */
  at: number;
  actorId: string;
  actorName: string;
  sourceName?: string;
  type: string;
  event: unknown;
}

export interface InspectorState {
  actors: InspectedActor[];
  log: InspectorLogEntry[];
}

// ---- redaction ---------------------------------------------------------------------------

const SENSITIVE_NAME = /pass(word|wd)?|pwd|token|secret|jwt|session.?key|api.?key|private|priv.?key|(^|_)keys?$|[a-z]keys?$|cert|pfx|pkcs|p12|signature|sign(ed)?data|credential|cipher|otp|^pin$|authorization|cookie/i;
/** Names that end in "Key" but hold a locale or lookup key, not a secret. */
const BENIGN_NAME = /^(error|message|title|label|locale|i18n|sort|row|field|column|route|menu|node|tab|item|lang)Keys?$/i;
const PEM = /-----BEGIN [A-Z ]+-----/;
const JWT = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}$/;
/** Long base64 or hex runs are key, signature or certificate material whatever their name. */
const BLOB = /^(?:[A-Za-z0-9+/_-]{64,}={0,2}|[0-9a-fA-F]{64,})$/;

export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(name) && !BENIGN_NAME.test(name);
}

function isSensitiveString(value: string): boolean {
  return PEM.test(value) || JWT.test(value) || BLOB.test(value);
}

/**
 * A display-safe copy: sensitive names, PEM/JWT/base64 blobs and the value of a
 * `{ field: 'password', value }` change are replaced by «redacted»; functions, actors and
 * cycles are named instead of copied.
 */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return isSensitiveString(value) ? REDACTED : value;
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' ? `ƒ ${(value as { name?: string }).name || 'anonymous'}` : typeof value === 'bigint' ? `${value}n` : value;
  }
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '…';
  if (value instanceof Error) return { error: value.name, message: value.message };
  if (value instanceof Date) return value.toISOString();
  if (typeof (value as AnyActorRef).send === 'function' && typeof (value as AnyActorRef).getSnapshot === 'function') return `[actor ${(value as AnyActorRef).id}]`;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return REDACTED;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  const record = value as Record<string, unknown>;
  // A field-change event or form entry names its field: judge the value by that name.
  const named = typeof record.field === 'string' ? record.field : typeof record.name === 'string' ? record.name : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    if (isSensitiveName(k) || (k === 'value' && named !== undefined && isSensitiveName(named))) out[k] = v === '' || v == null ? v : REDACTED;
    else out[k] = redact(v, depth + 1, seen);
  }
  return out;
}

// ---- the store ---------------------------------------------------------------------------

type Internal = AnyActorRef & { _parent?: AnyActorRef; logic?: { id?: string; root?: unknown } };
type MachineLike = { value?: unknown; context?: unknown; status?: string; tags?: Set<string>; output?: unknown; error?: unknown; _nodes?: Array<{ id: string }> };

function activeIds(snapshot: MachineLike, machineId: string | undefined): string[] {
  // `_nodes` is the configuration the machine itself computed (xstate's graph tools read it
  // too); without it the ids are rebuilt from the value, which holds for default state ids.
  if (Array.isArray(snapshot._nodes)) return snapshot._nodes.map((n) => n.id);
  if (!machineId) return [];
  const ids: string[] = [machineId];
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'string') ids.push(`${prefix}.${value}`);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        ids.push(`${prefix}.${k}`);
        walk(v, `${prefix}.${k}`);
      }
  };
  walk(snapshot.value, machineId);
  return ids;
}

export function createInspectorStore(limit = INSPECTOR_LOG_LIMIT, now: () => number = () => (typeof performance !== 'undefined' ? performance.now() : Date.now())) {
  const actors = new Map<string, InspectedActor>();
  // Stopping an actor emits no inspection event; its status is read from the actor itself.
  const refs = new Map<string, AnyActorRef>();
  let log: InspectorLogEntry[] = [];
  let seq = 0;
  let state: InspectorState = { actors: [], log: [] };
  const listeners = new Set<() => void>();
  let queued = false;

  const publish = () => {
    for (const [id, ref] of refs) {
      const status = ref.getSnapshot()?.status;
      const a = actors.get(id);
      if (a && status && status !== a.status) a.status = status;
    }
    const stopped = [...actors.values()].filter((a) => a.status === 'stopped');
    const spares = [...actors.values()].filter((a) => !a.started);
    for (const a of [...stopped.slice(0, Math.max(0, stopped.length - MAX_STOPPED)), ...spares.slice(0, Math.max(0, spares.length - MAX_STOPPED))]) {
      actors.delete(a.id);
      refs.delete(a.id);
    }
    // An actor made but never started (React's strict mode makes spares) is not shown.
    state = { actors: [...actors.values()].filter((a) => a.started), log };
    for (const l of listeners) l();
  };
  // Many inspection events arrive in one tick; the panel re-renders once per tick.
  const changed = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      publish();
    });
  };

  const ensure = (ref: Internal): InspectedActor => {
    const existing = actors.get(ref.sessionId);
    if (existing) return existing;
    const logic = ref.logic;
    const machineId = logic && typeof logic === 'object' && 'root' in logic && typeof logic.id === 'string' ? logic.id : undefined;
    const actor: InspectedActor = {
      id: ref.sessionId,
      parentId: ref._parent?.sessionId,
      machineId,
      name: (ref as { systemId?: string }).systemId ?? (ref._parent ? ref.id : (machineId ?? ref.id)),
      status: 'active',
      started: false,
      tags: [],
      activeStateIds: [],
      events: 0,
    };
    actors.set(ref.sessionId, actor);
    refs.set(ref.sessionId, ref);
    return actor;
  };

  const inspect = (e: InspectionEvent) => {
    const ref = e.actorRef as Internal;
    if (e.type === '@xstate.actor') {
      ensure(ref);
    } else if (e.type === '@xstate.snapshot') {
      const a = ensure(ref);
      const s = e.snapshot as MachineLike;
      a.started = true;
      a.status = s.status ?? a.status;
      a.value = redact(s.value);
      a.context = redact(s.context);
      a.tags = s.tags instanceof Set ? [...s.tags].sort() : [];
      a.activeStateIds = activeIds(s, a.machineId);
      a.output = redact(s.output);
      a.error = s.error === undefined ? undefined : redact(s.error);
    } else if (e.type === '@xstate.event') {
      const a = ensure(ref);
      a.events += 1;
      const source = e.sourceRef ? actors.get((e.sourceRef as Internal).sessionId) : undefined;
      log = [...log, { seq: ++seq, at: Math.round(now()), actorId: a.id, actorName: a.name, sourceName: source?.name, type: e.event.type, event: redact(e.event) }].slice(-limit);
    } else {
      return;
    }
    changed();
  };

  return {
    inspect,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Re-reads every actor's status (a stopped actor says nothing by itself). */
    refresh: publish,
    clearLog() {
      log = [];
      publish();
    },
  };
}

export type InspectorStore = ReturnType<typeof createInspectorStore>;

/** The one store of the page. */
export const inspectorStore: InspectorStore | undefined = INSPECTOR_ENABLED ? createInspectorStore() : undefined;
/** Pass to useMachine / createActor options: `useMachine(machine, { inspect })`. Undefined when the inspector is off. */
export const inspect: ((event: InspectionEvent) => void) | undefined = inspectorStore?.inspect;
