import type { SnapshotFrom } from 'xstate';
import type { LoginPageEvent, loginPageMachine } from './login-page.machine';

type Snapshot = SnapshotFrom<typeof loginPageMachine>;

export type LoginPageState = 'loading' | 'ready' | 'failed' | 'retrying';

/**
 * The login page's parameters as the view needs them (Zag.js style): the parameters shown (the
 * last that arrived, in any language), the failure's reason, and the warning with its retry.
 */
export function connectLoginPage(snapshot: Snapshot, send: (event: LoginPageEvent) => void) {
  const state = snapshot.value as LoginPageState;
  const { params, error } = snapshot.context;
  // The warning stays while its retry runs: the focus stays on its button.
  const warned = state === 'failed' || state === 'retrying';
  return {
    state,
    busy: snapshot.hasTag('busy'),
    params,
    /** Parameters to show, or their failure: the page can show itself whole (tabs, logos, title). */
    whole: params !== null || warned,
    /** The failure's reason while failed, and while its retry runs; a retry that succeeds clears it. */
    error: warned ? error : null,
    setLanguage: (lang: string) => send({ type: 'LANGUAGE.CHANGE', lang }),
    getWarningProps: () => ({ 'data-part': 'params-warning', 'data-state': state, hidden: !warned, role: 'alert' as const }),
    /** Busy, not disabled, while the retry runs: a disabled button would drop the keyboard's focus. */
    getRetryProps: () => ({ 'data-part': 'params-retry', 'data-state': state, 'aria-busy': state === 'retrying', onClick: () => send({ type: 'PARAMS.RETRY' }) }),
  };
}
