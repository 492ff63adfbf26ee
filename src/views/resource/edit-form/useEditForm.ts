import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { sectionsOf, type ResourceDef } from '../../../resources/define';
import type { ResourceView } from '../../../resources/pages';
import { recordFormMachine, type FieldValue, type FormMode, type StoredRecord } from '../../../machines/record-form.machine';
import { connectRecordForm } from '../../../machines/record-form.connect';
import { saveSubmitMachine, type FlowMode } from '../../../machines/save-submit.machine';
import { connectSaveSubmit } from '../../../machines/save-submit.connect';
import { autosaveActive, autosaveMachine, type StoredDraft } from '../../../machines/autosave.machine';
import { connectAutosave } from '../../../machines/autosave.connect';
import { resourceApi, type ResourceRow } from '../../../services/api/resources';
import { clearDraft, loadDraft, saveDraft } from '../../../services/draft';
import { dictionaryOptions } from '../../../services/dictionaries';
import { bodyOf, initialValues, validateValues, valuesOf, type FieldProblem } from '../../../services/resource-form';
import { useI18n } from '../../../services/i18n/react';
import { inspect } from '../../../services/inspector';
import type { Display } from '../../../shared/function-display';
import { useFieldConfig } from '../../../widgets/field-config';

/** A part of the form that saves with it: an embedded page (issue 11 point 2). */
export interface FormParticipant {
  name: string;
  /** null when fine, else the localised failure. */
  validate(mode: FlowMode): Promise<string | null>;
  save(mode: FlowMode): Promise<string | null>;
  /** A check of the before-save step (the attachments' required types): null when fine, else the localised failure. */
  beforeSave?(): Promise<string | null>;
  /** Fields it adds to an add call's body (the attachments' draft orderNo). */
  addBody?(): Record<string, unknown>;
}

/** Which contract call a flow is, by form mode. */
const CALL_OF: Record<'add' | 'edit', Record<FlowMode, string>> = {
  add: { save: 'add', submit: 'saveAndSubmit' },
  edit: { save: 'update', submit: 'updateAndSubmit' },
};

/**
 * A form's draft key (widgets §4: the component code): the resource (its page, for a page with
 * hidden params: a draft of an account grant never opens on the currency page), and the record
 * when editing.
 */
export const draftCodeOf = (def: ResourceDef, mode: FormMode, id?: number, view?: ResourceView) => {
  const code = view?.code ?? def.code;
  return mode === 'add' ? `${code}:add` : `${code}:${id}`;
};

/**
 * The save flow's own calls report a failure once, in the form's alert (its failed step and the
 * server's message), so the request layer does not toast it as well. A 401 still asks for the
 * session and a 412 still asks its question: those are not failures of the form's.
 */
const SAID_BY_THE_FORM = { noErrorTip: true } as const;

const asStored = (row: ResourceRow | null) => row as unknown as StoredRecord | null;

/**
 * The form's problems as the form check's failure says them: how many, and the first three in
 * the form's order (the first is where a failed save puts the focus); null when none is left.
 */
function problemSummary(def: ResourceDef, errors: Record<string, unknown>, t: ReturnType<typeof useI18n>['t'], lang: ReturnType<typeof useI18n>['lang']): string | null {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  const order = sectionsOf(def).flatMap((section) => section.fields);
  const place = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const first = Object.entries(errors)
    .sort(([a], [b]) => place(a) - place(b))
    .slice(0, 3)
    .map(([field, e]) => `${def.fields[field]?.label[lang] ?? field} ${t((e as FieldProblem).key, (e as FieldProblem).params)}`);
  return t('form.flow.formInvalid', { count, problems: first.join(t('form.flow.separator')) });
}

/**
 * The record form actor of an edit form: created once per form, it reads the record (edit,
 * view, approval) and holds the values. The flow and autosave actors join it once it is
 * editing (useEditFlow), because autosave needs the stored version and values to start from.
 */
