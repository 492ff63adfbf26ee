import type { SnapshotFrom } from 'xstate';
import type { TemplateChoiceEvent, TemplateOption, templateChoiceMachine } from './template-choice.machine';

type Snapshot = SnapshotFrom<typeof templateChoiceMachine>;

/**
 * The template picker's anatomy: the select (its placeholder says whether the list is loading,
 * empty or failed), the retry, and the "new form" trigger, live once a template is chosen.
 */
export function connectTemplateChoice(snapshot: Snapshot, send: (event: TemplateChoiceEvent) => void) {
  const { context } = snapshot;
  const loading = snapshot.hasTag('busy');
  const failed = snapshot.matches('failed');
  const state = loading ? 'loading' : failed ? 'failed' : context.templates.length ? 'ready' : 'empty';
  const placeholder = state === 'empty' ? 'dynamic.page.noTemplates' : state === 'failed' ? 'dynamic.page.templatesFailed' : state === 'loading' ? 'dynamic.page.loadingTemplates' : 'dynamic.page.chooseTemplate';
  return {
    state,
    failed,
    failure: context.failure,
    code: context.code,
    /** Offered only when the list is the current one: none while asking again, none after a failure. */
    options: state === 'ready' ? context.templates : ([] as TemplateOption[]),
    /** A message key: what the empty choice says. */
    placeholder,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': loading }),
    getSelectProps: () => ({
      'data-part': 'select',
      value: state === 'ready' ? context.code : '',
      disabled: state !== 'ready',
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'TEMPLATE.CHOOSE', code: e.currentTarget.value }),
    }),
    getRetryProps: () => ({ 'data-part': 'retry', type: 'button' as const, onClick: () => send({ type: 'RETRY' }) }),
    /** Opens a new form of the chosen template (the page keeps which form is open). */
    getNewProps: (open: (code: string) => void) => ({ 'data-part': 'new', disabled: state !== 'ready' || !context.code, onClick: () => open(context.code) }),
  };
}

export type TemplateChoiceApi = ReturnType<typeof connectTemplateChoice>;
