import { expect } from '@jest/globals';
import { sectionOrderMachine, toEntries, type LoadedSectionOrder, type SaveSectionOrderInput, type SectionOrderInput } from '../../src/machines/section-order.machine';
import { connectSectionOrder } from '../../src/machines/section-order.connect';
import { mergeSections, sameSections, visibleSections } from '../../src/shared/section-order';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof sectionOrderMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectSectionOrder(s, () => undefined);

const code = 'rate-add';
const defaults = ['application', 'rate', 'history'];
const inputs: SectionOrderInput[] = [
  { code, defaults, isAdmin: true },
  { code, defaults, isAdmin: false },
];
// The user's saved order; an administrator hid the history for everyone.
const custom: LoadedSectionOrder = { customOrder: [{ name: 'rate', exist: true }, { name: 'history', exist: false }, { name: 'application', exist: true }], hiddenParams: ['history'] };
// Saved before the form gained a section: widgets §5, the defaults.
const stale: LoadedSectionOrder = { customOrder: [{ name: 'rate' }, { name: 'application' }], hiddenParams: [] };
// Never saved; the page hides nothing.
const never: LoadedSectionOrder = { customOrder: null, hiddenParams: [] };
const refused = new Error('只有管理员可以隐藏或显示分组');

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.admin, s.context.loaded, s.context.error, s.context.sections, s.context.draft]);

const announced = { count: 0, before: 0 };
let previous: Snapshot | null = null;
const lastSave = (run: { inputs: Record<string, unknown[]> }) => run.inputs.saveOrder?.at(-1) as SaveSectionOrderInput | undefined;
const outputOf = (step: { event: { type: string } }) => (step.event as unknown as { output?: LoadedSectionOrder }).output;

/**
 * Issue 11 point 1 (widgets §2 "Edit form", §5 "Custom order", §8): the saved order applies
 * only when it names exactly the form's sections; a failed load is silently the defaults; the
 * popover moves sections among those the user sees (hidden ones keep their places for staff),
 * an administrator alone hides sections; a save says so, a refusal shows the server's msg and
 * keeps the edit. Walked as an administrator and as a staff member.
 */
