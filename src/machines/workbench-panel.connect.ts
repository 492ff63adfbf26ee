import type { SnapshotFrom } from 'xstate';
import type { WorkbenchPanelEvent, workbenchPanelMachine } from './workbench-panel.machine';

type Snapshot = SnapshotFrom<typeof workbenchPanelMachine>;

export type WorkbenchPanelState = 'loading' | 'ready' | 'empty' | 'failed';

/**
 * A workbench panel's anatomy (Zag.js style): the root (a labelled region that says its state),
 * the body the panel's content goes in, the status line (loading, the empty text, the error) and
 * the retry and reload triggers. `name` is the panel's (balances, cashFlow, reminders, todo,
 * favourites): test ids and locale keys follow it.
 */
export function connectWorkbenchPanel(snapshot: Snapshot, send: (event: WorkbenchPanelEvent) => void, name: string) {
  const { context } = snapshot;
  const state = snapshot.value as WorkbenchPanelState;
  const busy = snapshot.hasTag('busy');
  const statusKey =
    state === 'loading' ? 'workbench.loading' : state === 'empty' ? `workbench.${name}.empty` : state === 'failed' && context.failure?.kind !== 'refused' ? 'workbench.error' : null;
  return {
    state,
    busy,
    data: state === 'ready' ? context.data : null,
    /** The last answer, in any state (an empty one too): for header controls that outlive a reload (the cash flow's currencies). */
    answered: context.data,
    count: context.count,
    params: context.params,
    /** A locale key for the status line, or null; `message` when the server's own words are shown. */
    statusKey,
    message: state === 'failed' && context.failure?.kind === 'refused' ? context.failure.message : null,
    reload: (params?: Record<string, unknown>) => send({ type: 'PANEL.RELOAD', ...(params ? { params } : {}) }),
    getRootProps: () => ({ 'data-part': 'panel', 'data-state': state, 'data-testid': `workbench-${name}`, 'aria-busy': busy, role: 'region' as const, 'aria-labelledby': `workbench-${name}-title` }),
    getTitleProps: () => ({ 'data-part': 'title', id: `workbench-${name}-title` }),
    getBodyProps: () => ({ 'data-part': 'body', 'data-state': state, hidden: state !== 'ready' }),
    getStatusProps: () => ({ 'data-part': 'status', 'data-state': state, role: state === 'failed' ? ('alert' as const) : ('status' as const), hidden: state === 'ready' }),
    getRetryProps: () => ({ 'data-part': 'retry', hidden: state !== 'failed', onClick: () => send({ type: 'PANEL.RETRY' }) }),
    // aria-disabled, not disabled: a button disabled under the keyboard's focus drops the focus to
    // the page, and the user pressing Enter on it would have to find their place again. It stays
    // focusable and looks disabled; the machine takes no reload while loading or failed.
    getReloadProps: () => ({ 'data-part': 'reload', 'aria-disabled': busy || state === 'failed', onClick: () => send({ type: 'PANEL.RELOAD' }) }),
    /** A button that reloads the panel with other parameters (the cash flow's window): disabled as reload is, while loading. */
    getParamsProps: (params: Record<string, unknown>, pressed: boolean) => ({ 'data-part': 'params', 'aria-pressed': pressed, 'aria-disabled': busy, onClick: () => send({ type: 'PANEL.RELOAD', params }) }),
  };
}
