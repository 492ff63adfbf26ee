import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise } from 'xstate';
import { columnSettingsMachine, type LoadedColumns, type SaveColumnsInput } from '../../src/machines/column-settings.machine';
import { connectColumnSettings } from '../../src/machines/column-settings.connect';
import { defaultColumns, mergeColumns, sameColumns, toSettings, type ColumnBase, type SavedColumn } from '../../src/machines/column-settings';
import { RESIZE_THROTTLE_MS } from '../../src/shared/constants';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof columnSettingsMachine.getInitialSnapshot>;
const view = (s: unknown) => connectColumnSettings(s as Snapshot, () => undefined);

const code = 'bank';
const base: ColumnBase[] = [
  { field: '#seq', kind: 'seq' },
  { field: 'name', kind: 'text' },
  { field: 'amount', kind: 'amount' },
  { field: '#operation', kind: 'operation' },
];
const defaults = defaultColumns(base);
const saved = (field: string, over: Partial<SavedColumn> = {}): SavedColumn => {
  const d = defaults.find((c) => c.field === field)!;
  return { field, fixed: d.fixed, visible: d.visible, width: d.width, exist: d.exist, type: d.kind, ...over };
};
// The user's saved settings: name first, pinned left and wider; amount hidden.
const custom: LoadedColumns = { customOrder: [saved('name', { fixed: 'left', width: 200 }), saved('#seq'), saved('amount', { visible: false }), saved('#operation')] };
// Saved before the page gained a column: the order no longer fits, the known widths still apply.
const stale: LoadedColumns = { customOrder: [saved('name', { width: 333 }), saved('#seq'), saved('#operation')] };
// Never saved by this user; an administrator took the amount column away for everyone.
const never: LoadedColumns = { customOrder: null, exist: { amount: false } };
const refused = new Error('列设置保存失败');

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.loaded, s.context.error, s.context.unsaved, s.context.draft.length > 0 && !sameColumns(s.context.draft, s.context.columns), sameColumns(s.context.columns, defaults)]);

/** The snapshot before the step being checked (onState runs after the per-state checks). */
let previous: Snapshot | null = null;
const lastSave = (run: { inputs: Record<string, unknown[]> }) => run.inputs.saveColumns?.at(-1) as SaveColumnsInput | undefined;
const outputOf = (step: { event: { type: string } }) => (step.event as unknown as { output?: LoadedColumns }).output;

