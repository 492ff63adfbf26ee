import { expect } from '@jest/globals';
import { templateEditorMachine, type TemplateEditorInput } from '../../src/machines/template-editor.machine';
import { connectTemplateEditor } from '../../src/machines/template-editor.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof templateEditorMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectTemplateEditor(s, () => undefined);

const good = JSON.stringify([{ name: 'memo', text: '备注', type: 'text' }]);
const input: TemplateEditorInput = { values: { code: '', name: '', nameEn: '', fields: '[]' }, id: null, version: null };
const refusal = { message: '模板代码 loan 已存在', problems: [] };

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.values, s.context.problems.map((p) => p.key), Object.keys(s.context.missing), s.context.failure]);

/**
 * Issue 11 point 7: the template editor checks the field list as it is typed, saves only a
 * valid template with its code and name, keeps everything typed on a refusal, and ends with
 * what the server answered.
 */
describeModel(templateEditorMachine, {
  input,
  serializeState: serializeState as never,
  events: {
    'FIELD.CHANGE': [
      { field: 'code', value: 'loan' },
      { field: 'name', value: '贷款' },
      { field: 'fields', value: good },
      { field: 'fields', value: '[{' },
    ],
    'FORM.SAVE': [{}],
  },
  actors: { saveTemplate: { outputs: [{ id: 1, code: 'loan' }], errors: [refusal] } },
  states: {
    editing: (snapshot, step) => {
      const api = view(snapshot);
      expect([api.state, api.busy, api.isNew]).toEqual(['editing', false, true]);
      expect(api.getInputProps('code').readOnly).toBe(false);
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
      const save = view(snapshot).getSaveProps();
      expect([save.busy, save['aria-disabled'], 'disabled' in save, view(snapshot).getAsideProps(() => undefined)['aria-disabled']]).toEqual([true, true, false, true]);
      expect(run.inputs.saveTemplate?.at(-1)).toEqual({ values: snapshot.context.values, id: null, version: null });
    },
    done: (snapshot) => {
      expect(snapshot.output).toEqual({ id: 1, code: 'loan' });
      expect([view(snapshot).getSaveProps()['aria-disabled'], view(snapshot).getSaveProps().busy]).toEqual([true, false]);
    },
  },
});
