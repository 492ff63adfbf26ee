import type { SnapshotFrom } from 'xstate';
import { isBadDay, type RateRow, type RatesInForceEvent, type ratesInForceMachine } from './rates-in-force.machine';

type Snapshot = SnapshotFrom<typeof ratesInForceMachine>;
type Send = (event: RatesInForceEvent) => void;

/** The rates in force page's props from the machine's snapshot; the view only renders them. */
export function connectRatesInForce(snapshot: Snapshot, send: Send) {
  const { context } = snapshot;
  const loading = snapshot.matches('loading');
  const failed = snapshot.matches('failed');
  const state = loading ? 'loading' : failed ? 'failed' : context.rows.length ? 'ready' : 'empty';
  const badDay = isBadDay(context.date);
  return {
    state,
    loading,
    failed,
    empty: state === 'empty',
    rows: context.rows,
    shownDate: context.shownDate,
    serverMessage: context.serverMessage,
    badDay,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': loading }),
    /** The day's field (the date widget): what is typed stays as typed. */
    getDateProps: () => ({ value: context.date, invalid: badDay, onChange: (e: { currentTarget: { value: string } }) => send({ type: 'DATE.CHANGE', value: e.currentTarget.value }) }),
    getRetryProps: () => ({ 'data-part': 'retry', type: 'button' as const, onClick: () => send({ type: 'RETRY' }) }),
    getRowProps: (row: RateRow) => ({ 'data-part': 'row', 'data-state': row.effectiveDate === context.shownDate ? 'new' : 'idle', 'data-rate': row.rateCode }),
  };
}

export type RatesInForceApi = ReturnType<typeof connectRatesInForce>;