export function useRecordForm(def: ResourceDef, mode: FormMode, id?: number, view?: ResourceView) {
  const api = useMemo(() => resourceApi(def), [def]);
  const logic = useMemo(() => recordFormMachine.provide({ actors: { loadRecord: fromPromise(({ input }: { input: { id: number } }) => api.byId(input.id) as Promise<StoredRecord>) } }), [api]);
  return useActorRef(logic, {
    input: {
      mode,
      id,
      // A page's hidden params are where its add form starts, and stay fixed.
      initial: { ...initialValues(def), ...view?.hidden },
      fixed: Object.keys(view?.hidden ?? {}),
      valuesOf: (r: StoredRecord) => valuesOf(def, r),
      validate: (values: Record<string, FieldValue>, record: StoredRecord | null) => validateValues(def, values, record ?? undefined),
      immutable: Object.entries(def.fields).flatMap(([name, f]) => (f.immutable ? [name] : [])),
    },
    inspect,
  });
}

export type RecordFormRef = ActorRefFrom<typeof recordFormMachine>;

/**
 * The save-or-submit flow (issue 11 point 3) and the autosave drafts (point 4) of a form that is
 * editing, bound to its record form. The flow's steps are this form's: the embedded pages'
 * checks, the before-save check (a unique value another record took, asked of the server), the
 * form's own rules, the embedded pages' saves, then the resource's call. On success the draft
 * is removed and autosave stops; `onDone` gets the saved record.
 */
