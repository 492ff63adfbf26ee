import { getAdjacencyMap, getShortestPaths, serializeSnapshot } from '@xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { chartIndex, readChart, type Chart, type ChartTransition } from '../../../scripts/diagrams/statechart';

/**
 * The paths a model test walks, computed from the machine alone (no actor runs): the
 * shortest path to every state, plus, for every transition the traversal can take, the
 * shortest path to a state where it is enabled followed by it. Works in Jest and in
 * Playwright alike (plain Node, no test globals).
 */

type Payload = Record<string, unknown>;
/** Sample payloads for an event type (without `type`), or a function of the snapshot giving them. */
export type EventSamples = Record<string, Payload[] | ((snapshot: AnyMachineSnapshot) => Payload[])>;

export interface ActorOutcomes {
  /** Outputs the actor may resolve with; one `done` event is tried per output. Default: [undefined]. */
  outputs?: unknown[];
  /** Errors the actor may fail with; one `error` event per entry. Default: [new Error('model: <src> failed')]. */
  errors?: unknown[];
}

export interface ModelOptions {
  /** Payloads to send for the caller's events; an event type without samples is sent as `{ type }`. */
  events?: EventSamples;
  /** Outcomes of each invoked actor, by its `src` name in setup({ actors }). */
  actors?: Record<string, ActorOutcomes>;
  /**
   * What makes two snapshots "the same state" for the traversal. Keep only what matters: a
   * context that grows without bound (a log, a counter) makes the traversal endless.
   * Default: value and the whole context.
   */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  input?: unknown;
  /** Traversal cap: more states than this is an error, not a hang. Default 5000. */
  limit?: number;
}

export interface ModelStep {
  event: EventObject;
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  description: string;
  steps: ModelStep[];
}

const DEFAULT_LIMIT = 5000;
const MAX_PAYLOAD_IN_NAME = 48;

export const defaultSerialize = (snapshot: AnyMachineSnapshot): string => serializeSnapshot(snapshot);

function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  // `_nodes` is the snapshot's configuration; xstate's own graph tools read it the same way.
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}

/** The events worth trying in a snapshot: caller events from the samples, and the machine's own done/error/after events. */
export function eventsFor(chart: Chart, options: ModelOptions) {
  const byKey = new Map<string, ChartTransition[]>();
  for (const t of chart.transitions) {
    const key = `${t.source}\u0000${t.event}`;
    byKey.set(key, [...(byKey.get(key) ?? []), t]);
  }
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const out: EventObject[] = [];
    const seen = new Set<string>();
    const afters: Array<{ event: EventObject; ms: number }> = [];
    for (const node of activeNodes(snapshot)) {
      for (const type of node.transitions.keys()) {
        if (seen.has(type)) continue;
        seen.add(type);
        const t = byKey.get(`${node.id}\u0000${type}`)?.[0];
        if (!t) continue;
        if (t.kind === 'event' || t.kind === 'wildcard') {
          const samples = options.events?.[type];
          const payloads = typeof samples === 'function' ? samples(snapshot) : (samples ?? (t.kind === 'wildcard' ? [] : [{}]));
          for (const p of payloads) out.push({ ...p, type: t.kind === 'wildcard' ? String(p.type) : type } as EventObject);
        } else if (t.kind === 'done' && t.invoke) {
          for (const output of options.actors?.[t.invoke.src]?.outputs ?? [undefined]) out.push({ type, output } as EventObject);
        } else if (t.kind === 'error' && t.invoke) {
          for (const error of options.actors?.[t.invoke.src]?.errors ?? [new Error(`model: ${t.invoke.src} failed`)]) out.push({ type, error } as EventObject);
        } else if (t.kind === 'after') {
          afters.push({ event: { type }, ms: t.delay?.ms ?? Number.POSITIVE_INFINITY });
        }
      }
    }
    // Only the soonest timer can fire first in real time; offering the later ones would
    // make paths that a clock can never produce.
    const soonest = Math.min(...afters.map((a) => a.ms));
    for (const a of afters) if (a.ms === soonest) out.push(a.event);
    return out;
  };
}

function describeEvent(chart: Chart, event: EventObject): string {
  const t = chart.transitions.find((x) => x.event === event.type);
  if (!t || t.kind === 'event') {
    const { type, ...rest } = event as EventObject & Payload;
    const payload = JSON.stringify(rest);
    // Names stay readable: a long payload (a whole record) is elided.
    return Object.keys(rest).length ? `${type} ${payload.length <= MAX_PAYLOAD_IN_NAME ? payload : '{…}'}` : type;
  }
  if (t.kind === 'done') return `${t.invoke?.src} resolves ${JSON.stringify((event as { output?: unknown }).output) ?? ''}`.trim();
  if (t.kind === 'error') return `${t.invoke?.src} fails`;
  return t.label.replace(/ \[.*\]$/, '');
}

