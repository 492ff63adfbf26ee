import { expect } from '@jest/globals';
import { operationGuideMachine, type Guide } from '../../src/machines/operation-guide.machine';
import { connectOperationGuide } from '../../src/machines/operation-guide.connect';
import { describeModel } from './support/model';

const STORED: Guide = { id: 4, funcId: 12, descriptionContent: '<p>先选择账户</p>', version: 2 };
const NONE: Guide = { id: null, funcId: 12, descriptionContent: '', version: 0 };
const SAVED: Guide = { id: 4, funcId: 12, descriptionContent: '<p>改过的</p>', version: 3 };

/** What the provided effects did on the current path. */
const effects = { remembered: [] as number[], saved: 0, failed: 0 };
const view = (s: unknown) => connectOperationGuide(s as never, () => undefined);

describeModel(operationGuideMachine, {
  // Editors and readers, with and without "never remind me" stored: the coverage is their union.
  inputs: [
    { funcId: 12, canEdit: true, hintDismissed: false },
    { funcId: 12, canEdit: false, hintDismissed: true },
  ],
  events: { 'CONTENT.CHANGE': [{ html: '<p>改过的</p>' }] },
  actors: {
    loadGuide: { outputs: [STORED, NONE], errors: [new Error('网络错误')] },
    saveGuide: { outputs: [SAVED], errors: [new Error('只有帮助编辑人员可以编辑操作指南')] },
  },
  provide: {
    actions: {
      rememberHintDismissed: (_: unknown, funcId: number) => void effects.remembered.push(funcId),
      notifySaved: () => void (effects.saved += 1),
      notifySaveFailed: () => void (effects.failed += 1),
    },
  },
  onState: (s, step) => {
    if (step.event.type === 'xstate.init') Object.assign(effects, { remembered: [], saved: 0, failed: 0 });
    const api = view(s);
    // The dialog is open exactly when the guide region is; it can be closed from outside only when not editing.
    expect(api.getDialogProps().open).toBe(!s.matches({ guide: 'closed' }));
    expect(api.getDialogProps().closeOnInteractOutside).toBe(!api.editing);
    expect(api.getCloseProps().hidden).toBe(api.editing);
    // Cancel and save exist only in edit mode; the edit button never does then.
    expect(api.getSaveProps().hidden).toBe(!api.editing);
    expect(api.getCancelProps().hidden).toBe(!api.editing);
    if (api.editing) expect(api.getEditProps().hidden).toBe(true);
  },
  states: {
    'guide.closed': (s, step) => {
      expect(view(s).open).toBe(false);
      expect(view(s).getDialogProps()['data-state']).toBe('closed');
      if (step.event.type === 'DIALOG.CLOSE') expect(s.context.draft).toBe(s.context.guide?.descriptionContent ?? '');
    },
    'guide.open.content.loading': (s, step, run) => {
      expect(view(s).busy).toBe(true);
      expect(run.inputs.loadGuide?.at(-1)).toEqual({ funcId: 12 });
      // Each opening reads the guide anew: what another editor saved meanwhile shows.
      expect(s.context.guide).toBeNull();
      if (step.event.type === 'LOAD.RETRY') expect(s.context.error).toBeNull();
    },
    'guide.open.content.loadFailed': (s) => {
      expect(view(s).error).toBe('网络错误');
      expect(view(s).getRetryProps().hidden).toBe(false);
      expect(view(s).getEditProps().hidden).toBe(true);
    },
    'guide.open.content.readOnly': (s, step) => {
      const api = view(s);
      expect(api.state).toBe('readOnly');
      expect(api.html).toBe(s.context.guide!.descriptionContent);
      expect(api.empty).toBe(s.context.guide!.descriptionContent === '');
      // Widgets §6: the edit button for staff type 1 only.
      expect(api.getEditProps().hidden).toBe(!s.context.canEdit);
      // Back from a save: the saved guide, and the generic success message.
      if (step.event.type.startsWith('xstate.done.actor') && s.context.guide === SAVED) expect(effects.saved).toBe(1);
      // Back from a cancel: the typed text is dropped, the stored guide shows.
      if (step.event.type === 'EDIT.CANCEL') expect(s.context.draft).toBe(s.context.guide!.descriptionContent);
    },
    'guide.open.content.editing': (s, step) => {
      const api = view(s);
      expect(api.getEditorProps().value).toBe(s.context.draft);
      expect(api.getEditorProps().disabled).toBe(false);
      if (step.event.type === 'EDIT.START') expect(s.context.draft).toBe(s.context.guide!.descriptionContent);
      if (step.event.type === 'CONTENT.CHANGE') expect(s.context.draft).toBe('<p>改过的</p>');
      // A refused save stays in the editor with everything typed, and says so.
      if (step.event.type.startsWith('xstate.error.actor')) {
        expect(api.error).toBe('只有帮助编辑人员可以编辑操作指南');
        expect(effects.failed).toBe(1);
      }
    },
    'guide.open.content.saving': (s, _step, run) => {
      expect(view(s).getSaveProps().loading).toBe(true);
      expect(view(s).getEditorProps().disabled).toBe(true);
      const guide = s.context.guide!;
      expect(run.inputs.saveGuide?.at(-1)).toEqual({ id: guide.id, funcId: 12, descriptionContent: s.context.draft, version: guide.version });
    },
    'guide.open.size.normal': (s) => {
      expect(view(s).fullScreen).toBe(false);
      expect(view(s).getFullScreenProps()['aria-pressed']).toBe(false);
    },
    'guide.open.size.fullScreen': (s) => {
      expect(view(s).fullScreen).toBe(true);
      expect(view(s).getFullScreenProps()['data-state']).toBe('on');
    },
    'hint.showing': (s) => {
      expect(view(s).hintShown).toBe(true);
      expect(view(s).getHintProps().hidden).toBe(false);
    },
    'hint.hidden': (s) => {
      expect(view(s).hintShown).toBe(false);
      // Hidden for this visit only: nothing stored.
      expect(effects.remembered).toEqual([]);
    },
    'hint.dismissed': (s, step) => {
      expect(view(s).getHintProps()['data-state']).toBe('dismissed');
      expect(view(s).hintShown).toBe(false);
      // Chosen now, it is stored for this function; read from storage at the start, nothing is written.
      if (step.event.type === 'HINT.NEVER') expect(effects.remembered).toEqual([12]);
      if (step.event.type === 'xstate.init') expect(s.context.hintDismissed).toBe(true);
    },
  },
});