export function useEditFlow(def: ResourceDef, formRef: RecordFormRef, options: { onDone: (row: ResourceRow | null, flow: FlowMode) => void; onClose: () => void; approvalField?: string | null; view?: ResourceView; display?: Display }) {
  const { t, lang } = useI18n();
  const api = useMemo(() => resourceApi(def), [def]);
  const summaryOf = (errors: Record<string, unknown>) => problemSummary(def, errors, t, lang);
  const participants = useRef(new Map<string, FormParticipant>());
  const onDoneRef = useRef(options.onDone);
  onDoneRef.current = options.onDone;
  const start = formRef.getSnapshot().context;
  const draftCode = draftCodeOf(def, start.mode, start.id, options.view);
  const autosaveRef = useRef<{ send: (e: { type: 'AUTOSAVE.STOP' }) => void } | null>(null);

  const flowLogic = useMemo(() => {
    const ask = async (step: (p: FormParticipant) => Promise<string | null>) => (await Promise.all([...participants.current.values()].map(step))).filter((m): m is string => !!m);
    return saveSubmitMachine.provide({
      actors: {
        validateEmbedded: fromPromise(({ input }: { input: { mode: FlowMode } }) => ask((p) => p.validate(input.mode))),
        beforeSave: fromPromise(async () => {
          const { values, record } = formRef.getSnapshot().context;
          for (const [field, f] of Object.entries(def.fields)) {
            const value = String(values[field] ?? '').trim();
            if (!f.unique || !value) continue;
            const { repeat } = (await api.run('checkRepeat', { field, value, ...(record ? { id: record.id } : {}) }, SAID_BY_THE_FORM)) as unknown as { repeat: boolean };
            if (repeat) {
              // A dictionary value is said as the list shows it (待办任务, not todo).
              const shown = f.type === 'dict' && f.dict ? ((await dictionaryOptions(f.dict, lang, { retryFailed: true }).catch(() => [])).find((o) => o.value === value)?.text ?? value) : value;
              // Said on the field too, so the keyboard is taken there (EditFormView) and hears why.
              formRef.send({ type: 'FORM.PROBLEMS', errors: { [field]: { key: 'form.flow.taken', params: { value: shown } } } });
              return t('form.flow.repeat', { field: f.label[lang], value: shown });
            }
          }
          for (const p of participants.current.values()) {
            const failure = (await p.beforeSave?.()) ?? null;
            if (failure) return failure;
          }
          return null;
        }),
        validateForm: fromPromise(async () => {
          formRef.send({ type: 'FORM.VALIDATE' });
          const summary = summaryOf(formRef.getSnapshot().context.errors);
          return summary ? [summary] : [];
        }),
        saveEmbedded: fromPromise(({ input }: { input: { mode: FlowMode } }) => ask((p) => p.save(input.mode))),
        commit: fromPromise<unknown, { mode: FlowMode }>(async ({ input }) => {
          const { values, record, mode } = formRef.getSnapshot().context;
          if (mode !== 'add' && mode !== 'edit') throw new Error('read-only form');
          const extra = mode === 'add' ? Object.assign({}, ...[...participants.current.values()].map((p) => p.addBody?.() ?? {})) : {};
          const saved = asStored(await api.run(CALL_OF[mode][input.mode], { ...bodyOf(def, values, record ?? undefined), ...extra }, SAID_BY_THE_FORM));
          formRef.send({ type: 'FORM.SAVED', record: saved });
          savedRef.current = saved as unknown as ResourceRow | null;
          return saved;
        }),
      },
      actions: {
        removeDraft: () => clearDraft(draftCode),
        stopAutosave: () => autosaveRef.current?.send({ type: 'AUTOSAVE.STOP' }),
      },
    });
  }, [api, def, formRef, draftCode, t, lang]);
  const flowRef = useActorRef(flowLogic, { inspect });
  // The page hears of the save once the flow is done (draft removed, autosave stopped): it may
  // close the form, which stops these actors.
  const savedRef = useRef<ResourceRow | null>(null);
  useEffect(() => {
    const subscription = flowRef.subscribe((s) => {
      if (s.status === 'done') onDoneRef.current(savedRef.current, s.context.mode ?? 'save');
    });
    return () => subscription.unsubscribe();
  }, [flowRef]);

  const sensitive = Object.entries(def.fields).flatMap(([name, f]) => (f.sensitive ? [name] : []));
  const autosaveLogic = useMemo(
    () =>
      autosaveMachine.provide({
        actors: {
          loadDraft: fromPromise<StoredDraft | null, Record<string, never>>(async () => {
            const draft = loadDraft<Record<string, FieldValue>>(draftCode);
            return draft ? { values: draft.values as Record<string, unknown>, version: draft.version, savedAt: draft.savedAt } : null;
          }),
        },
        actions: {
          storeDraft: (_, draft) => void saveDraft(draftCode, draft.values, { version: draft.version }),
          applyDraft: (_, { values }) => formRef.send({ type: 'FORM.APPLY', values: values as Record<string, FieldValue> }),
          clearDraft: () => clearDraft(draftCode),
        },
      }),
    [draftCode, formRef],
  );
  const autosave = useActorRef(autosaveLogic, {
    input: {
      mode: start.mode,
      disabled: def.form?.autosave?.add === false,
      enabled: def.form?.autosave?.edit === true,
      recordVersion: start.record?.version ?? null,
      values: start.values,
      sensitive,
    },
    inspect,
  });
  autosaveRef.current = autosave;

  // Approval mode (point 5): the config named by the route's approvalField opens fields and
  // sets or clears values; no config code (any other mode): nothing to check.
  const fieldConfig = useFieldConfig({
    code: start.mode === 'approval' ? (options.approvalField ?? def.code) : null,
    onApply: (effect) => {
      formRef.send({ type: 'FIELDS.ENABLE', fields: effect.enabled });
      formRef.send({ type: 'FORM.APPLY', values: { ...Object.fromEntries(effect.cleared.map((f) => [f, ''])), ...effect.values } });
    },
  });

  const flowSnapshot = useSelector(flowRef, (s) => s);
  const formSnapshot = useSelector(formRef, (s) => s);
  const autosaveSnapshot = useSelector(autosave, (s) => s);
  const flow = connectSaveSubmit(flowSnapshot, flowRef.send);
  const form = connectRecordForm(formSnapshot, (event) => {
    formRef.send(event);
    if (event.type === 'FIELD.CHANGE') autosave.send({ type: 'FORM.CHANGED', values: formRef.getSnapshot().context.values });
  }, { reviewed: def.lifecycle === 'review', flow, onClose: options.onClose, display: options.display });
  // The form check's failure is said from the problems still there, so it shrinks as they are
  // put right and goes with the last (the flow's own message is what they were at the save).
  const failure = flow.failedStep === 'formValidation' ? summaryOf(formSnapshot.context.errors) : flow.message;
  return {
    form,
    flow,
    /** The last run's failed step and what to say, or null: none, or a form check whose problems are all put right. */
    failure: flow.failedStep && failure !== null ? { step: flow.failedStep, message: failure } : null,
    fieldConfig,
    autosave: autosaveActive({ mode: start.mode, disabled: def.form?.autosave?.add === false, enabled: def.form?.autosave?.edit === true }) ? connectAutosave(autosaveSnapshot, autosave.send) : null,
    /** Embedded pages join the flow here; the returned function leaves it. */
    register: (p: FormParticipant) => {
      participants.current.set(p.name, p);
      return () => void participants.current.delete(p.name);
    },
  };
}

export type EditFlow = ReturnType<typeof useEditFlow>;
