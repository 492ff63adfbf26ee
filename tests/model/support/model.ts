import { afterAll, describe, expect, it } from '@jest/globals';
import type { AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate';
import { readChart } from '../../../scripts/diagrams/statechart';
import { modelPaths, type ModelOptions, type ModelStep } from './paths';
import { matchesKey, unassertedStates } from './asserted';
import { writeRecord } from './record';
import { replay, type ReplayHooks, type Run } from './replay';

/**
 * The model-test harness for Jest: one call walks every path of a machine on a real actor
 * and records the transitions covered. See docs/machines.md ("Model test").
 */
/** Hooks get the machine's own snapshot type (context and state values typed). */
export interface DescribeModelOptions<S = AnyMachineSnapshot> extends Omit<ModelOptions, 'serializeState' | 'events'> {
  /** Payloads to send for the caller's events (without `type`), or a function of the snapshot giving them. */
  events?: Record<string, Array<Record<string, unknown>> | ((snapshot: S) => Array<Record<string, unknown>>)>;
  /** What makes two snapshots the same state for the walk; keep only what matters. */
  serializeState?: (snapshot: S) => string;
  provide?: ReplayHooks['provide'];
  /**
   * Assertions per state, keyed like `snapshot.matches` ('editing', 'form.dirty'): each runs
   * on every step that ends in a matching state. A key that no path reaches fails the test, and so does an atomic or final state the paths reach that no key matches.
   */
  states?: Record<string, (snapshot: S, step: ModelStep, run: Run) => void | Promise<void>>;
  /**
   * Several inputs for a machine whose input decides which transitions exist (the record
   * lifecycle's reviewed and reference-data kinds): the paths of each are walked with it, and
   * coverage is their union.
   */
  inputs?: unknown[];
  /** Runs after every step, whatever the state. */
  onState?: (snapshot: S, step: ModelStep, run: Run) => void | Promise<void>;
}

const matches = matchesKey;

export function describeModel<M extends AnyStateMachine>(machine: M, typed: DescribeModelOptions<SnapshotFrom<M>> = {}): void {
  const options = typed as DescribeModelOptions<AnyMachineSnapshot>;
  const chart = readChart(machine);
  const inputs = options.inputs ?? [options.input];
  const paths = inputs.flatMap((input) =>
    modelPaths(machine, { ...(options as ModelOptions), input }, chart).map((p) => ({ ...p, input, description: options.inputs ? `${JSON.stringify(input)} ${p.description}` : p.description })),
  );
  const covered = new Set<string>();
  const visited = new Set<string>();
  const file = expect.getState().testPath ?? machine.id;

  describe(`${machine.id} machine, walked by its model`, () => {
    it('has paths to walk', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    for (const path of paths) {
      it(path.description, async () => {
        const run = await replay(machine, chart, path, {
          provide: options.provide,
          serializeState: options.serializeState,
          input: path.input,
          onState: async (snapshot, step, r) => {
            for (const [key, check] of Object.entries(options.states ?? {})) {
              if (!matches(snapshot, key)) continue;
              visited.add(key);
              await check(snapshot, step, r);
            }
            await options.onState?.(snapshot, step, r);
          },
        });
        for (const id of run.covered) covered.add(id);
      });
    }

    it('reaches every state that has assertions', () => {
      expect(Object.keys(options.states ?? {}).filter((k) => !visited.has(k))).toEqual([]);
    });

    it('asserts something in every atomic state it reaches', () => {
      expect(unassertedStates(paths, Object.keys(options.states ?? {}))).toEqual([]);
    });

    it('covers every transition of the machine', () => {
      expect(chart.transitions.map((t) => t.id).filter((id) => !covered.has(id))).toEqual([]);
    });

    afterAll(() => writeRecord({ machine: machine.id, testFile: file, covered: [...covered].sort() }));
  });
}

export { modelPaths, type ModelOptions, type ModelPath, type ModelStep } from './paths';
export { replay, type Run } from './replay';
export { unassertedStates } from './asserted';
export { readChart } from '../../../scripts/diagrams/statechart';
