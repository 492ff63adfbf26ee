import type { SnapshotFrom } from 'xstate';
import { ZOOM_STEPS, zoomOf, type PreviewerEvent, type previewerMachine } from './previewer.machine';

type Snapshot = SnapshotFrom<typeof previewerMachine>;

export type PreviewerState = 'closed' | 'loading' | 'rendered' | 'unsupported' | 'failed';

/** The state the view tells apart: `open.loading.fetching` is `loading`, `open.rendered.drawing` is `rendered`. */
function stateOf(snapshot: Snapshot): PreviewerState {
  if (snapshot.matches('closed')) return 'closed';
  for (const s of ['loading', 'rendered', 'unsupported', 'failed'] as const) if (snapshot.matches({ open: s })) return s;
  return 'closed';
}

/** The key a keydown means to the previewer, or null (+/=, − and 0 for zoom; ← and → for pages). */
export function previewKeyEvent(key: string): PreviewerEvent | null {
  switch (key) {
    case '+':
    case '=':
      return { type: 'ZOOM.IN' };
    case '-':
    case '_':
      return { type: 'ZOOM.OUT' };
    case '0':
      return { type: 'ZOOM.RESET' };
    case 'ArrowRight':
    case 'PageDown':
      return { type: 'PAGE.NEXT' };
    case 'ArrowLeft':
    case 'PageUp':
      return { type: 'PAGE.PREV' };
    default:
      return null;
  }
}

/**
 * The previewer's anatomy (Zag.js style): `dialog` (spread on Chakra's Dialog.Root), `content`
 * (the 600 px area, keyboard-driven), the toolbar's `zoom-out`, `zoom-in`, `zoom-reset`,
 * `prev-page`, `page` (the page number input), `next-page`, `download`, and `retry`; each
 * with `data-part` and `data-state`. Buttons that would do nothing are disabled.
 */
export function connectPreviewer(snapshot: Snapshot, send: (event: PreviewerEvent) => void) {
  const state = stateOf(snapshot);
  const { file, content, page, pageCount, zoomSteps, reason, message, kind } = snapshot.context;
  const rendered = state === 'rendered';
  const isPdf = rendered && content?.kind === 'pdf';
  const part = (name: string) => ({ 'data-part': name, 'data-state': state });
  const zoom = zoomOf(zoomSteps);
  return {
    state,
    open: state !== 'closed',
    loading: state === 'loading',
    /** A pdf page is being drawn (the page shown is the previous one until it is). */
    drawing: snapshot.hasTag('drawing'),
    file,
    kind,
    content: rendered ? content : null,
    page,
    pageCount,
    isPdf,
    zoom,
    /** The zoom as the toolbar says it: "230%". */
    zoomLabel: `${Math.round(zoom * 100)}%`,
    /** Why the file is not shown: its type, or the server's converter missing (then `message` is the server's). */
    reason: state === 'unsupported' ? reason : null,
    /** The failure's or the server's message; null otherwise. */
    message: state === 'failed' || state === 'unsupported' ? message : null,
    getDialogProps: () => ({
      ...part('dialog'),
      open: state !== 'closed',
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'PREVIEW.CLOSE' });
      },
    }),
    getContentProps: () => ({
      ...part('content'),
      'data-kind': rendered ? content?.kind : undefined,
      'aria-busy': state === 'loading' || snapshot.hasTag('drawing'),
      tabIndex: 0,
      onKeyDown: (e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; target?: unknown; preventDefault: () => void }) => {
        if (!rendered || e.ctrlKey || e.metaKey || e.altKey) return;
        // Typing a page number is typing, not a shortcut.
        if (e.target && typeof e.target === 'object' && 'tagName' in e.target && (e.target as { tagName: string }).tagName === 'INPUT') return;
        const event = previewKeyEvent(e.key);
        if (!event) return;
        e.preventDefault();
        send(event);
      },
    }),
    getZoomInProps: () => ({ ...part('zoom-in'), disabled: !rendered || zoomSteps >= ZOOM_STEPS.max, onClick: () => send({ type: 'ZOOM.IN' }) }),
    getZoomOutProps: () => ({ ...part('zoom-out'), disabled: !rendered || zoomSteps <= ZOOM_STEPS.min, onClick: () => send({ type: 'ZOOM.OUT' }) }),
    getZoomResetProps: () => ({ ...part('zoom-reset'), disabled: !rendered || zoomSteps === ZOOM_STEPS.initial, onClick: () => send({ type: 'ZOOM.RESET' }) }),
    getPrevPageProps: () => ({ ...part('prev-page'), hidden: !isPdf, disabled: !isPdf || page <= 1, onClick: () => send({ type: 'PAGE.PREV' }) }),
    getNextPageProps: () => ({ ...part('next-page'), hidden: !isPdf, disabled: !isPdf || page >= pageCount, onClick: () => send({ type: 'PAGE.NEXT' }) }),
    /** The page number: typed, then taken on Enter or when the field is left (an impossible number is ignored); the view keys it by the page so it shows the page turned to. */
    getPageProps: () => ({
      ...part('page'),
      hidden: !isPdf,
      type: 'number',
      inputMode: 'numeric' as const,
      min: 1,
      max: pageCount,
      defaultValue: String(page),
      onKeyDown: (e: { key: string; currentTarget: { value: string } }) => {
        if (e.key === 'Enter') send({ type: 'PAGE.GO', page: Number(e.currentTarget.value) });
      },
      onBlur: (e: { currentTarget: { value: string } }) => send({ type: 'PAGE.GO', page: Number(e.currentTarget.value) }),
    }),
    getDownloadProps: () => ({ ...part('download'), disabled: state === 'closed', onClick: () => send({ type: 'DOWNLOAD' }) }),
    getRetryProps: () => ({ ...part('retry'), hidden: state !== 'failed', onClick: () => send({ type: 'PREVIEW.RETRY' }) }),
    getCloseProps: () => ({ ...part('close'), onClick: () => send({ type: 'PREVIEW.CLOSE' }) }),
  };
}

export type PreviewerApi = ReturnType<typeof connectPreviewer>;
