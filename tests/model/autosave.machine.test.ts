import { expect } from '@jest/globals';
import { AUTOSAVE_NOTICE_TICK } from '../../src/shared/constants';
import { autosaveMachine, type AutosaveInput, type DraftValues, type StoredDraft } from '../../src/machines/autosave.machine';
import { connectAutosave } from '../../src/machines/autosave.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof autosaveMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectAutosave(s, () => undefined);

const server = { name: '美元', rate: '7.10' };
const typed = { name: '欧元', rate: '7.80', password: '不该存下' };
const newDraft: StoredDraft = { values: { name: '英镑' }, version: null };
const freshDraft: StoredDraft = { values: { name: '日元', rate: '0.05' }, version: 4 };
const staleDraft: StoredDraft = { values: { name: '港币', rate: '0.91' }, version: 3 };
const base = { values: server, sensitive: ['password'] };
const inputs: AutosaveInput[] = [
  { mode: 'add', recordVersion: null, ...base, values: {} },
  { mode: 'add', disabled: true, recordVersion: null, ...base },
  { mode: 'edit', enabled: true, recordVersion: 4, ...base },
  { mode: 'edit', recordVersion: 4, ...base },
  { mode: 'view', enabled: true, recordVersion: 4, ...base },
];

const effects = { stored: [] as StoredDraft[], applied: [] as DraftValues[], cleared: 0, dirtyBefore: false, storedBefore: 0, appliedBefore: 0, restoredBefore: false };

// Ticks matter only up to the notice; a longer count is the same state for the walk.
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.mode, s.context.disabled, s.context.enabled, s.context.dirty, Math.min(s.context.ticks, AUTOSAVE_NOTICE_TICK), s.context.values, s.context.draft]);

const isTick = (type: string) => type.startsWith('xstate.after');

/**
 * Issue 11 point 4: autosave walked for add, add with autosave off, edit with it on, edit
 * without it and view. A draft found on open is restored at once with a notice, and discarding
 * it puts back what the form opened with; one written against an older version of the record
 * is a conflict shown side by side and applied only when the user says so; a
 * tick stores what changed (never a sensitive field), and "auto-saved" shows from the 10th tick.
 */
