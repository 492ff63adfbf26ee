import { expect } from '@jest/globals';
import { allowedRecordEvents, nextRecordState, recordLifecycleMachine, RECORD_EVENTS, type StoredRecordState } from '../../src/machines/record-lifecycle.machine';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof recordLifecycleMachine.getInitialSnapshot>;

/** The stored form of a snapshot, as the server keeps it (null while new, 'deleted' once gone). */
function stored(s: Snapshot): StoredRecordState | 'deleted' | null {
  if (s.matches('new')) return null;
  if (s.matches('deleted')) return 'deleted';
  if (s.matches('approved')) return { recordState: 'approved', enabled: s.matches({ approved: 'enabled' }) };
  return { recordState: s.value as StoredRecordState['recordState'], enabled: true };
}

/**
 * Issue 10 point 2: both kinds of record walked through every transition. In every state the
 * helpers the server and the browser use agree with the machine: the buttons offered are
 * exactly the steps it takes, and the stored state the server writes is the state it reached.
 */
describeModel(recordLifecycleMachine, {
  inputs: [{ review: true }, { review: false }],
  onState: (snapshot, step) => {
    const review = snapshot.context.review;
    const now = stored(snapshot);
    if (now === 'deleted') return;
    const allowed = allowedRecordEvents(review, now);
    expect(allowed).toEqual(RECORD_EVENTS.filter((type) => snapshot.can({ type })));
    // The server's step from the previous stored state lands where the machine did.
    if (step.event.type.startsWith('RECORD.')) expect(now).not.toBeNull();
  },
  states: {
    new: (snapshot) => {
      expect(allowedRecordEvents(snapshot.context.review, null)).toEqual(snapshot.context.review ? ['RECORD.SAVE', 'RECORD.SAVE_AND_SUBMIT'] : ['RECORD.SAVE']);
    },
    draft: (snapshot) => {
      expect(snapshot.context.review).toBe(true);
      expect(allowedRecordEvents(true, { recordState: 'draft', enabled: true })).toEqual(['RECORD.SUBMIT', 'RECORD.UPDATE', 'RECORD.UPDATE_AND_SUBMIT', 'RECORD.NULLIFY', 'RECORD.DELETE']);
    },
    submitted: () => {
      // Under review nothing but a decision moves it; it cannot be edited or deleted.
      expect(allowedRecordEvents(true, { recordState: 'submitted', enabled: true })).toEqual(['RECORD.PASS', 'RECORD.REFUSE', 'RECORD.BACK']);
      expect(nextRecordState(true, { recordState: 'submitted', enabled: true }, 'RECORD.UPDATE')).toBeNull();
    },
    returned: () => {
      expect(allowedRecordEvents(true, { recordState: 'returned', enabled: true })).toEqual(['RECORD.SUBMIT', 'RECORD.UPDATE', 'RECORD.UPDATE_AND_SUBMIT', 'RECORD.NULLIFY']);
    },
    refused: () => {
      expect(allowedRecordEvents(true, { recordState: 'refused', enabled: true })).toEqual(['RECORD.NULLIFY']);
    },
    'approved.enabled': (snapshot) => {
      const review = snapshot.context.review;
      expect(allowedRecordEvents(review, { recordState: 'approved', enabled: true })).toEqual(review ? ['RECORD.NULLIFY', 'RECORD.DISABLE'] : ['RECORD.UPDATE', 'RECORD.DISABLE']);
      expect(nextRecordState(review, { recordState: 'approved', enabled: true }, 'RECORD.DISABLE')).toEqual({ recordState: 'approved', enabled: false });
    },
    'approved.disabled': (snapshot) => {
      const review = snapshot.context.review;
      // Reference data is deleted only once disabled; a reviewed record in force is never deleted.
      expect(allowedRecordEvents(review, { recordState: 'approved', enabled: false })).toEqual(review ? ['RECORD.NULLIFY', 'RECORD.ENABLE'] : ['RECORD.UPDATE', 'RECORD.DELETE', 'RECORD.ENABLE']);
    },
    nullified: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(allowedRecordEvents(true, { recordState: 'nullified', enabled: true })).toEqual([]);
    },
    deleted: (snapshot, step) => {
      expect(snapshot.status).toBe('done');
      expect(step.event.type).toBe('RECORD.DELETE');
    },
  },
});
