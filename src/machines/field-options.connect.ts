import type { SnapshotFrom } from 'xstate';
import type { FieldOptionsEvent, fieldOptionsMachine } from './field-options.machine';

type Snapshot = SnapshotFrom<typeof fieldOptionsMachine>;

/** A choice field's options, its remote search box and the retry of a failed load. */
export function connectFieldOptions(snapshot: Snapshot, send: (event: FieldOptionsEvent) => void) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const failed = snapshot.matches('failed');
  const state = failed ? 'failed' : busy ? 'loading' : 'ready';
  return {
    state,
    options: context.options,
    failed,
    failure: context.failure,
    getRootProps: () => ({ 'data-part': 'options', 'data-state': state, 'aria-busy': busy }),
    getSearchProps: () => ({ 'data-part': 'search', value: context.search, onChange: (e: { currentTarget: { value: string } }) => send({ type: 'SEARCH.CHANGE', search: e.currentTarget.value }) }),
    getRetryProps: () => ({ 'data-part': 'retry', type: 'button' as const, onClick: () => send({ type: 'RETRY' }) }),
  };
}

export type FieldOptionsApi = ReturnType<typeof connectFieldOptions>;
