import { expect } from '@jest/globals';
import { grantDialogMachine } from '../../src/machines/grant-dialog.machine';
import { connectGrantDialog } from '../../src/machines/grant-dialog.connect';
import { describeModel } from './support/model';

const view = (s: unknown) => connectGrantDialog<{ id: number }>(s as never, () => undefined);
const ITEMS = [{ id: 1 }, { id: 2 }];

describeModel(grantDialogMachine, {
  events: {
    'SELECTION.TOGGLE': [{ id: 1 }],
    'SELECTION.SET': [{ ids: [2, 1, 2] }],
  },
  actors: {
    loadGrants: { outputs: [{ items: ITEMS, selected: [2] }], errors: [new Error('网络错误')] },
    saveGrants: { outputs: [null], errors: [new Error('岗位 9 不存在或已作废')] },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.selected, s.context.error !== null]),
  states: {
    closed: (s) => {
      const v = view(s);
      expect([v.open, v.getDialogProps().open]).toEqual([false, false]);
    },
    loading: (s) => {
      const v = view(s);
      expect([v.open, v.loading, v.busy, v.getSaveProps()['aria-disabled'], v.getSaveProps().busy]).toEqual([true, true, true, true, false]);
    },
    loadFailed: (s) => {
      const v = view(s);
      expect([v.loadFailed, v.error]).toEqual([true, '网络错误']);
    },
    editing: (s) => {
      const v = view(s);
      expect(v.items).toEqual(ITEMS);
      expect([v.getSaveProps()['aria-disabled'], v.getSaveProps().busy]).toEqual([undefined, false]);
      // The tree and the checkboxes show the same choice, ids as the tree names them.
      expect(v.getTreeProps().checkedValue).toEqual(s.context.selected.map(String));
      expect(v.getItemProps(1).checked).toBe(v.isSelected(1));
      expect([...s.context.selected]).toEqual([...new Set(s.context.selected)].sort((a, b) => a - b));
    },
    saving: (s, _step, run) => {
      // Busy, not disabled: Save keeps the focus and shows the spinner; Close waits.
      expect([view(s).getSaveProps().busy, view(s).getSaveProps()['aria-disabled'], view(s).getCloseProps()['aria-disabled']]).toEqual([true, true, true]);
      expect('disabled' in view(s).getSaveProps()).toBe(false);
      expect(run.inputs.saveGrants?.at(-1)).toEqual({ selected: s.context.selected });
      expect(s.context.selected).not.toEqual(s.context.initial);
    },
  },
});
