import type { SnapshotFrom } from 'xstate';
import { changedFields, type AutosaveEvent, type autosaveMachine } from './autosave.machine';

type Snapshot = SnapshotFrom<typeof autosaveMachine>;

export type AutosaveState = 'starting' | 'off' | 'loading' | 'restored' | 'conflict' | 'pristine' | 'counting' | 'autoSaved' | 'stopped';

/**
 * Autosave's anatomy (Zag.js style): `root`; the `notice` of a draft restored on open with its
 * `discard` and `dismiss` buttons; in a conflict, its `restore` and `discard` buttons and both sides (`conflict.draft`,
 * `conflict.server`, the fields that differ); the `status` that says "auto-saved".
 */
export function connectAutosave(snapshot: Snapshot, send: (event: AutosaveEvent) => void) {
  const { context } = snapshot;
  const state = (typeof snapshot.value === 'string' ? snapshot.value : Object.values(snapshot.value)[0]) as AutosaveState;
  const offered = snapshot.hasTag('draftNotice');
  const conflict = state === 'conflict' && context.draft
    ? {
        draft: context.draft.values,
        server: context.serverValues,
        draftVersion: context.draft.version,
        recordVersion: context.recordVersion,
        changed: changedFields(context.draft.values, context.serverValues),
      }
    : null;
  return {
    state,
    active: !['off', 'stopped', 'starting'].includes(state),
    autoSaved: snapshot.hasTag('autoSaved'),
    offered,
    conflict,
    draftValues: offered ? (context.draft?.values ?? null) : null,
    draftSavedAt: offered ? (context.draft?.savedAt ?? null) : null,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state }),
    getNoticeProps: () => ({ 'data-part': 'notice', 'data-state': offered ? state : 'closed', hidden: !offered }),
    restored: state === 'restored',
    getRestoreProps: () => ({ 'data-part': 'restore', disabled: state !== 'conflict', onClick: () => send({ type: 'DRAFT.RESTORE' }) }),
    getDismissProps: () => ({ 'data-part': 'dismiss', disabled: state !== 'restored', onClick: () => send({ type: 'DRAFT.DISMISS' }) }),
    getDiscardProps: () => ({ 'data-part': 'discard', disabled: !offered, onClick: () => send({ type: 'DRAFT.DISCARD' }) }),
    getStatusProps: () => ({ 'data-part': 'status', 'data-state': snapshot.hasTag('autoSaved') ? 'autoSaved' : 'idle', hidden: !snapshot.hasTag('autoSaved') }),
  };
}

export type AutosaveApi = ReturnType<typeof connectAutosave>;
