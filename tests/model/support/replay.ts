import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import { chartIndex, type Chart } from '../../../scripts/diagrams/statechart';
import { defaultSerialize, describeValue, type ModelPath, type ModelStep } from './paths';

/**
 * Replays a model path on a real actor: the machine's effects are replaced by test actors
 * the harness settles when the path says so, `after` delays run on xstate's SimulatedClock,
 * and every transition the actor really takes (as the inspection API reports it) is recorded
 * for the coverage gate. The path's expected states are checked after each step.
 */

export interface Implementations {
  actions?: Record<string, unknown>;
  guards?: Record<string, unknown>;
  delays?: Record<string, unknown>;
  actors?: Record<string, unknown>;
}

export interface ReplayHooks {
  /** Extra implementations (spies on actions, a real pure actor…); invoked actors not given here become test actors. */
  provide?: Implementations;
  /** Called after the start and after every step with the real snapshot: assert what the view would see. */
  onState?: (snapshot: AnyMachineSnapshot, step: ModelStep, run: Run) => void | Promise<void>;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  input?: unknown;
}

export interface Run {
  /** Inputs each test actor was started with, by src name, in order. */
  inputs: Record<string, unknown[]>;
  clock: ModelClock;
  /** Chart ids of the transitions taken. */
  covered: Set<string>;
}

interface Pending {
  src: string;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/** xstate's SimulatedClock, remembering when each pending timer was set so a step can advance to exactly its due time. */
export class ModelClock extends SimulatedClock {
  readonly pending = new Map<number, { start: number; ms: number }>();
  override setTimeout(fn: (...args: unknown[]) => void, ms: number): number {
    const id: number = super.setTimeout(() => {
      this.pending.delete(id);
      fn();
    }, ms) as number;
    this.pending.set(id, { start: this.now(), ms });
    return id;
  }
  override clearTimeout(id: number): void {
    this.pending.delete(id);
    super.clearTimeout(id);
  }
  /** When the earliest pending timer of this duration is due, or undefined when none is pending. */
  dueTime(ms: number): number | undefined {
    const due = [...this.pending.values()].filter((t) => t.ms === ms).map((t) => t.start + t.ms);
    return due.length ? Math.min(...due) : undefined;
  }
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class ModelDivergence extends Error {}

export async function replay(machine: AnyStateMachine, chart: Chart, path: ModelPath, hooks: ReplayHooks = {}): Promise<Run> {
  const serialize = hooks.serializeState ?? defaultSerialize;
  const idOf = chartIndex(chart);
  const run: Run = { inputs: {}, clock: new ModelClock(), covered: new Set() };
  const pending = new Map<string, Pending>();

  const testActors = Object.fromEntries(
    chart.actors.map((src) => [
      src,
      fromPromise<unknown, unknown>(({ input, self }) => {
        (run.inputs[src] ??= []).push(input);
        return new Promise((resolve, reject) => pending.set(self.id, { src, resolve, reject }));
      }),
    ]),
  );
  const provided = machine.provide({
    ...(hooks.provide as object),
    actors: { ...testActors, ...(hooks.provide?.actors ?? {}) },
  } as never);
  const inspect = (e: InspectionEvent) => {
    if (e.type !== '@xstate.microstep') return;
    for (const t of e._transitions) {
      const id = idOf(t);
      if (id) run.covered.add(id);
    }
  };
  const actor = createActor(provided, { clock: run.clock, inspect, input: hooks.input } as never);
  const failures: unknown[] = [];
  actor.subscribe({ error: (err) => failures.push(err) });
  actor.start();
  await settle();

  const expectState = async (step: ModelStep, index: number) => {
    const actual = actor.getSnapshot() as AnyMachineSnapshot;
    if (failures.length) throw new ModelDivergence(`step ${index} (${step.event.type}): the actor failed: ${String(failures[0])}`);
    if (serialize(actual) !== serialize(step.state)) {
      throw new ModelDivergence(`step ${index} (${step.event.type}): expected ${describeValue(step.state)} ${serialize(step.state)}, the actor is in ${describeValue(actual)} ${serialize(actual)}`);
    }
    await hooks.onState?.(actual, step, run);
  };

  try {
    const [first, ...rest] = path.steps;
    if (first) await expectState(first, 0);
    let index = 1;
    for (const step of rest) {
      const t = chart.transitions.find((x) => x.event === step.event.type);
      if (t?.kind === 'after') {
        const ms = t.delay?.ms;
        if (ms === undefined) throw new ModelDivergence(`delay ${t.delay?.name} has no fixed duration; give it one in setup({ delays })`);
        const due = run.clock.dueTime(ms);
        if (due === undefined) throw new ModelDivergence(`step ${index}: no timer of ${ms} ms is pending for ${t.label}`);
        const before = serialize(actor.getSnapshot() as AnyMachineSnapshot);
        if (due > run.clock.now()) {
          run.clock.set(due - 1);
          await settle();
          if (serialize(actor.getSnapshot() as AnyMachineSnapshot) !== before) throw new ModelDivergence(`step ${index}: ${t.label} fired before ${ms} ms`);
        }
        run.clock.set(due);
      } else if ((t?.kind === 'done' || t?.kind === 'error') && t.invoke) {
        const p = pending.get(t.invoke.id);
        if (!p) throw new ModelDivergence(`step ${index}: ${t.invoke.src} (${t.invoke.id}) is not running`);
        pending.delete(t.invoke.id);
        if (t.kind === 'done') p.resolve((step.event as { output?: unknown }).output);
        else p.reject((step.event as { error?: unknown }).error);
      } else {
        actor.send(step.event);
      }
      await settle();
      await expectState(step, index);
      index += 1;
    }
  } finally {
    actor.stop();
  }
  return run;
}