export function describeValue(snapshot: AnyMachineSnapshot): string {
  const v = snapshot.value;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function describePath(chart: Chart, steps: ModelStep[]): string {
  const last = steps[steps.length - 1]!;
  const via = steps.slice(1).map((s) => describeEvent(chart, s.event));
  return `${describeValue(last.state)} via ${via.length ? via.join(' → ') : '(start)'}`;
}

/** Every path the model test walks, shortest first, none a prefix of another. */
export function modelPaths(machine: AnyStateMachine, options: ModelOptions = {}, chart: Chart = readChart(machine)): ModelPath[] {
  const serializeState = options.serializeState ?? defaultSerialize;
  const traversal = {
    events: eventsFor(chart, options),
    serializeState: (s: AnyMachineSnapshot) => serializeState(s),
    limit: options.limit ?? DEFAULT_LIMIT,
    input: options.input,
  };
  const shortest = getShortestPaths(machine, traversal as never) as unknown as Array<{ state: AnyMachineSnapshot; steps: ModelStep[] }>;
  const toState = new Map(shortest.map((p) => [serializeState(p.state), p.steps]));
  const adjacency = getAdjacencyMap(machine, traversal as never) as unknown as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }>;

  const candidates: ModelStep[][] = [...toState.values()];
  // One edge per (transitions taken, resulting state value) is enough to cover a transition
  // and whatever `always` follows it; the rest only differ in data.
  const kept = new Set<string>();
  const edges = Object.entries(adjacency)
    .map(([key, v]) => ({ key, from: v.state, head: toState.get(key), transitions: Object.values(v.transitions) }))
    .filter((e) => e.head)
    .sort((a, b) => a.head!.length - b.head!.length);
  for (const { from, head, transitions } of edges) {
    for (const { event, state } of transitions) {
      const taken = machine.getTransitionData(from as never, event as never);
      if (!taken.length && serializeState(state) === serializeState(from)) continue;
      const key = `${taken.map((t) => `${t.source.id}\u0000${t.eventType}\u0000${(t.source.transitions.get(t.eventType) ?? t.source.always ?? []).indexOf(t)}`).join('|')}→${JSON.stringify(state.value)}`;
      if (kept.has(key)) continue;
      kept.add(key);
      candidates.push([...head!, { event, state }]);
    }
  }

  const sig = (steps: ModelStep[]) => steps.map((s) => `${JSON.stringify(s.event, replacer)}>${serializeState(s.state)}`);
  const signatures = candidates.map(sig);
  const paths: ModelPath[] = [];
  const seen = new Set<string>();
  candidates.forEach((steps, i) => {
    const mine = signatures[i]!;
    const key = mine.join('\n');
    if (seen.has(key)) return;
    const isPrefix = signatures.some((other, j) => j !== i && other.length > mine.length && mine.every((s, k) => other[k] === s));
    if (isPrefix) return;
    seen.add(key);
    paths.push({ description: describePath(chart, steps), steps });
  });
  return paths.sort((a, b) => a.steps.length - b.steps.length || a.description.localeCompare(b.description));
}

function replacer(_key: string, value: unknown) {
  return value instanceof Error ? `Error: ${value.message}` : value;
}

/**
 * The chart ids of the transitions a set of paths takes, computed from the machine (no actor
 * runs), so a spec that walks a subset of the model can state exactly what it leaves out.
 * Eventless (`always`) transitions that follow a step are not listed.
 */
export function pathTransitions(machine: AnyStateMachine, paths: ModelPath[], chart: Chart = readChart(machine)): Set<string> {
  const idOf = chartIndex(chart);
  const ids = new Set<string>();
  for (const path of paths) {
    path.steps.slice(1).forEach((step, i) => {
      for (const t of machine.getTransitionData(path.steps[i]!.state as never, step.event as never)) {
        const id = idOf(t);
        if (id) ids.add(id);
      }
    });
  }
  return ids;
}

/** The ids of the machine's transitions that none of the paths takes (a walk's gap list). */
export function transitionsNotTaken(machine: AnyStateMachine, paths: ModelPath[]): string[] {
  const chart = readChart(machine);
  const taken = pathTransitions(machine, paths, chart);
  return chart.transitions.filter((t) => !taken.has(t.id)).map((t) => t.id);
}
