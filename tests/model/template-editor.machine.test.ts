import { expect } from '@jest/globals';
import { NEW_TEMPLATE, templateEditorMachine, type TemplateDraft, type TemplateEditorInput } from '../../src/machines/template-editor.machine';
import { connectTemplateEditor } from '../../src/machines/template-editor.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof templateEditorMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectTemplateEditor(s, () => undefined);

const good = JSON.stringify([{ name: 'memo', text: '备注', type: 'text' }]);
const stored: TemplateDraft = { values: { code: 'loan', name: '贷款', nameEn: 'Loan', fields: good }, id: 7, version: 3 };
const inputs: TemplateEditorInput[] = [{ id: null }, { id: 7 }];
const refusal = { message: '模板代码 loan 已存在', problems: [] };
const unread = new Error('网络不可用');

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.id, s.context.version, s.context.values, s.context.problems.map((p) => p.key), Object.keys(s.context.missing), s.context.failure]);

/**
 * Issue 11 point 7: the template editor checks the field list as it is typed, saves only a
 * valid template with its code and name, keeps everything typed on a refusal, and ends with
 * what the server answered. A stored template is read first; a read that fails is retried.
 */
describeModel(templateEditorMachine, {
  inputs,
  serializeState: serializeState as never,
  events: {
    'FIELD.CHANGE': [
      { field: 'code', value: 'loan' },
      { field: 'name', value: '贷款' },
      { field: 'fields', value: good },
      { field: 'fields', value: '[{' },
    ],
    'FORM.SAVE': [{}],
    RETRY: [{}],
  },
  actors: {
    loadTemplate: { outputs: [stored], errors: [unread] },
    saveTemplate: { outputs: [{ id: 1, code: 'loan' }], errors: [refusal] },
  },
  onState: (snapshot) => {
    // Until a stored template is read, nothing can be typed over the new template's blanks.
    if (!view(snapshot).open) expect(view(snapshot).getInputProps('name').readOnly).toBe(true);
  },
  states: {
    loading: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.state, api.loading, api.open, api.failure]).toEqual(['loading', true, false, null]);
      expect(run.inputs.loadTemplate?.at(-1)).toEqual({ id: 7 });
      // Nothing to save yet; cancel stays live.
      expect([api.getSaveProps()['aria-disabled'], api.getSaveProps().busy, api.getCancelProps(() => undefined)['aria-disabled']]).toEqual([true, false, undefined]);
    },
    loadFailed: (snapshot) => {
      const api = view(snapshot);
      expect([api.loadFailed, api.open, api.failure, api.getRetryProps()['data-part']]).toEqual([true, false, unread.message, 'retry']);
      expect(api.getSaveProps()['aria-disabled']).toBe(true);
    },
    editing: (snapshot, step) => {
      const api = view(snapshot);
      const isNew = snapshot.context.id === null;
      expect([api.state, api.busy, api.open, api.isNew]).toEqual(['editing', false, true, isNew]);
      // The code is the stored template's key: locked once stored.
      expect(api.getInputProps('code').readOnly).toBe(!isNew);
      // Read: the stored template's values, at its version, checked.
      if (step.event.type.startsWith('xstate.done.actor')) expect([snapshot.context.values, snapshot.context.version, api.valid]).toEqual([stored.values, 3, true]);
      if (isNew && step.event.type.startsWith('xstate.init')) expect(snapshot.context.values).toEqual(NEW_TEMPLATE);
      // The check follows the typing: '[{' is not JSON, the others hold.
      expect(api.valid).toBe(snapshot.context.values.fields !== '[{');
      if (snapshot.context.values.fields === '[{') expect(api.problems[0]?.key).toBe('dynamic.template.json');
      if (step.event.type === 'FORM.SAVE') expect(Object.keys(api.missing).length + snapshot.context.problems.length).toBeGreaterThan(0);
      if (step.event.type.startsWith('xstate.error.actor')) {
        expect(api.failure).toBe(refusal.message);
        expect(snapshot.context.values).toMatchObject({ code: 'loan', name: '贷款' });
      }
    },
    saving: (snapshot, _step, run) => {
      // Busy, not disabled: Save keeps the focus with the spinner; cancel and the others wait.
      const api = view(snapshot);
      const save = api.getSaveProps();
      expect([save.busy, save['aria-disabled'], 'disabled' in save, api.getAsideProps(() => undefined)['aria-disabled'], api.getCancelProps(() => undefined)['aria-disabled']]).toEqual([true, true, false, true, true]);
      // A stored template is saved at the version it was read at.
      expect(run.inputs.saveTemplate?.at(-1)).toEqual({ values: snapshot.context.values, id: snapshot.context.id, version: snapshot.context.id === null ? null : 3 });
    },
    done: (snapshot) => {
      expect(snapshot.output).toEqual({ id: 1, code: 'loan' });
      expect([view(snapshot).getSaveProps()['aria-disabled'], view(snapshot).getSaveProps().busy]).toEqual([true, false]);
    },
  },
});
