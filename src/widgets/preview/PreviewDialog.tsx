import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Center, CloseButton, Dialog, HStack, IconButton, Input, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { previewerMachine, type PdfPageRequest, type PreviewContent, type PreviewFile } from '../../machines/previewer.machine';
import { connectPreviewer } from '../../machines/previewer.connect';
import { DIALOG_WIDTH, PREVIEW_CONTENT_WIDTH } from '../../shared/constants';
import { decodeText, type PreviewKind } from '../../shared/preview';
import { downloadStoredFile, fetchFileBytes, fetchOfficePdf } from '../../services/api/preview';
import { openPdf, renderPdfPage, type PdfDocument } from '../../services/pdf/pdf';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';

export type { PreviewFile };

export interface PreviewDialogProps {
  /** The file to show ({fileId, fileName}); null keeps the dialog closed. */
  file: PreviewFile | null;
  /** The dialog closed (Esc, the close button, outside): the page forgets the file. */
  onClose: () => void;
}

/** The content area's inner padding each side: a page or an image at zoom 1 fills the rest. */
const CONTENT_PADDING = 8;
/** The text's size at zoom 1, in pixels. */
const TEXT_SIZE = 14;

/** An element that is not mounted yet, awaited: the pdf page is drawn once its canvas exists. */
function useMountedElement<T extends HTMLElement>() {
  const state = useRef<{ element: T | null; waiting: Array<(element: T) => void> }>({ element: null, waiting: [] });
  const ref = useCallback((element: T | null) => {
    state.current.element = element;
    if (element) for (const resolve of state.current.waiting.splice(0)) resolve(element);
  }, []);
  const mounted = useCallback(
    (signal?: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        if (state.current.element) return resolve(state.current.element);
        state.current.waiting.push(resolve);
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      }),
    [],
  );
  return { ref, mounted, current: () => state.current.element };
}

/** What `openContent` makes from the bytes; freed by `release` when the file is no longer shown. */
async function openContent(blob: Blob, kind: PreviewKind, signal: AbortSignal): Promise<PreviewContent> {
  if (kind === 'image') {
    const url = URL.createObjectURL(blob);
    if (signal.aborted) URL.revokeObjectURL(url);
    return { kind: 'image', url };
  }
  if (kind === 'text') {
    const { text, encoding } = decodeText(await blob.arrayBuffer());
    return { kind: 'text', text, encoding };
  }
  const doc = await openPdf(blob);
  if (signal.aborted) void doc.loadingTask.destroy();
  return { kind: 'pdf', pageCount: doc.numPages, handle: doc };
}

function release(content: PreviewContent | null): void {
  if (content?.kind === 'image') URL.revokeObjectURL(content.url);
  if (content?.kind === 'pdf') void (content.handle as PdfDocument).loadingTask.destroy();
}

/**
 * The document previewer (widgets §2, 842 px dialog with 600 px content; docs/previewer.md),
 * bound to the previewer machine: images, pdf pages (page navigation), text (GBK when UTF-8
 * fails) and Office files as the server's pdf; zoom 0.3 to 5 by 0.1; download. Keys: + and −
 * zoom, 0 resets, ← and → turn pages, Esc closes. On a narrow screen the dialog takes the
 * screen's width and the content shrinks with it.
 *
 * Open it with `{ fileId, fileName }` (the attachment table's preview action).
 */