describeModel(columnSettingsMachine, {
  serializeState: serializeState as never,
  input: { code, columns: base, admin: true },
  events: {
    'COLUMNS.MOVE': [{ field: 'name', by: -1 }, { field: '#seq', by: -1 }],
    'COLUMNS.FIX': [{ field: 'name', fixed: 'left' }],
    'COLUMNS.SHOW': [{ field: 'amount', visible: false }],
    'COLUMNS.WIDTH': [{ field: 'amount', width: 300 }],
    'COLUMNS.EXIST': [{ field: 'amount', exist: false }],
    'COLUMNS.RESIZE': [{ field: 'name', width: 222 }],
  },
  actors: {
    loadColumns: { outputs: [custom, stale, never], errors: [new Error('network down')] },
    saveColumns: { outputs: [null], errors: [refused] },
  },
  onState: (snapshot, step) => {
    previous = snapshot;
    const api = view(snapshot);
    // Every column the page declares is there, once, whatever was loaded or edited.
    expect(api.columns.map((c) => c.field).sort()).toEqual(base.map((c) => c.field).sort());
    expect(api.layout.columnOrder).toEqual(api.columns.map((c) => c.field));
    // The administrator sees the exist tab.
    expect(api.tabs).toEqual(['order', 'fixed', 'hidden', 'width', 'exist']);
    // A dragged edge shows at once, in whatever state it lands.
    if (step.event.type === 'COLUMNS.RESIZE') expect(api.layout.columnSizing.name).toBe(222);
    // What the popover edits is what the table shows while it is open.
    if (api.open) expect(api.columns).toBe(snapshot.context.draft);
  },
  states: {
    loading: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.busy, api.open, api.getTriggerProps().disabled]).toEqual([true, false, true]);
      expect(api.columns).toEqual(defaults);
      expect(run.inputs.loadColumns).toEqual([{ code }]);
    },
    ready: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.open, api.getTriggerProps().disabled, snapshot.context.loaded]).toEqual([false, false, true]);
      const loaded = outputOf(step);
      if (step.event.type === 'xstate.done.actor.0.columnSettings.loading') {
        expect(api.columns).toEqual(mergeColumns(defaults, loaded!.customOrder, loaded!.exist));
        if (loaded === custom) {
          // The saved order and settings apply.
          expect(api.layout.columnOrder).toEqual(['name', '#seq', 'amount', '#operation']);
          expect(api.layout.columnPinning).toEqual({ left: ['name'], right: ['#operation'] });
          expect(api.layout.columnVisibility.amount).toBe(false);
          expect(api.layout.columnSizing.name).toBe(200);
        } else if (loaded === stale) {
          // Widgets §5: a saved order that does not fit falls back to the default order.
          expect(api.layout.columnOrder).toEqual(base.map((c) => c.field));
          expect(api.layout.columnSizing.name).toBe(333);
        } else {
          // The page's flags apply to a user who never saved: the default layout without the amount.
          expect(api.columns).toEqual(defaults.map((c) => (c.field === 'amount' ? { ...c, exist: false } : c)));
          expect(api.layout.columnVisibility.amount).toBe(false);
        }
      }
      // After a save, the table shows exactly what was saved.
      if (step.event.type.startsWith('xstate.done.actor')) {
        if (!loaded) expect(toSettings(api.columns)).toEqual(lastSave(run)!.tableColumns);
        expect(api.error).toBeNull();
      }
      if (step.event.type.startsWith('xstate.error.actor')) expect(api.error).toBe(refused.message);
    },
    fallback: (snapshot, step) => {
      const api = view(snapshot);
      expect([api.open, api.getTriggerProps().disabled, snapshot.context.loaded]).toEqual([false, false, false]);
      // Widgets §8: silently the defaults; a refused width save says why and keeps the widths.
      if (step.event.type === 'xstate.error.actor.0.columnSettings.loading') expect([api.columns, api.error]).toEqual([defaults, null]);
      if (step.event.type.startsWith('xstate.error.actor.') && step.event.type !== 'xstate.error.actor.0.columnSettings.loading') expect(api.error).toBe(refused.message);
      if (step.event.type === 'COLUMNS.CANCEL') expect(api.error).toBeNull();
    },
    editing: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.open, api.saving, api.getPopoverProps().open, api.getSaveProps().disabled]).toEqual([true, false, true, false]);
      const ev = step.event as unknown as { field?: string; width?: number; visible?: boolean; exist?: boolean; fixed?: string };
      const col = (f: string) => api.columns.find((c) => c.field === f)!;
      switch (step.event.type) {
        case 'COLUMNS.OPEN':
          expect(api.columns).toEqual(snapshot.context.columns);
          expect(api.error).toBeNull();
          break;
        case 'COLUMNS.FIX':
          expect(col(ev.field!).fixed).toBe(ev.fixed);
          expect(api.getFixedProps(ev.field!).value).toBe(ev.fixed);
          break;
        case 'COLUMNS.SHOW':
          expect([col(ev.field!).visible, api.layout.columnVisibility[ev.field!]]).toEqual([false, false]);
          break;
        case 'COLUMNS.WIDTH':
          expect(api.getWidthProps(ev.field!).width).toBe(ev.width);
          break;
        case 'COLUMNS.EXIST':
          expect([col(ev.field!).exist, api.getExistProps(ev.field!).checked, api.layout.columnVisibility[ev.field!]]).toEqual([false, false, false]);
          // An administrator still lists the column, to bring it back.
          expect(api.listed.map((c) => c.field)).toContain(ev.field);
          break;
        case 'COLUMNS.RESET':
          // Back to the defaults; whether a column exists is only changed in its own tab.
          expect(api.columns.map(({ exist: _e, ...c }) => c)).toEqual(defaults.map(({ exist: _e, ...c }) => c));
          break;
        case 'COLUMNS.MOVE': {
          // Only a move that can happen is taken: the column swapped places with the one above it.
          const order = previous!.context.draft.map((c) => c.field);
          const at = order.indexOf(ev.field!);
          expect(at).toBeGreaterThan(0);
          [order[at - 1], order[at]] = [order[at]!, order[at - 1]!];
          expect(api.columns.map((c) => c.field)).toEqual(order);
          expect(api.getMoveProps(api.columns[0]!.field, -1).disabled).toBe(true);
          break;
        }
        case 'COLUMNS.RESIZE':
          // A header dragged while the popover is open changes the draft (checked in onState).
          break;
        default:
          // A refused save: the server's msg, and the edits as they were sent.
          expect(step.event.type).toBe('xstate.error.actor.0.columnSettings.saving');
          expect(api.error).toBe(refused.message);
          expect(toSettings(api.columns)).toEqual(lastSave(run)!.tableColumns);
      }
    },
    saving: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.busy, api.open, api.getSaveProps().disabled, api.getMoveProps('name', 1).disabled, api.getCancelProps().disabled]).toEqual([true, true, true, true, true]);
      expect(lastSave(run)).toEqual({ code, tableColumns: toSettings(snapshot.context.draft) });
    },
    resizing: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.open, api.getTriggerProps().disabled]).toEqual([false, true]);
      // The width shows at once; nothing has gone out since the drag started.
      expect(api.layout.columnSizing.name).toBe(222);
      if (step.event.type === 'COLUMNS.RESIZE') expect(lastSave(run)?.tableColumns.find((c) => c.field === 'name')?.width).not.toBe(222);
    },
    savingWidths: (snapshot, step, run) => {
      const api = view(snapshot);
      expect(api.busy).toBe(true);
      // One save per throttle window, with the widths as dragged.
      if (step.event.type.startsWith('xstate.after')) {
        expect(run.clock.now()).toBeGreaterThanOrEqual(RESIZE_THROTTLE_MS);
        expect(lastSave(run)).toEqual({ code, tableColumns: toSettings(snapshot.context.columns) });
      }
      if (step.event.type === 'COLUMNS.RESIZE') expect(snapshot.context.unsaved).toBe(true);
    },
  },
});

