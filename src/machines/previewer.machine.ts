import { assign, fromPromise, setup } from 'xstate';
import { ZOOM } from '../shared/constants';
import { CODE } from '../shared/codes';
import { previewKindOfFile, type PreviewKind } from '../shared/preview';
import { messageOf } from './message-of';

/**
 * The document previewer (widgets §2 "Document previewer", §4 "Previewer: loading, then
 * rendered", §9 zoom; docs/previewer.md). Opened on a stored file, it fetches the bytes
 * (`loading.fetching`), or for an Office file the server's pdf of it (`loading.converting`),
 * makes them something to show (`loading.opening`: an image's address, a text's characters, a
 * pdf's pages) and shows them (`rendered`); a pdf page is drawn (`rendered.drawing`) each time
 * the page or the zoom changes. A file of another type, or an Office file on a server without a
 * converter, is `unsupported` with its message and the download; a failure is `failed` with a
 * retry and the download.
 *
 * Zoom is kept as a whole number of steps (tenths), so 0.3 and 5 are reached exactly by steps
 * of 0.1 from 1, with no floating-point drift.
 *
 * Effects are injected: `fetchFile(file) → Blob`, `convertOffice(file) → Blob` (the pdf; a
 * refusal whose `code` is the converter-missing code means unsupported), `openContent({blob,
 * kind}) → PreviewContent`, `renderPdfPage({content, page, zoom})`, and the actions
 * `downloadFile` (the original file) and `releaseContent` (frees an address or a document).
 */

export interface PreviewFile {
  fileId: number;
  fileName: string;
}

/** What the dialog shows; `handle` is the view's own (an object URL's owner, a pdf document). */
export type PreviewContent =
  | { kind: 'image'; url: string }
  | { kind: 'text'; text: string; encoding: string }
  | { kind: 'pdf'; pageCount: number; handle: unknown };

export interface PdfPageRequest {
  content: PreviewContent;
  page: number;
  zoom: number;
}

export type UnsupportedReason = 'type' | 'converter';

export interface PreviewerContext {
  file: PreviewFile | null;
  kind: PreviewKind | null;
  blob: Blob | null;
  content: PreviewContent | null;
  /** 1-based; 1 for anything but a pdf. */
  page: number;
  pageCount: number;
  /** Zoom in tenths: 10 is 100 %. */
  zoomSteps: number;
  reason: UnsupportedReason | null;
  /** The server's message (converter missing) or the failure's, as said to the user. */
  message: string | null;
}

export type PreviewerEvent =
  | ({ type: 'PREVIEW.OPEN' } & PreviewFile)
  | { type: 'PREVIEW.CLOSE' }
  | { type: 'PREVIEW.RETRY' }
  | { type: 'DOWNLOAD' }
  | { type: 'ZOOM.IN' }
  | { type: 'ZOOM.OUT' }
  | { type: 'ZOOM.RESET' }
  | { type: 'PAGE.NEXT' }
  | { type: 'PAGE.PREV' }
  | { type: 'PAGE.GO'; page: number };

/** ZOOM in tenths: the bounds and the start, as whole steps. */
export const ZOOM_STEPS = {
  min: Math.round(ZOOM.min / ZOOM.step),
  max: Math.round(ZOOM.max / ZOOM.step),
  initial: Math.round(ZOOM.initial / ZOOM.step),
} as const;
/** The zoom factor of a number of steps (2.3, not 2.3000000000000003). */
export const zoomOf = (steps: number) => Math.round(steps * ZOOM.step * 10) / 10;

const codeOf = (error: unknown) => (error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : undefined);

const blank: PreviewerContext = { file: null, kind: null, blob: null, content: null, page: 1, pageCount: 1, zoomSteps: ZOOM_STEPS.initial, reason: null, message: null };

