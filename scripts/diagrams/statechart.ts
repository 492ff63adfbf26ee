import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * A machine definition read as a statechart: every state and every transition, each with a
 * stable id. The diagrams, the model-test harness and the transition-coverage gate all read
 * machines through this one file, so "a transition" means the same thing to all three: each
 * entry of a state node's `on`/`after`/`invoke.onDone`/`onError`/`onDone`/`always` list,
 * guarded branches, self-transitions and targetless ones included. Initial transitions are
 * structure, not behaviour, and are not counted.
 */

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'done.state' | 'wildcard';

export interface ChartTransition {
  /** Stable and readable, e.g. `login.editing: FORM.SUBMIT [isComplete] → login.submitting`. */
  id: string;
  machine: string;
  /** State node id of the source. */
  source: string;
  /** The raw event descriptor; '' for `always`. */
  event: string;
  kind: TransitionKind;
  /** What a diagram writes on the arrow: `FORM.SUBMIT [isComplete]`, `after 500 ms`, `always`, `done: submitLogin`. */
  label: string;
  guard?: string;
  /** For `after`: the delay as written (a number or a named delay) and its milliseconds when known. */
  delay?: { name: string; ms?: number };
  /** For done/error of an invoked actor: the invoke id and the actor's source name. */
  invoke?: { id: string; src: string };
  /** State node ids entered; empty for a targetless transition. */
  targets: string[];
  reenter: boolean;
  actions: string[];
  /** Position in its source's list for this event, which keeps ids apart and stable. */
  index: number;
}

export interface ChartState {
  id: string;
  key: string;
  /** Keys from the root (excluded) down to this node. */
  path: string[];
  parent?: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Id of the initial child, for a compound state. */
  initial?: string;
  children: string[];
  tags: string[];
  invokes: Array<{ id: string; src: string }>;
  /** Named actions run on entering and on leaving the state, as written in its config. */
  entry: string[];
  exit: string[];
  description?: string;
}

/** An action or guard written inline (a function, not a name from `setup()`): where it is. */
export interface AnonymousEffect {
  machine: string;
  /** The transition's readable id, or `<state> entry` / `<state> exit`. */
  where: string;
  kind: 'action' | 'guard';
  /** What the function is (`assign`, `raise`, `inline`). */
  what: string;
}

export interface Chart {
  id: string;
  root: ChartState;
  states: ChartState[];
  transitions: ChartTransition[];
  /** Event types a caller sends (not the machine's own done/after/error events). */
  events: string[];
  guards: string[];
  delays: Array<{ name: string; ms?: number }>;
  actors: string[];
  actions: string[];
  /** Inline actions and guards; the diagram generator refuses a machine with any. */
  anonymous: AnonymousEffect[];
}

const AFTER = 'xstate.after.';
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

function nameOf(thing: unknown): string {
  if (typeof thing === 'string') return thing;
  if (typeof thing === 'function') {
    // Higher-order guards (and/or/not) carry their operands; show them.
    const f = thing as { guards?: unknown[]; name?: string; check?: unknown };
    if (Array.isArray(f.guards)) return `${f.name || 'guard'}(${f.guards.map(nameOf).join(', ')})`;
    return f.name && !/^(anonymous|guard|action)?$/.test(f.name) ? f.name : 'inline';
  }
  if (thing && typeof thing === 'object' && 'type' in thing) return String((thing as { type: unknown }).type);
  return 'inline';
}

/** A function in an action or guard slot is anonymous, except a higher-order guard (and/or/not) over named guards. */
function anonymousIn(thing: unknown): string | undefined {
  if (typeof thing !== 'function') return undefined;
  const f = thing as { guards?: unknown[]; name?: string; type?: string };
  if (Array.isArray(f.guards)) {
    const inner = f.guards.map(anonymousIn).find((x) => x !== undefined);
    return inner;
  }
  return typeof f.type === 'string' && f.type.startsWith('xstate.') ? f.type.slice('xstate.'.length) : f.name || 'inline';
}

