import { expect } from '@jest/globals';
import { workbenchLayoutMachine } from '../../src/machines/workbench-layout.machine';
import { connectWorkbenchLayout } from '../../src/machines/workbench-layout.connect';
import { DEFAULT_USER_AREAS, WORKBENCH_AREA_CODES, type UserArea } from '../../src/shared/workbench-areas';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof workbenchLayoutMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectWorkbenchLayout(s, () => undefined);

// The user put the to-do tasks first and hid the cash flow; the system offers four areas.
const placed: UserArea[] = [
  { areaCode: 'todo', shown: true },
  { areaCode: 'balances', shown: true },
  { areaCode: 'cashFlow', shown: false },
  { areaCode: 'reminders', shown: true },
];
// The system's areas, as a reset answers them.
const system: UserArea[] = [
  { areaCode: 'balances', shown: true },
  { areaCode: 'cashFlow', shown: true },
  { areaCode: 'reminders', shown: true },
  { areaCode: 'todo', shown: true },
];
const refused = new Error('首页未提供区域cashFlow：该区域不存在、已停用或已删除');
const codes = (areas: readonly UserArea[]) => areas.map((a) => a.areaCode);

const announced = { count: 0, before: 0 };
let previous: Snapshot | null = null;
const lastSave = (run: { inputs: Record<string, unknown[]> }) => run.inputs.saveAreas?.at(-1) as { areas: UserArea[] } | undefined;
const outputOf = (step: { event: { type: string } }) => (step.event as unknown as { output?: UserArea[] }).output;

/**
 * The home page's areas (docs/workbench.md, "Areas"): the page lays out the user's shown areas
 * in order, never the draft; a failed load silently shows every area the build has; the popover
 * moves areas and ticks them shown; a save or a reset takes the server's answer and says so; a
 * refusal shows the server's msg and keeps the draft.
 */
