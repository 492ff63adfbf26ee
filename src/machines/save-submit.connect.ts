import type { SnapshotFrom } from 'xstate';
import type { SaveSubmitEvent, saveSubmitMachine } from './save-submit.machine';
import { busyButton } from './form.connect';

type Snapshot = SnapshotFrom<typeof saveSubmitMachine>;

export type SaveSubmitState = 'idle' | 'validatingEmbedded' | 'checkingBeforeSave' | 'validatingForm' | 'savingEmbedded' | 'committing' | 'done';

/**
 * The save-or-submit flow's anatomy (Zag.js style): `root`, the `save` and `submit` buttons
 * (busy, never disabled, while the flow runs or once it is done: form.connect's busyButton), and the failure (`failedStep`, `message`)
 * the view shows after a failed run.
 */
export function connectSaveSubmit(snapshot: Snapshot, send: (event: SaveSubmitEvent) => void) {
  const { context } = snapshot;
  const state = snapshot.value as SaveSubmitState;
  const running = snapshot.hasTag('running');
  const disabled = running || state === 'done';
  const button = (part: 'save' | 'submit') => ({
    'data-part': part,
    'data-state': running && context.mode === part ? 'busy' : 'idle',
    busy: running && context.mode === part,
    'aria-busy': running && context.mode === part,
    ...busyButton(disabled, () => send({ type: part === 'save' ? 'FLOW.SAVE' : 'FLOW.SUBMIT' })),
  });
  return {
    state,
    running,
    done: state === 'done',
    mode: context.mode,
    failedStep: state === 'idle' ? context.failedStep : null,
    message: state === 'idle' ? context.message : null,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': running, 'data-failed-step': context.failedStep ?? undefined }),
    getSaveProps: () => button('save'),
    getSubmitProps: () => button('submit'),
  };
}

export type SaveSubmitApi = ReturnType<typeof connectSaveSubmit>;
