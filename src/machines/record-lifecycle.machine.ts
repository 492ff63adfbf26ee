import { setup, transition } from 'xstate';
import { RECORD_EVENTS, type RecordEventType, type RecordState } from '../shared/record';

export { RECORD_EVENTS, RECORD_STATES, type RecordEventType, type RecordState } from '../shared/record';

/**
 * A business record's lifecycle (DECISIONS, "Records and their lifecycle"; issue 10 point 2).
 * One machine, run by the server (xstate's pure `transition`, server/resources/lifecycle.ts)
 * to refuse an illegal step, and by the browser to show only the buttons allowed now
 * (`allowedRecordEvents`). A record is stored as its state (`recordState`) and its enabled flag
 * (the sub-state of `approved`); `new` is a record not yet saved, `deleted` one that is gone.
 *
 * Two kinds (input `review`):
 * - reviewed records (rate-add, users, duties…): draft → submitted → approved / refused /
 *   returned; a returned record is edited and submitted again; nullify ("cancel" in the spec,
 *   named so it never clashes with a Cancel button) ends a record that is not under review;
 *   delete removes a draft only.
 * - reference data (currency, bank…): in force on save, enabled; updated in place; disabled and
 *   enabled again; deleted only once disabled, so nothing in force vanishes by one click.
 */
export type RecordEvent = { type: RecordEventType };

export interface RecordLifecycleInput {
  review: boolean;
}

export const recordLifecycleMachine = setup({
  types: { context: {} as RecordLifecycleInput, events: {} as RecordEvent, input: {} as RecordLifecycleInput },
  guards: {
    isReviewed: ({ context }) => context.review,
    isReferenceData: ({ context }) => !context.review,
  },
}).createMachine({
  id: 'recordLifecycle',
  context: ({ input }) => ({ review: input.review }),
  initial: 'new',
  states: {
    new: {
      on: {
        'RECORD.SAVE': [
          { guard: 'isReviewed', target: 'draft' },
          { target: 'approved' },
        ],
        'RECORD.SAVE_AND_SUBMIT': { guard: 'isReviewed', target: 'submitted' },
      },
    },
    draft: {
      on: {
        'RECORD.UPDATE': { target: 'draft' },
        'RECORD.SUBMIT': { target: 'submitted' },
        'RECORD.UPDATE_AND_SUBMIT': { target: 'submitted' },
        'RECORD.NULLIFY': { target: 'nullified' },
        'RECORD.DELETE': { target: 'deleted' },
      },
    },
    submitted: {
      on: {
        'RECORD.PASS': { target: 'approved' },
        'RECORD.REFUSE': { target: 'refused' },
        'RECORD.BACK': { target: 'returned' },
      },
    },
    returned: {
      on: {
        'RECORD.UPDATE': { target: 'returned' },
        'RECORD.SUBMIT': { target: 'submitted' },
        'RECORD.UPDATE_AND_SUBMIT': { target: 'submitted' },
        'RECORD.NULLIFY': { target: 'nullified' },
      },
    },
    refused: {
      on: { 'RECORD.NULLIFY': { target: 'nullified' } },
    },
    approved: {
      initial: 'enabled',
      on: {
        'RECORD.NULLIFY': { guard: 'isReviewed', target: 'nullified' },
      },
      // Reference data is edited in force (keeping its flag); a reviewed record changes through a new application.
      states: {
        enabled: {
          on: {
            'RECORD.DISABLE': { target: 'disabled' },
            'RECORD.UPDATE': { guard: 'isReferenceData', target: 'enabled' },
          },
        },
        disabled: {
          on: {
            'RECORD.ENABLE': { target: 'enabled' },
            'RECORD.UPDATE': { guard: 'isReferenceData', target: 'disabled' },
            'RECORD.DELETE': { guard: 'isReferenceData', target: '#recordLifecycle.deleted' },
          },
        },
      },
    },
    nullified: { type: 'final' },
    deleted: { type: 'final' },
  },
});

/** A stored record as the lifecycle sees it; null for one not yet saved. */
export interface StoredRecordState {
  recordState: RecordState;
  enabled: boolean;
}

/** The machine's snapshot for a stored record (or `new`). */
export function recordSnapshot(review: boolean, stored: StoredRecordState | null) {
  const value = stored === null ? 'new' : stored.recordState === 'approved' ? { approved: stored.enabled ? 'enabled' : 'disabled' } : stored.recordState;
  return recordLifecycleMachine.resolveState({ value, context: { review } });
}

/** What the record becomes after the event: its new stored state, `deleted`, or null when the step is not allowed. */
export function nextRecordState(review: boolean, stored: StoredRecordState | null, type: RecordEventType): StoredRecordState | 'deleted' | null {
  const snapshot = recordSnapshot(review, stored);
  if (!snapshot.can({ type })) return null;
  const [next] = transition(recordLifecycleMachine, snapshot, { type });
  if (next.matches('deleted')) return 'deleted';
  if (next.matches('approved')) return { recordState: 'approved', enabled: next.matches({ approved: 'enabled' }) };
  return { recordState: next.value as RecordState, enabled: stored?.enabled ?? true };
}

/** The events allowed now, in the order buttons show them. */
export function allowedRecordEvents(review: boolean, stored: StoredRecordState | null): RecordEventType[] {
  const snapshot = recordSnapshot(review, stored);
  return RECORD_EVENTS.filter((type) => snapshot.can({ type }));
}
