import { describe, expect, it } from '@jest/globals';
import { assign, createMachine, type AnyMachineSnapshot } from 'xstate';
import { sampleMachine } from './support/sample.machine';
import { describeModel, modelPaths, readChart, replay, unassertedStates } from './support/model';

// The harness on a machine with every construct: it must cover all of it…
// Its count grows on every retry; the walk keeps only whether the form is full.
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, Math.min(s.context.count, 2), s.context.token]);

describeModel(sampleMachine, {
  serializeState,
  actors: { saveDraft: { outputs: ['draft-1'] } },
  states: {
    // the panel's own timer closes it; the form region is asserted below
    // nothing is saved while the form is open, whatever the panel does
    'editing.panel': (snapshot) => expect(snapshot.context.token).toBeNull(),
    'editing.form.clean': (snapshot) => expect(snapshot.context.token).toBeNull(),
    'editing.form.dirty': (snapshot) => expect(snapshot.context.count).toBeGreaterThan(0),
    // the debounce fired on the simulated clock, not in real time
    'editing.form.autosaved': (_s, _step, run) => expect(run.clock.now()).toBeGreaterThanOrEqual(500),
    saving: (_s, _step, run) => expect(run.inputs.saveDraft?.at(-1)).toEqual({ count: expect.any(Number) }),
    saved: (snapshot) => expect(snapshot.context.token).toBe('draft-1'),
  },
});

// …and must notice when the real actor does not do what the model says.
describe('the harness', () => {
  const chart = readChart(sampleMachine);
  const paths = modelPaths(sampleMachine, { serializeState, actors: { saveDraft: { outputs: ['draft-1'] } } }, chart);

  it('fails a path when an implementation changes the behaviour', async () => {
    const path = paths.find((p) => p.steps.some((s) => s.event.type === 'ITEM.ADD'))!;
    await expect(replay(sampleMachine, chart, path, { serializeState, provide: { actions: { addItem: () => undefined } } })).rejects.toThrow(/expected/);
  });

  it('fails a delayed step that fires early', async () => {
    const early = sampleMachine.provide({ delays: { debounce: 100 } });
    const path = paths.find((p) => p.steps.some((s) => s.event.type.startsWith('xstate.after.debounce')))!;
    await expect(replay(early, chart, path, { serializeState })).rejects.toThrow(/no timer of 500 ms/);
  });

  it('names every atomic state the walk reaches without an assertion', () => {
    // `saved` (final) and `full` (left at once by `always`, never at rest) are not asserted here.
    expect(unassertedStates(paths, ['editing', 'saving'])).toEqual(['saved']);
    // an assertion on one region of a parallel state does not count for the other
    expect(unassertedStates(paths, ['editing.form', 'saving', 'saved'])).toEqual(['editing.panel.closed', 'editing.panel.open']);
    expect(unassertedStates(paths, ['editing.form.clean', 'editing.panel', 'saving', 'saved'])).toEqual(['editing.form.autosaved', 'editing.form.dirty']);
    // a parent key covers its children; every leaf asserted leaves nothing
    expect(unassertedStates(paths, ['editing', 'saving', 'saved'])).toEqual([]);
  });

  it('counts targetless, self and always transitions among the total', () => {
    const kinds = chart.transitions.map((t) => `${t.kind}:${t.targets.length ? 'target' : 'none'}`);
    expect(kinds).toEqual(expect.arrayContaining(['always:target', 'event:none', 'after:target', 'done:target', 'error:target']));
    expect(chart.transitions.find((t) => t.event === 'FORM.RESET')?.reenter).toBe(true);
  });

  it('ends rather than hangs on a machine whose context grows without bound, given a serializeState', () => {
    const counter = createMachine({ context: { n: 0 }, on: { TICK: { actions: assign({ n: ({ context }) => context.n + 1 }) } } });
    expect(() => modelPaths(counter, { limit: 50 })).toThrow(/limit/);
    expect(modelPaths(counter, { serializeState: (s) => JSON.stringify(s.value) }).map((p) => p.steps.length)).toEqual([2]);
  });
});
