import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { fieldOptionsMachine } from '../../machines/field-options.machine';
import { connectFieldOptions, type FieldOptionsApi } from '../../machines/field-options.connect';
import type { Language } from '../../shared/constants';
import type { TemplateField, TemplateOption } from '../../shared/dynamic-form';
import { inspect } from '../../services/inspector';
import { loadOptions, searchesRemotely } from './options';

/**
 * A choice field's options on its machine (field-options), in the reader's language. The
 * control using it is keyed by `optionSourceKey(field)`: another source is another machine.
 */
export function useFieldOptions(field: TemplateField, lang: Language): FieldOptionsApi {
  const latest = useRef(field);
  latest.current = field;
  const [logic] = useState(() =>
    fieldOptionsMachine.provide({
      actors: { loadOptions: fromPromise<TemplateOption[], { lang: Language; search: string }>(({ input }) => loadOptions(latest.current, input.lang, input.search)) },
    }),
  );
  const [snapshot, send] = useMachine(logic, { input: { lang, remote: searchesRemotely(field) }, inspect });
  useEffect(() => send({ type: 'LANG.CHANGE', lang }), [lang, send]);
  return connectFieldOptions(snapshot, send);
}
