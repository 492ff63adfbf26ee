import { useMemo, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { dynamicFormMachine, type FormMode, type FormSource, type SaveFormInput, type SaveRefusal, type SavedForm } from '../../machines/dynamic-form.machine';
import { contract } from '../../shared/contract';
import { call } from '../../services/http/call';
import { ApiError } from '../../services/http/client';
import { inspect } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';

export type DynamicFormActor = ActorRefFrom<typeof dynamicFormMachine>;

export interface DynamicFormCalls {
  /** The server's JSON text of {template, templateData, …} (widgets §7). */
  loadForm: (source: FormSource) => Promise<string | null>;
  saveForm: (input: SaveFormInput) => Promise<SavedForm>;
}

/** A refused call as the machine keeps it: the message, and the fields' problems of a 1802. */
function refusal(error: unknown): SaveRefusal {
  if (error instanceof ApiError) {
    const errors = (error.data as { errors?: SaveRefusal['errors'] } | null)?.errors;
    return { message: error.message, ...(Array.isArray(errors) ? { errors } : {}) };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The element-info calls of contract.expandElement: get by code or page info, save or update. */
export const serverDynamicForm: DynamicFormCalls = {
  loadForm: (source) => (source.kind === 'new' ? call(contract.expandElement.byCode, { code: source.code }) : call(contract.expandElement.pageInfo, { id: source.id })),
  saveForm: async ({ templateCode, id, version, templateData }) => {
    try {
      if (id === null || version === null) return await call(contract.expandElement.save, { templateCode, templateData });
      return await call(contract.expandElement.update, { id, version, templateData });
    } catch (error) {
      throw refusal(error);
    }
  },
};

/**
 * Starts a dynamic form's machine (src/machines/dynamic-form.machine.ts) for a new form from a
 * template (`{kind: 'new', code}`) or a saved one (`{kind: 'existing', id}`), with the server's
 * calls unless others are given. Send `FORM.LOAD` to switch to another. `onSaved` hears each save.
 */
export function useDynamicForm(options: { source: FormSource; mode: FormMode; calls?: Partial<DynamicFormCalls> }): DynamicFormActor {
  const { lang } = useI18n();
  const callsRef = useRef<DynamicFormCalls>({ ...serverDynamicForm, ...options.calls });
  callsRef.current = { ...serverDynamicForm, ...options.calls };
  const logic = useMemo(
    () =>
      dynamicFormMachine.provide({
        actors: {
          loadForm: fromPromise<string | null, FormSource>(({ input }) => callsRef.current.loadForm(input)),
          saveForm: fromPromise<SavedForm, SaveFormInput>(({ input }) => callsRef.current.saveForm(input)),
        },
      }),
    [],
  );
  return useActorRef(logic, { input: { source: options.source, mode: options.mode, lang }, inspect });
}