describe('column settings for a staff member', () => {
  const start = (load: () => Promise<LoadedColumns>) => {
    const saves: SaveColumnsInput[] = [];
    const actor = createActor(
      columnSettingsMachine.provide({
        actors: {
          loadColumns: fromPromise(load),
          saveColumns: fromPromise<unknown, SaveColumnsInput>(async ({ input }) => void saves.push(input)),
        },
      }),
      { input: { code, columns: base, admin: false } },
    ).start();
    return { actor, saves };
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('has no exist tab, cannot change whether a column exists, and does not list a column that does not exist', async () => {
    const { actor, saves } = start(async () => ({ customOrder: [saved('#seq'), saved('name'), saved('amount', { exist: false }), saved('#operation')] }));
    await settle();
    actor.send({ type: 'COLUMNS.OPEN' });
    let api = view(actor.getSnapshot());
    expect(api.tabs).toEqual(['order', 'fixed', 'hidden', 'width']);
    expect(api.listed.map((c) => c.field)).toEqual(['#seq', 'name', '#operation']);
    expect(api.getExistProps('amount').disabled).toBe(true);
    actor.send({ type: 'COLUMNS.EXIST', field: 'amount', exist: true });
    // Moving the operation column up passes over the column the staff member does not see.
    actor.send({ type: 'COLUMNS.MOVE', field: '#operation', by: -1 });
    api = view(actor.getSnapshot());
    expect(api.columns.map((c) => c.field)).toEqual(['#seq', '#operation', 'name', 'amount']);
    expect(api.columns.find((c) => c.field === 'amount')!.exist).toBe(false);
    actor.send({ type: 'COLUMNS.SAVE' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(saves[0]!.tableColumns.find((c) => c.field === 'amount')!.exist).toBe(false);
  });
});