describeModel(sectionOrderMachine, {
  inputs,
  serializeState: serializeState as never,
  events: {
    'SECTIONS.MOVE': [{ name: 'application', by: 1 }, { name: 'rate', by: -1 }],
    'SECTIONS.EXIST': [{ name: 'history', exist: false }],
  },
  actors: {
    loadOrder: { outputs: [custom, stale, never], errors: [new Error('network down')] },
    saveOrder: { outputs: [null], errors: [refused] },
  },
  provide: { actions: { announceSaved: () => void (announced.count += 1) } },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') Object.assign(announced, { count: 0, before: 0 });
    const api = view(snapshot);
    expect(api.getRootProps()).toEqual({ 'data-part': 'root', 'data-state': api.state });
    // Every section of the form is there, once, whatever was loaded or edited.
    expect([...api.all.map((s) => s.name)].sort()).toEqual([...defaults].sort());
    // The form shows the sections that exist, in the committed order, never the draft.
    expect(api.order).toEqual(visibleSections(snapshot.context.sections));
    // The hidden tab is the administrators' alone; staff lists leave hidden sections out.
    expect(api.tabs).toEqual(snapshot.context.admin ? ['order', 'hidden'] : ['order']);
    if (!snapshot.context.admin) expect(api.listed.every((s) => s.exist)).toBe(true);
    // The success text shows exactly when a save was accepted.
    expect(announced.count - announced.before).toBe(step.event.type === 'xstate.done.actor.0.sectionOrder.saving' ? 1 : 0);
    announced.before = announced.count;
    previous = snapshot;
  },
  states: {
    loading: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.ready, api.open, api.getTriggerProps().disabled]).toEqual([false, false, true]);
      // Meanwhile the form lays out the defaults.
      expect(api.order).toEqual(defaults);
      expect(run.inputs.loadOrder).toEqual([{ code }]);
    },
    ready: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.ready, api.open, api.getTriggerProps().disabled, snapshot.context.loaded, api.error]).toEqual([true, false, false, true, null]);
      const loaded = outputOf(step);
      if (step.event.type === 'xstate.done.actor.0.sectionOrder.loading') {
        expect(snapshot.context.sections).toEqual(mergeSections(defaults, loaded!.customOrder, loaded!.hiddenParams));
        if (loaded === custom) expect(api.order).toEqual(['rate', 'application']);
        else expect(api.order).toEqual(defaults);
      }
      // After a save, the form lays out exactly what was saved.
      if (step.event.type === 'xstate.done.actor.0.sectionOrder.saving') expect(toEntries(snapshot.context.sections)).toEqual(lastSave(run)!.collapseItemsOrder);
      if (step.event.type === 'SECTIONS.CANCEL') expect(snapshot.context.sections).toEqual(previous!.context.sections);
    },
    fallback: (snapshot) => {
      const api = view(snapshot);
      // Widgets §8: silently the defaults.
      expect([api.ready, api.open, api.getTriggerProps().disabled, snapshot.context.loaded, api.error]).toEqual([true, false, false, false, null]);
      expect(api.order).toEqual(defaults);
    },
    editing: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.open, api.saving, api.getPopoverProps().open, api.getSaveProps().disabled, api.getTriggerProps()['data-state']]).toEqual([true, false, true, false, 'open']);
      const before = previous!;
      const ev = step.event as unknown as { name?: string; by?: number; exist?: boolean };
      switch (step.event.type) {
        case 'SECTIONS.OPEN':
          expect(snapshot.context.draft).toEqual(snapshot.context.sections);
          expect(api.error).toBeNull();
          break;
        case 'SECTIONS.MOVE': {
          // Only a move that can happen is taken: the section swapped places with its listed neighbour.
          const listed = before.context.draft.filter((s) => snapshot.context.admin || s.exist).map((s) => s.name);
          const at = listed.indexOf(ev.name!);
          const other = listed[at + ev.by!]!;
          expect(other).toBeDefined();
          const order = before.context.draft.map((s) => s.name);
          const [i, j] = [order.indexOf(ev.name!), order.indexOf(other)];
          [order[i], order[j]] = [order[j]!, order[i]!];
          expect(snapshot.context.draft.map((s) => s.name)).toEqual(order);
          // Hidden sections keep their places.
          before.context.draft.forEach((s, k) => {
            if (!s.exist && !snapshot.context.admin) expect(snapshot.context.draft[k]).toEqual(s);
          });
          expect(api.getMoveProps(api.listed[0]!.name, -1).disabled).toBe(true);
          expect(api.getMoveProps(api.listed.at(-1)!.name, 1).disabled).toBe(true);
          break;
        }
        case 'SECTIONS.EXIST':
          // Administrators only (the guard): ticked in the hidden tab, gone from the form once saved.
          expect(snapshot.context.admin).toBe(true);
          expect([api.getHiddenProps(ev.name!).checked, api.getHiddenProps(ev.name!).disabled]).toEqual([true, false]);
          expect(api.listed.map((s) => s.name)).toContain(ev.name);
          break;
        case 'SECTIONS.RESET':
          // Back to the default order; whether a section exists is only changed in its own tab.
          expect(snapshot.context.draft.map((s) => s.name)).toEqual(defaults);
          expect(snapshot.context.draft.map((s) => [s.name, s.exist]).sort()).toEqual(before.context.draft.map((s) => [s.name, s.exist]).sort());
          break;
        default:
          // A refused save: the server's msg, and the edit as it was sent.
          expect(step.event.type).toBe('xstate.error.actor.0.sectionOrder.saving');
          expect(api.error).toBe(refused.message);
          expect(toEntries(snapshot.context.draft)).toEqual(lastSave(run)!.collapseItemsOrder);
          expect(sameSections(snapshot.context.draft, before.context.draft)).toBe(true);
      }
    },
    saving: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.open, api.saving, api.getSaveProps().disabled, api.getSaveProps().loading, api.getCancelProps().disabled, api.getResetProps().disabled]).toEqual([true, true, true, true, true, true]);
      for (const s of api.all) expect([api.getMoveProps(s.name, -1).disabled, api.getHiddenProps(s.name).disabled]).toEqual([true, true]);
      // Every section goes out, in the draft's order, with its flag.
      expect(lastSave(run)).toEqual({ code, collapseItemsOrder: toEntries(snapshot.context.draft) });
    },
  },
});
