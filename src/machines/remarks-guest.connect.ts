import type { SnapshotFrom } from 'xstate';
import type { RemarkProblem, RemarksGuestEvent, remarksGuestMachine } from './remarks-guest.machine';

type Snapshot = SnapshotFrom<typeof remarksGuestMachine>;

export type RemarksGuestState = 'loading' | 'editing' | 'saving' | 'failed';

/** The guest page's remark as its view needs it (Zag.js style): the state, the field's problem and the parts' props. */
export function connectRemarksGuest(snapshot: Snapshot, send: (event: RemarksGuestEvent) => void) {
  const state = snapshot.value as RemarksGuestState;
  const { remark, readOnly, problem } = snapshot.context;
  return {
    state,
    /** The problem the field shows, from the last check (none before the remark was read). */
    problem,
    getRootProps: () => ({ 'data-part': 'remarks-guest', 'data-state': state, 'aria-busy': snapshot.hasTag('busy') }),
    getRemarkProps: () => ({
      'data-part': 'remark',
      value: remark,
      // Not typed over while it is being stored: what is stored is what the parent was told.
      readOnly: readOnly || state === 'saving',
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'REMARK.CHANGE', remark: e.currentTarget.value }),
    }),
    getRetryProps: () => ({ 'data-part': 'retry', hidden: state !== 'failed', onClick: () => send({ type: 'REMARK.RETRY' }) }),
  };
}

/** A problem as the parent and the field say it. */
export const problemText = (problem: RemarkProblem, t: (key: string, params?: Record<string, unknown>) => string) => ('text' in problem ? problem.text : t(problem.key, problem.params));
