/**
 * The names of a business record's lifecycle (DECISIONS, "Records and their lifecycle"), shared by
 * the record-lifecycle machine, the resource schemas and the server. The machine decides which
 * step is allowed; this file only names them.
 */
export const RECORD_EVENTS = [
  'RECORD.SAVE',
  'RECORD.SUBMIT',
  'RECORD.SAVE_AND_SUBMIT',
  'RECORD.UPDATE',
  'RECORD.UPDATE_AND_SUBMIT',
  'RECORD.NULLIFY',
  'RECORD.DELETE',
  'RECORD.ENABLE',
  'RECORD.DISABLE',
  'RECORD.PASS',
  'RECORD.REFUSE',
  'RECORD.BACK',
] as const;
export type RecordEventType = (typeof RECORD_EVENTS)[number];

/** The stored states (`recordState` column); `approved` carries the enabled flag beside it. */
export const RECORD_STATES = ['draft', 'submitted', 'approved', 'refused', 'returned', 'nullified'] as const;
export type RecordState = (typeof RECORD_STATES)[number];