describeModel(workbenchLayoutMachine, {
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.loaded, s.context.error, s.context.areas, s.context.draft])) as never,
  events: {
    'AREAS.MOVE': [{ areaCode: 'balances', by: -1 }, { areaCode: 'todo', by: 1 }],
    'AREAS.SHOW': (s: Snapshot) => [{ areaCode: 'cashFlow', shown: !(s.context.draft.find((a) => a.areaCode === 'cashFlow')?.shown ?? true) }],
  },
  actors: {
    loadAreas: { outputs: [placed], errors: [new Error('network down')] },
    saveAreas: { outputs: [system], errors: [refused] },
    resetAreas: { outputs: [system], errors: [refused] },
  },
  provide: { actions: { announceSaved: () => void (announced.count += 1) } },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') Object.assign(announced, { count: 0, before: 0 });
    const api = view(snapshot);
    expect(api.getRootProps()).toEqual({ 'data-part': 'root', 'data-state': api.state, 'aria-busy': api.state === 'loading' });
    // The page shows the committed shown areas in order, never the draft.
    expect(api.shown).toEqual(snapshot.context.areas.filter((a) => a.shown).map((a) => a.areaCode));
    // The popover lists each area once.
    expect(new Set(codes(api.listed)).size).toBe(api.listed.length);
    // The success text shows exactly when a save or a reset was accepted.
    const accepted = step.event.type === 'xstate.done.actor.0.workbenchLayout.saving' || step.event.type === 'xstate.done.actor.0.workbenchLayout.resetting';
    expect(announced.count - announced.before).toBe(accepted ? 1 : 0);
    announced.before = announced.count;
    previous = snapshot;
  },
  states: {
    loading: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.ready, api.open, api.getTriggerProps().disabled, api.shown]).toEqual([false, false, true, []]);
      expect(run.inputs.loadAreas).toHaveLength(1);
    },
    ready: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.ready, api.open, api.getTriggerProps().disabled, snapshot.context.loaded, api.error]).toEqual([true, false, false, true, null]);
      if (step.event.type === 'xstate.done.actor.0.workbenchLayout.loading') expect(api.shown).toEqual(['todo', 'balances', 'reminders']);
      // After a save or a reset, the page lays out the server's answer.
      if (step.event.type.startsWith('xstate.done.actor.0.workbenchLayout.')) expect(snapshot.context.areas).toEqual(outputOf(step));
      if (step.event.type === 'xstate.done.actor.0.workbenchLayout.saving') expect(run.inputs.saveAreas).toBeDefined();
      if (step.event.type === 'AREAS.CANCEL') expect(snapshot.context.areas).toEqual(previous!.context.areas);
    },
    fallback: (snapshot) => {
      const api = view(snapshot);
      // Widgets §8's rule for layouts: silently every area the build has.
      expect([api.ready, api.open, api.getTriggerProps().disabled, snapshot.context.loaded, api.error]).toEqual([true, false, false, false, null]);
      expect(api.shown).toEqual([...WORKBENCH_AREA_CODES]);
      expect(snapshot.context.areas).toEqual(DEFAULT_USER_AREAS);
    },
    editing: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.open, api.busy, api.getPopoverProps().open, api.getSaveProps().disabled, api.getTriggerProps()['data-state']]).toEqual([true, false, true, false, 'open']);
      const before = previous!;
      const ev = step.event as unknown as { areaCode?: string; by?: number; shown?: boolean };
      switch (step.event.type) {
        case 'AREAS.OPEN':
          expect(snapshot.context.draft).toEqual(snapshot.context.areas);
          expect(api.error).toBeNull();
          break;
        case 'AREAS.MOVE': {
          // Only a move that can happen is taken: the area swapped places with its neighbour.
          const order = codes(before.context.draft);
          const i = order.indexOf(ev.areaCode as never);
          const j = i + ev.by!;
          expect(order[j]).toBeDefined();
          [order[i], order[j]] = [order[j]!, order[i]!];
          expect(codes(snapshot.context.draft)).toEqual(order);
          expect(api.getMoveProps(api.listed[0]!.areaCode, -1).disabled).toBe(true);
          expect(api.getMoveProps(api.listed.at(-1)!.areaCode, 1).disabled).toBe(true);
          expect(api.getItemProps(ev.areaCode as never)['data-state']).toBe(snapshot.context.draft.find((a) => a.areaCode === ev.areaCode)!.shown ? 'shown' : 'hidden');
          break;
        }
        case 'AREAS.SHOW':
          expect([api.getShownProps(ev.areaCode as never).checked, api.getItemProps(ev.areaCode as never)['data-state']]).toEqual([ev.shown, ev.shown ? 'shown' : 'hidden']);
          // Ticking changes the popover only; the page waits for the save.
          expect(snapshot.context.areas).toEqual(before.context.areas);
          break;
        default: {
          // A refused save or reset: the server's msg, and the draft as it was.
          expect(['xstate.error.actor.0.workbenchLayout.saving', 'xstate.error.actor.0.workbenchLayout.resetting']).toContain(step.event.type);
          expect(api.error).toBe(refused.message);
          expect(snapshot.context.draft).toEqual(before.context.draft);
          if (step.event.type.endsWith('saving')) expect(lastSave(run)).toEqual({ areas: snapshot.context.draft });
        }
      }
    },
    saving: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.open, api.busy, api.getSaveProps().loading, api.getCancelProps().disabled, api.getResetProps().disabled]).toEqual([true, true, true, true, true]);
      for (const a of api.listed) expect([api.getMoveProps(a.areaCode, -1).disabled, api.getShownProps(a.areaCode).disabled]).toEqual([true, true]);
      // The whole draft goes out, in its order.
      expect(lastSave(run)).toEqual({ areas: snapshot.context.draft });
    },
    resetting: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.open, api.busy, api.getResetProps().loading, api.getSaveProps().disabled]).toEqual([true, true, true, true]);
      expect(run.inputs.resetAreas?.length).toBeGreaterThan(0);
    },
  },
});
