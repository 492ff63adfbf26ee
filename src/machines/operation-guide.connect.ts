import type { SnapshotFrom } from 'xstate';
import type { OperationGuideEvent, operationGuideMachine } from './operation-guide.machine';

type Snapshot = SnapshotFrom<typeof operationGuideMachine>;

export type GuideContentState = 'closed' | 'loading' | 'loadFailed' | 'readOnly' | 'editing' | 'saving';
export type GuideHintState = 'deciding' | 'showing' | 'hidden' | 'dismissed';

function contentOf(snapshot: Snapshot): GuideContentState {
  const guide = (snapshot.value as { guide: string | { open: { content: GuideContentState } } }).guide;
  return guide === 'closed' ? 'closed' : (guide as { open: { content: GuideContentState } }).open.content;
}

/**
 * The operation guide's anatomy (Zag.js style), each part with `data-part` and `data-state`:
 * `trigger` (the help icon), `hint` with `hint-close` and `hint-never`, `dialog` (spread on
 * Chakra's Dialog.Root: not closable from outside while editing), `full-screen`, `content`
 * (read-only HTML), `editor`, `edit`, `cancel`, `save`, `retry`.
 */
export function connectOperationGuide(snapshot: Snapshot, send: (event: OperationGuideEvent) => void) {
  const state = contentOf(snapshot);
  const open = state !== 'closed';
  const editing = snapshot.hasTag('editing');
  const busy = snapshot.hasTag('busy');
  const fullScreen = snapshot.matches({ guide: { open: { size: 'fullScreen' } } });
  const hint = (snapshot.value as { hint: GuideHintState }).hint;
  const { guide, draft, error, canEdit } = snapshot.context;
  const part = (name: string) => ({ 'data-part': name, 'data-state': state });
  return {
    state,
    open,
    editing,
    busy,
    fullScreen,
    /** The stored guide's HTML (sanitised by the server); '' when nobody wrote one. */
    html: guide?.descriptionContent ?? '',
    empty: state === 'readOnly' && !guide?.descriptionContent,
    draft,
    error: state === 'loadFailed' || state === 'editing' ? error : null,
    hintShown: hint === 'showing',
    getTriggerProps: () => ({ ...part('trigger'), 'aria-expanded': open, onClick: () => send({ type: 'GUIDE.OPEN' }) }),
    getHintProps: () => ({ 'data-part': 'hint', 'data-state': hint, hidden: hint !== 'showing' }),
    getHintCloseProps: () => ({ 'data-part': 'hint-close', onClick: () => send({ type: 'HINT.CLOSE' }) }),
    getHintNeverProps: () => ({ 'data-part': 'hint-never', onClick: () => send({ type: 'HINT.NEVER' }) }),
    getDialogProps: () => ({
      ...part('dialog'),
      open,
      // Widgets §4: while editing, a click outside (or Escape) does not close it.
      closeOnInteractOutside: !editing,
      closeOnEscape: !editing,
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'DIALOG.CLOSE' });
      },
    }),
    getCloseProps: () => ({ ...part('close'), hidden: editing, onClick: () => send({ type: 'DIALOG.CLOSE' }) }),
    getFullScreenProps: () => ({ 'data-part': 'full-screen', 'data-state': fullScreen ? 'on' : 'off', 'aria-pressed': fullScreen, onClick: () => send({ type: 'FULLSCREEN.TOGGLE' }) }),
    /** Widgets §2: the edit button only for staff type 1, and not while already editing. */
    getEditProps: () => ({ ...part('edit'), hidden: !canEdit || state !== 'readOnly', onClick: () => send({ type: 'EDIT.START' }) }),
    getEditorProps: () => ({ ...part('editor'), value: draft, disabled: state === 'saving', onChange: (html: string) => send({ type: 'CONTENT.CHANGE', html }) }),
    getCancelProps: () => ({ ...part('cancel'), hidden: !editing, disabled: busy, onClick: () => send({ type: 'EDIT.CANCEL' }) }),
    getSaveProps: () => ({ ...part('save'), hidden: !editing, loading: state === 'saving', onClick: () => send({ type: 'EDIT.SAVE' }) }),
    getRetryProps: () => ({ ...part('retry'), hidden: state !== 'loadFailed', onClick: () => send({ type: 'LOAD.RETRY' }) }),
  };
}

export type OperationGuideApi = ReturnType<typeof connectOperationGuide>;