const asList = (x: unknown): unknown[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

function delayMs(machine: AnyStateMachine, delay: string | number): number | undefined {
  if (typeof delay === 'number') return delay;
  if (/^\d+$/.test(delay)) return Number(delay);
  const impl = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  return typeof impl === 'number' ? impl : undefined;
}

export function formatMs(ms: number): string {
  return `${ms} ms`;
}

function stateType(node: AnyStateNode): ChartState['type'] {
  return node.type as ChartState['type'];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

/** Where a runtime transition sits in its source's list: the same for a machine and its `.provide()` copy. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const list = t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  let index = list.indexOf(t);
  if (index < 0) {
    // A copy of the machine (machine.provide) has equal definitions in the same order.
    index = list.findIndex((u: AnyTransitionDefinition) => u.eventType === t.eventType && u.target?.map((s) => s.id).join() === t.target?.map((s) => s.id).join() && nameOf(u.guard) === nameOf(t.guard));
  }
  return `${source.id}\u0000${t.eventType}\u0000${index}`;
}

function describeTransition(machine: AnyStateMachine, node: AnyStateNode, t: AnyTransitionDefinition, index: number): Omit<ChartTransition, 'id'> {
  const event = t.eventType as string;
  const guard = t.guard ? nameOf(t.guard) : undefined;
  const when = guard ? ` [${guard}]` : '';
  const base = {
    machine: machine.id,
    source: node.id,
    event,
    guard,
    targets: (t.target ?? []).map((s: AnyStateNode) => s.id),
    reenter: Boolean(t.reenter),
    actions: (t.actions ?? []).map(nameOf),
    index,
  };
  if (event === '') return { ...base, kind: 'always', label: `always${when}` };
  if (event.startsWith(AFTER)) {
    const raw = (t as { delay?: string | number }).delay ?? event.slice(AFTER.length, event.length - node.id.length - 1);
    const ms = delayMs(machine, raw);
    const name = String(raw);
    const shown = ms === undefined ? name : /^\d+$/.test(name) ? formatMs(ms) : `${name} (${formatMs(ms)})`;
    return { ...base, kind: 'after', label: `after ${shown}${when}`, delay: { name, ms } };
  }
  for (const [prefix, kind, word] of [
    [DONE_ACTOR, 'done', 'done'],
    [ERROR_ACTOR, 'error', 'error'],
  ] as const) {
    if (event.startsWith(prefix)) {
      const id = event.slice(prefix.length);
      const inv = (node.invoke as Array<{ id: string; src: unknown }>).find((i) => i.id === id);
      const src = inv ? nameOf(inv.src) : id;
      return { ...base, kind, label: `${word}: ${src}${when}`, invoke: { id, src } };
    }
  }
  if (event.startsWith(DONE_STATE)) return { ...base, kind: 'done.state', label: `done${when}` };
  if (event === '*') return { ...base, kind: 'wildcard', label: `*${when}` };
  return { ...base, kind: 'event', label: `${event}${when}` };
}

function relative(machine: AnyStateMachine, id: string): string {
  return id === machine.id ? id : id.startsWith(`${machine.id}.`) ? id.slice(machine.id.length + 1) : `#${id}`;
}

export function readChart(machine: AnyStateMachine): Chart {
  const nodes = allNodes(machine.root);
  const states: ChartState[] = nodes.map((node) => ({
    id: node.id,
    key: node.key,
    path: node.path,
    parent: node.parent?.id,
    type: stateType(node),
    initial: node.type === 'compound' && node.initial?.target?.[0] ? node.initial.target[0].id : undefined,
    children: Object.values(node.states as Record<string, AnyStateNode>).map((c) => c.id),
    tags: [...node.tags],
    invokes: (node.invoke as Array<{ id: string; src: unknown }>).map((i) => ({ id: i.id, src: nameOf(i.src) })),
    // From the config: the runtime lists add xstate's own timers for `after` (raise/cancel).
    entry: asList((node.config as { entry?: unknown }).entry).map(nameOf),
    exit: asList((node.config as { exit?: unknown }).exit).map(nameOf),
    description: node.description,
  }));

  const transitions: ChartTransition[] = [];
  const anonymous: AnonymousEffect[] = [];
  for (const node of nodes) {
    for (const slot of ['entry', 'exit'] as const) {
      for (const a of asList((node.config as Record<string, unknown>)[slot])) {
        const what = anonymousIn(a);
        if (what) anonymous.push({ machine: machine.id, where: `${relative(machine, node.id)} ${slot}`, kind: 'action', what });
      }
    }
    const lists: Array<[string, AnyTransitionDefinition[]]> = [...node.transitions.entries()];
    if (node.always?.length) lists.push(['', node.always]);
    for (const [, list] of lists) {
      list.forEach((t, index) => {
        const d = describeTransition(machine, node, t, index);
        const to = d.targets.length ? d.targets.map((x) => relative(machine, x)).join(', ') : 'self';
        const id = `${relative(machine, d.source)}: ${d.label} → ${to}${list.length > 1 && list.some((u, j) => j !== index && (u.guard ? nameOf(u.guard) : undefined) === d.guard) ? ` #${index}` : ''}`;
        transitions.push({ id: `${machine.id}/${id}`, ...d });
        for (const a of t.actions ?? []) {
          const what = anonymousIn(a);
          if (what) anonymous.push({ machine: machine.id, where: id, kind: 'action', what });
        }
        const guard = anonymousIn(t.guard);
        if (guard) anonymous.push({ machine: machine.id, where: id, kind: 'guard', what: guard });
      });
    }
  }

  const uniq = (xs: Iterable<string>) => [...new Set(xs)].sort();
  const delays = new Map<string, number | undefined>();
  for (const t of transitions) if (t.delay) delays.set(t.delay.name, t.delay.ms);
  return {
    id: machine.id,
    root: states[0]!,
    states,
    transitions,
    events: uniq(transitions.filter((t) => t.kind === 'event').map((t) => t.event)),
    guards: uniq(transitions.flatMap((t) => (t.guard ? [t.guard] : []))),
    delays: [...delays].map(([name, ms]) => ({ name, ms })).sort((a, b) => a.name.localeCompare(b.name)),
    actors: uniq(states.flatMap((s) => s.invokes.map((i) => i.src))),
    actions: uniq([...transitions.flatMap((t) => t.actions), ...states.flatMap((s) => [...s.entry, ...s.exit])].filter((a) => !a.startsWith('xstate.'))),
    anonymous,
  };
}

/** The chart's id for a transition the runtime reports (inspection `_transitions`). */
export function chartIndex(chart: Chart): (t: AnyTransitionDefinition) => string | undefined {
  const byKey = new Map(chart.transitions.map((t) => [`${t.source}\u0000${t.event}\u0000${t.index}`, t.id]));
  return (t) => byKey.get(transitionKey(t));
}