export const previewerMachine = setup({
  types: { context: {} as PreviewerContext, events: {} as PreviewerEvent },
  actors: {
    fetchFile: fromPromise<Blob, PreviewFile>(async () => {
      throw new Error('fetchFile not provided');
    }),
    convertOffice: fromPromise<Blob, PreviewFile>(async () => {
      throw new Error('convertOffice not provided');
    }),
    openContent: fromPromise<PreviewContent, { blob: Blob; kind: PreviewKind }>(async () => {
      throw new Error('openContent not provided');
    }),
    renderPdfPage: fromPromise<void, PdfPageRequest>(async () => {
      throw new Error('renderPdfPage not provided');
    }),
  },
  guards: {
    isPreviewable: (_, file: PreviewFile) => previewKindOfFile(file.fileName) !== null,
    isOffice: ({ context }) => context.kind === 'office',
    isPdf: ({ context }) => context.content?.kind === 'pdf',
    isConverterMissing: (_, error: unknown) => codeOf(error) === CODE.previewConverterMissing,
    canZoomIn: ({ context }) => context.zoomSteps < ZOOM_STEPS.max,
    canZoomOut: ({ context }) => context.zoomSteps > ZOOM_STEPS.min,
    isZoomed: ({ context }) => context.zoomSteps !== ZOOM_STEPS.initial,
    hasNextPage: ({ context }) => context.page < context.pageCount,
    hasPrevPage: ({ context }) => context.page > 1,
    isOtherPage: ({ context }, page: number) => Number.isInteger(page) && page >= 1 && page <= context.pageCount && page !== context.page,
  },
  actions: {
    openWith: assign((_, file: PreviewFile) => ({ ...blank, file: { fileId: file.fileId, fileName: file.fileName }, kind: previewKindOfFile(file.fileName) })),
    keepBlob: assign({ blob: (_, blob: Blob) => blob }),
    keepContent: assign((_, content: PreviewContent) => ({ content, page: 1, pageCount: content.kind === 'pdf' ? Math.max(1, content.pageCount) : 1, blob: null })),
    markType: assign({ reason: 'type' as const, message: null }),
    markConverter: assign({ reason: 'converter' as const, message: (_, error: unknown) => messageOf(error) }),
    keepError: assign({ message: (_, error: unknown) => messageOf(error) }),
    clearError: assign({ message: null, reason: null }),
    zoomIn: assign({ zoomSteps: ({ context }) => Math.min(ZOOM_STEPS.max, context.zoomSteps + 1) }),
    zoomOut: assign({ zoomSteps: ({ context }) => Math.max(ZOOM_STEPS.min, context.zoomSteps - 1) }),
    resetZoom: assign({ zoomSteps: ZOOM_STEPS.initial }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    prevPage: assign({ page: ({ context }) => context.page - 1 }),
    goToPage: assign({ page: (_, page: number) => page }),
    forgetContent: assign({ content: null, blob: null }),
    reset: assign(() => blank),
    /** The view frees what `openContent` made (an object URL, a pdf document). */
    releaseContent: () => undefined,
    /** The view saves the original file (a fetch with the session header, saved as a blob). */
    downloadFile: () => undefined,
  },
}).createMachine({
  id: 'previewer',
  context: blank,
  initial: 'closed',
  on: {
    // Another file opened over the one shown: what was made for the first is freed on the way.
    'PREVIEW.OPEN': [
      { guard: { type: 'isPreviewable', params: ({ event }) => event }, target: '.open.loading', actions: { type: 'openWith', params: ({ event }) => event } },
      { target: '.open.unsupported', actions: [{ type: 'openWith', params: ({ event }) => event }, 'markType'] },
    ],
  },
  states: {
    closed: {},
    open: {
      initial: 'loading',
      on: {
        'PREVIEW.CLOSE': { target: 'closed', actions: 'reset' },
        DOWNLOAD: { actions: 'downloadFile' },
      },
      states: {
        loading: {
          tags: ['busy'],
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'isOffice', target: 'converting' }, { target: 'fetching' }] },
            fetching: {
              invoke: {
                src: 'fetchFile',
                input: ({ context }) => context.file!,
                onDone: { target: 'opening', actions: { type: 'keepBlob', params: ({ event }) => event.output } },
                onError: { target: '#previewer.open.failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
              },
            },
            converting: {
              invoke: {
                src: 'convertOffice',
                input: ({ context }) => context.file!,
                onDone: { target: 'opening', actions: { type: 'keepBlob', params: ({ event }) => event.output } },
                onError: [
                  { guard: { type: 'isConverterMissing', params: ({ event }: { event: { error: unknown } }) => event.error }, target: '#previewer.open.unsupported', actions: { type: 'markConverter', params: ({ event }: { event: { error: unknown } }) => event.error } },
                  { target: '#previewer.open.failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
                ],
              },
            },
            opening: {
              invoke: {
                src: 'openContent',
                // An Office file arrives as its pdf.
                input: ({ context }) => ({ blob: context.blob!, kind: context.kind === 'office' ? ('pdf' as const) : context.kind! }),
                onDone: { target: '#previewer.open.rendered', actions: { type: 'keepContent', params: ({ event }) => event.output } },
                onError: { target: '#previewer.open.failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
              },
            },
          },
        },
        rendered: {
          initial: 'settling',
          exit: ['releaseContent', 'forgetContent'],
          on: {
            'ZOOM.IN': { guard: 'canZoomIn', target: '.settling', actions: 'zoomIn' },
            'ZOOM.OUT': { guard: 'canZoomOut', target: '.settling', actions: 'zoomOut' },
            'ZOOM.RESET': { guard: 'isZoomed', target: '.settling', actions: 'resetZoom' },
            // Only a pdf has more than one page.
            'PAGE.NEXT': { guard: 'hasNextPage', target: '.settling', actions: 'nextPage' },
            'PAGE.PREV': { guard: 'hasPrevPage', target: '.settling', actions: 'prevPage' },
            'PAGE.GO': { guard: { type: 'isOtherPage', params: ({ event }) => event.page }, target: '.settling', actions: { type: 'goToPage', params: ({ event }) => event.page } },
          },
          states: {
            /** A pdf page is drawn for its page and zoom; an image or a text is laid out by the view. */
            settling: { always: [{ guard: 'isPdf', target: 'drawing' }, { target: 'shown' }] },
            drawing: {
              tags: ['drawing'],
              invoke: {
                src: 'renderPdfPage',
                input: ({ context }) => ({ content: context.content!, page: context.page, zoom: zoomOf(context.zoomSteps) }),
                onDone: { target: 'shown' },
                onError: { target: '#previewer.open.failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
              },
            },
            shown: {},
          },
        },
        unsupported: {},
        failed: {
          on: {
            'PREVIEW.RETRY': { target: 'loading', actions: 'clearError' },
          },
        },
      },
    },
  },
});