export function PreviewDialog({ file, onClose }: PreviewDialogProps) {
  const { t } = useI18n();
  const canvas = useMountedElement<HTMLCanvasElement>();
  const area = useRef<HTMLDivElement | null>(null);
  const [logic] = useState(() =>
    previewerMachine.provide({
      actors: {
        fetchFile: fromPromise<Blob, PreviewFile>(({ input, signal }) => fetchFileBytes(input.fileId, signal)),
        convertOffice: fromPromise<Blob, PreviewFile>(({ input, signal }) => fetchOfficePdf(input.fileId, signal)),
        openContent: fromPromise<PreviewContent, { blob: Blob; kind: PreviewKind }>(({ input, signal }) => openContent(input.blob, input.kind, signal)),
        renderPdfPage: fromPromise<void, PdfPageRequest>(async ({ input, signal }) => {
          const target = await canvas.mounted(signal);
          const width = Math.min(PREVIEW_CONTENT_WIDTH, area.current?.clientWidth || PREVIEW_CONTENT_WIDTH) - 2 * CONTENT_PADDING;
          if (input.content.kind !== 'pdf') return;
          await renderPdfPage(input.content.handle as PdfDocument, target, { page: input.page, zoom: input.zoom, width, signal });
        }),
      },
      actions: {
        releaseContent: ({ context }) => release(context.content),
        downloadFile: ({ context }) => {
          // The download's own failure is toasted by the request layer.
          if (context.file) downloadStoredFile(context.file.fileId).catch(() => undefined);
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const api = connectPreviewer(snapshot, send);

  // The page's file drives the machine; the machine's close tells the page.
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  useEffect(() => {
    if (file) send({ type: 'PREVIEW.OPEN', fileId: file.fileId, fileName: file.fileName });
    else send({ type: 'PREVIEW.CLOSE' });
  }, [file?.fileId, file?.fileName, send]);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !api.open) latestClose.current();
    wasOpen.current = api.open;
  }, [api.open]);
  // Whatever is shown is freed when the page goes away with the dialog open.
  useEffect(() => () => send({ type: 'PREVIEW.CLOSE' }), [send]);

  const fileName = api.file?.fileName ?? '';
  const content = api.getContentProps();
  return (
    <Dialog.Root {...api.getDialogProps()} placement="center" scrollBehavior="inside" lazyMount unmountOnExit initialFocusEl={() => area.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content width={{ base: '100vw', md: `min(${DIALOG_WIDTH.preview}px, calc(100vw - 16px))` }} maxW="none" data-testid="preview-dialog" data-state={api.state} onKeyDown={content.onKeyDown}>
            <Dialog.Header pe="12">
              <Dialog.Title fontSize="md" truncate title={fileName}>
                {t('preview.title', { fileName })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3" align="center">
                {/* Zoom and pages are for what is shown: a message has none. */}
                <HStack gap="1" wrap="wrap" justify="center" role="toolbar" aria-label={t('preview.keys')} visibility={api.state === 'rendered' ? 'visible' : 'hidden'} data-testid="preview-toolbar">
                  <IconButton size="xs" variant="outline" aria-label={t('preview.zoomOut')} title={t('preview.zoomOut')} {...api.getZoomOutProps()} data-testid="preview-zoom-out">
                    −
                  </IconButton>
                  <Text fontSize="sm" minW="12" textAlign="center" aria-live="polite" aria-label={t('preview.zoomLevel', { zoom: api.zoomLabel })} data-testid="preview-zoom">
                    {api.zoomLabel}
                  </Text>
                  <IconButton size="xs" variant="outline" aria-label={t('preview.zoomIn')} title={t('preview.zoomIn')} {...api.getZoomInProps()} data-testid="preview-zoom-in">
                    +
                  </IconButton>
                  <Button size="xs" variant="ghost" title={t('preview.zoomReset')} {...api.getZoomResetProps()} data-testid="preview-zoom-reset">
                    1:1
                  </Button>
                  {api.isPdf && (
                    <HStack gap="1" ms="3" data-testid="preview-pages">
                      <IconButton size="xs" variant="outline" aria-label={t('preview.prevPage')} title={t('preview.prevPage')} {...api.getPrevPageProps()} data-testid="preview-prev-page">
                        ‹
                      </IconButton>
                      <Text fontSize="sm">{t('preview.page')}</Text>
                      <Input key={api.page} size="xs" w="14" textAlign="center" aria-label={t('preview.page')} {...api.getPageProps()} data-testid="preview-page" />
                      <Text fontSize="sm" data-testid="preview-page-count">
                        {t('preview.pageOf', { count: api.pageCount })}
                      </Text>
                      <IconButton size="xs" variant="outline" aria-label={t('preview.nextPage')} title={t('preview.nextPage')} {...api.getNextPageProps()} data-testid="preview-next-page">
                        ›
                      </IconButton>
                    </HStack>
                  )}
                </HStack>
                <Box
                  ref={area}
                  {...content}
                  onKeyDown={undefined}
                  w="100%"
                  maxW={`${PREVIEW_CONTENT_WIDTH}px`}
                  // The whole dialog stays on the screen: its margins, header, toolbar and footer take about 400 px.
                  h="max(200px, min(70vh, calc(100dvh - 400px)))"
                  overflow="auto"
                  p={`${CONTENT_PADDING}px`}
                  borderWidth="1px"
                  borderRadius="md"
                  bg="bg.subtle"
                  outline="none"
                  _focusVisible={{ boxShadow: 'outline' }}
                  data-testid="preview-content"
                >
                  <PreviewBody key={api.file?.fileId ?? 0} api={api} canvasRef={canvas.ref} />
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" {...api.getRetryProps()} data-testid="preview-retry">
                {t('preview.retry')}
              </Button>
              <Button size="sm" colorPalette="blue" {...api.getDownloadProps()} data-testid="preview-download">
                {t('preview.download')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('preview.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PreviewBody({ api, canvasRef }: { api: ReturnType<typeof connectPreviewer>; canvasRef: (element: HTMLCanvasElement | null) => void }) {
  const { t } = useI18n();
  const fileName = api.file?.fileName ?? '';
  const [natural, setNatural] = useState<number | null>(null);
  if (api.state === 'loading') {
    return (
      <Center h="100%" flexDirection="column" gap="3" data-testid="preview-loading">
        <Spinner size="lg" />
        <Text fontSize="sm" color="fg.muted">
          {t(api.kind === 'office' ? 'preview.converting' : 'preview.loading', { fileName })}
        </Text>
      </Center>
    );
  }
  if (api.state === 'unsupported' || api.state === 'failed') {
    const unsupported = api.state === 'unsupported';
    return (
      <Center h="100%">
        <Alert.Root status={unsupported ? 'info' : 'error'} role="alert" maxW="md" data-testid={unsupported ? 'preview-unsupported' : 'preview-failed'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{unsupported ? t('preview.unsupportedTitle') : t('preview.failed')}</Alert.Title>
            <Alert.Description>{api.message ?? t('preview.unsupportedType')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Center>
    );
  }
  const content = api.content;
  if (!content) return null;
  if (content.kind === 'image') {
    const fit = natural === null ? null : Math.min(natural, PREVIEW_CONTENT_WIDTH - 2 * CONTENT_PADDING);
    return (
      <Center minH="100%" w="fit-content" minW="100%">
        <img
          src={content.url}
          alt={t('preview.image', { fileName })}
          onLoad={(e) => setNatural(e.currentTarget.naturalWidth)}
          style={{ width: fit === null ? undefined : `${Math.round(fit * api.zoom)}px`, maxWidth: 'none', display: 'block' }}
          data-testid="preview-image"
        />
      </Center>
    );
  }
  if (content.kind === 'text') {
    if (content.text === '') return <Center h="100%" color="fg.muted" data-testid="preview-empty">{t('preview.empty')}</Center>;
    return (
      <Box as="pre" m="0" whiteSpace="pre-wrap" wordBreak="break-word" fontFamily="mono" style={{ fontSize: `${TEXT_SIZE * api.zoom}px` }} data-encoding={content.encoding} data-testid="preview-text">
        {content.text}
      </Box>
    );
  }
  return (
    <Box position="relative" w="fit-content" minW="100%">
      <canvas ref={canvasRef} data-page={api.page} data-drawing={api.drawing ? 'true' : 'false'} style={{ display: 'block', margin: '0 auto', background: 'white' }} data-testid="preview-canvas" />
      {api.drawing && (
        <Center position="absolute" inset="0" pointerEvents="none">
          <Spinner size="md" />
        </Center>
      )}
    </Box>
  );
}
