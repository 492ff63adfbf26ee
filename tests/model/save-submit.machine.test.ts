import { expect } from '@jest/globals';
import { saveSubmitMachine, type FlowStep } from '../../src/machines/save-submit.machine';
import { connectSaveSubmit } from '../../src/machines/save-submit.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof saveSubmitMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectSaveSubmit(s, () => undefined);

/** What each failing answer of a step shows (widgets §8: the embedded pages' failures joined by commas). */
const shown: Record<FlowStep, string[]> = {
  embeddedValidation: ['附件页未填写,合同页缺少金额', 'model: validateEmbedded failed'],
  beforeSave: ['余额不足，不能保存', 'model: beforeSave failed'],
  formValidation: ['名称必填', 'model: validateForm failed'],
  embeddedSave: ['附件页保存失败', 'model: saveEmbedded failed'],
  commit: ['服务器错误：该记录已被他人修改'],
};

const effects = { removed: 0, stopped: 0 };
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.mode, s.context.failedStep, s.context.message]);
const order = ['validatingEmbedded', 'checkingBeforeSave', 'validatingForm', 'savingEmbedded', 'committing'];

/**
 * Issue 11 point 3: the save-or-submit flow walked through every step, each step's failure
 * and its success. A failure names the step and its message and lets the user try again; a
 * success removes the draft and stops autosave, exactly once.
 */
describeModel(saveSubmitMachine, {
  serializeState: serializeState as never,
  actors: {
    validateEmbedded: { outputs: [[], ['附件页未填写', '合同页缺少金额']] },
    beforeSave: { outputs: [null, '余额不足，不能保存'] },
    validateForm: { outputs: [[], ['名称必填']] },
    saveEmbedded: { outputs: [[], ['附件页保存失败']] },
    commit: { outputs: [{ id: 7 }], errors: [new Error('服务器错误：该记录已被他人修改')] },
  },
  provide: {
    actions: {
      removeDraft: () => void (effects.removed += 1),
      stopAutosave: () => void (effects.stopped += 1),
    },
  },
  onState: (snapshot, step, run) => {
    if (step.event.type === 'xstate.init') Object.assign(effects, { removed: 0, stopped: 0 });
    const api = view(snapshot);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.state });
    // The draft stays until the whole flow has succeeded.
    if (snapshot.value !== 'done') expect(effects).toEqual({ removed: 0, stopped: 0 });
    // Every step runs with the mode the user chose, and only after the steps before it.
    const index = order.indexOf(String(snapshot.value));
    if (index >= 0) {
      for (const src of ['validateEmbedded', 'beforeSave', 'validateForm', 'saveEmbedded', 'commit'].slice(0, index + 1)) {
        expect(run.inputs[src]?.at(-1)).toEqual({ mode: snapshot.context.mode });
      }
    }
  },
  states: {
    idle: (snapshot, step) => {
      const api = view(snapshot);
      expect(api.running).toBe(false);
      expect(api.getSaveProps()).toMatchObject({ 'data-part': 'save', 'aria-disabled': undefined });
      expect(api.getSubmitProps()).toMatchObject({ 'data-part': 'submit', 'aria-disabled': undefined });
      if (step.event.type === 'xstate.init') {
        expect([api.failedStep, api.message]).toEqual([null, null]);
      } else {
        // Back from a failure: the step is named with its message.
        expect(api.failedStep).not.toBeNull();
        expect(shown[api.failedStep!]).toContain(api.message);
        expect(api.getRootProps()['data-failed-step']).toBe(api.failedStep);
      }
    },
    validatingEmbedded: (snapshot) => {
      const api = view(snapshot);
      // A new run forgets the last failure.
      expect([api.failedStep, api.message]).toEqual([null, null]);
      expect(api.running).toBe(true);
    },
    checkingBeforeSave: (snapshot) => expect(view(snapshot).running).toBe(true),
    validatingForm: (snapshot) => expect(view(snapshot).running).toBe(true),
    savingEmbedded: (snapshot) => expect(view(snapshot).running).toBe(true),
    committing: (snapshot) => {
      const api = view(snapshot);
      // Busy, not disabled: the button pressed keeps the keyboard's focus.
      expect([api.getSaveProps()['aria-disabled'], api.getSubmitProps()['aria-disabled'], 'disabled' in api.getSaveProps()]).toEqual([true, true, false]);
      const chosen = api.mode === 'save' ? api.getSaveProps() : api.getSubmitProps();
      expect([chosen['data-state'], chosen.busy]).toEqual(['busy', true]);
    },
    done: (snapshot) => {
      const api = view(snapshot);
      expect(api.done).toBe(true);
      expect(snapshot.status).toBe('done');
      expect(effects).toEqual({ removed: 1, stopped: 1 });
      expect([api.failedStep, api.message]).toEqual([null, null]);
      expect(api.getSaveProps()['aria-disabled']).toBe(true);
    },
  },
});