describeModel(autosaveMachine, {
  inputs,
  serializeState: serializeState as never,
  events: {
    'FORM.CHANGED': [{ values: typed }],
    'DRAFT.RESTORE': [{}],
    'DRAFT.DISCARD': [{}],
    'DRAFT.DISMISS': [{}],
  },
  actors: {
    loadDraft: { outputs: [null, newDraft, freshDraft, staleDraft] },
  },
  provide: {
    actions: {
      storeDraft: (_: unknown, draft: StoredDraft) => void effects.stored.push(draft),
      applyDraft: (_: unknown, p: { values: DraftValues }) => void effects.applied.push(p.values),
      clearDraft: () => void (effects.cleared += 1),
    },
  },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') Object.assign(effects, { stored: [], applied: [], cleared: 0, dirtyBefore: false, storedBefore: 0, appliedBefore: 0, restoredBefore: false });
    const api = view(snapshot);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.state });
    // A tick stores exactly when something changed since the last store, and only the
    // non-sensitive values, against the record version the form holds.
    const storedNow = effects.stored.length - effects.storedBefore;
    expect(storedNow).toBe(isTick(step.event.type) && effects.dirtyBefore ? 1 : 0);
    // What is stored is what the form holds now, less the sensitive fields.
    if (storedNow === 1) expect(effects.stored.at(-1)!.values).toEqual(Object.fromEntries(Object.entries(snapshot.context.values).filter(([f]) => f !== 'password')));
    for (const draft of effects.stored) {
      expect(draft.values).not.toHaveProperty('password');
      expect(draft.version).toBe(snapshot.context.recordVersion);
    }
    // The form is given values only when a draft is restored on open, chosen in a conflict, or
    // discarded after its restore (the opening values go back).
    const restoredOnOpen = step.event.type.startsWith('xstate.done.actor') && snapshot.value === 'restored';
    const discardedRestore = step.event.type === 'DRAFT.DISCARD' && effects.restoredBefore;
    expect(effects.applied.length - effects.appliedBefore).toBe(step.event.type === 'DRAFT.RESTORE' || restoredOnOpen || discardedRestore ? 1 : 0);
    if (discardedRestore) expect(effects.applied.at(-1)).toEqual(snapshot.context.serverValues);
    effects.restoredBefore = snapshot.value === 'restored';
    effects.appliedBefore = effects.applied.length;
    effects.dirtyBefore = snapshot.context.dirty;
    effects.storedBefore = effects.stored.length;
    expect(api.getStatusProps().hidden).toBe(!api.autoSaved);
  },
  states: {
    off: (snapshot) => {
      const api = view(snapshot);
      expect(api.active).toBe(false);
      expect(snapshot.status).toBe('done');
      // Add with autosave off, edit without it, view: never on.
      const { mode, disabled, enabled } = snapshot.context;
      expect((mode === 'add' && disabled) || (mode === 'edit' && !enabled) || mode === 'view').toBe(true);
    },
    loading: (snapshot) => {
      const api = view(snapshot);
      expect(api.active).toBe(true);
      expect(api.offered).toBe(false);
    },
    restored: (snapshot) => {
      const api = view(snapshot);
      expect(api.getNoticeProps()).toMatchObject({ 'data-part': 'notice', 'data-state': 'restored', hidden: false });
      expect([api.getDismissProps().disabled, api.getDiscardProps().disabled, api.getRestoreProps().disabled]).toEqual([false, false, true]);
      // Restored at once: the form holds the draft's values, and they are owed to storage.
      expect(snapshot.context.values).toMatchObject(snapshot.context.draft!.values);
      expect(effects.applied.at(-1)).toEqual(snapshot.context.draft!.values);
      expect(api.conflict).toBeNull();
      expect(effects.cleared).toBe(0);
    },
    conflict: (snapshot) => {
      const api = view(snapshot);
      expect(api.getNoticeProps()).toMatchObject({ 'data-state': 'conflict', hidden: false });
      // Both sides, side by side: the draft's and the server's.
      expect(api.conflict).toEqual({ draft: staleDraft.values, server, draftVersion: 3, recordVersion: 4, changed: ['name', 'rate'] });
      expect(api.getRestoreProps().disabled).toBe(false);
      // Offered, never applied on its own.
      expect(snapshot.context.values.name).not.toBe(staleDraft.values.name);
    },
    'watching.pristine': (snapshot, step) => {
      const api = view(snapshot);
      expect(api.state).toBe('pristine');
      expect(api.getNoticeProps().hidden).toBe(true);
      expect(effects.stored).toEqual([]);
      if (step.event.type === 'DRAFT.DISCARD') {
        expect(effects.cleared).toBe(1);
        // What the form opened with is back.
        expect(snapshot.context.values).toEqual(snapshot.context.serverValues);
      }
    },
    'watching.counting': (snapshot, step) => {
      const api = view(snapshot);
      expect(api.autoSaved).toBe(false);
      expect(snapshot.context.ticks).toBeLessThan(AUTOSAVE_NOTICE_TICK);
      if (step.event.type === 'DRAFT.RESTORE') {
        // The user chose the draft: its values go to the form, on top of what it held.
        expect(effects.applied).toEqual([expect.objectContaining({ name: expect.any(String) })]);
        expect(snapshot.context.values).toMatchObject(effects.applied[0]!);
      }
      if (step.event.type === 'DRAFT.DISCARD') expect(effects.cleared).toBe(1);
      if (isTick(step.event.type)) expect(snapshot.context.dirty).toBe(false);
    },
    'watching.autoSaved': (snapshot) => {
      const api = view(snapshot);
      expect(api.autoSaved).toBe(true);
      expect(api.getStatusProps()).toMatchObject({ 'data-part': 'status', 'data-state': 'autoSaved', hidden: false });
      expect(snapshot.context.ticks).toBeGreaterThanOrEqual(AUTOSAVE_NOTICE_TICK);
      expect(effects.stored.length).toBeGreaterThan(0);
    },
    stopped: (snapshot) => {
      expect(view(snapshot).active).toBe(false);
      expect(snapshot.status).toBe('done');
    },
  },
});
