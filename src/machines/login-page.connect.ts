import type { SnapshotFrom } from 'xstate';
import type { LoginPageEvent, loginPageMachine } from './login-page.machine';

type Snapshot = SnapshotFrom<typeof loginPageMachine>;

export type LoginPageState = 'loading' | 'ready' | 'failed';

/**
 * The login page's parameters as the view needs them (Zag.js style): the parameters shown (the
 * last that arrived, in any language), the failure's reason, and the warning with its retry.
 */
export function connectLoginPage(snapshot: Snapshot, send: (event: LoginPageEvent) => void) {
  const state = snapshot.value as LoginPageState;
  const { params, error } = snapshot.context;
  return {
    state,
    busy: snapshot.hasTag('busy'),
    params,
    /** Parameters to show, or their failure: the page can show itself whole (tabs, logos, title). */
    whole: params !== null || state === 'failed',
    /** The failure's reason while failed; a retry clears it. */
    error: state === 'failed' ? error : null,
    setLanguage: (lang: string) => send({ type: 'LANGUAGE.CHANGE', lang }),
    getWarningProps: () => ({ 'data-part': 'params-warning', 'data-state': state, hidden: state !== 'failed', role: 'alert' as const }),
    getRetryProps: () => ({ 'data-part': 'params-retry', onClick: () => send({ type: 'PARAMS.RETRY' }) }),
  };
}
