import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise } from 'xstate';
import { ZOOM } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import type { PreviewKind } from '../../src/shared/preview';
import { ZOOM_STEPS, previewerMachine, type PreviewContent, type PreviewFile } from '../../src/machines/previewer.machine';
import { connectPreviewer } from '../../src/machines/previewer.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof previewerMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectPreviewer(s, () => undefined);

const FILES = {
  image: { fileId: 1, fileName: 'logo.PNG' },
  pdf: { fileId: 2, fileName: 'report.pdf' },
  office: { fileId: 3, fileName: '季度报告.docx' },
  other: { fileId: 4, fileName: 'bundle.zip' },
};
const BLOB = { size: 4 } as unknown as Blob;
const IMAGE: PreviewContent = { kind: 'image', url: 'blob:image' };
const TEXT: PreviewContent = { kind: 'text', text: '中文', encoding: 'gbk' };
const PDF: PreviewContent = { kind: 'pdf', pageCount: 3, handle: 'doc' };
const converterMissing = Object.assign(new Error('本服务器未安装 Office 转换程序'), { code: CODE.previewConverterMissing });
const conversionFailed = Object.assign(new Error('无法转换'), { code: CODE.previewConversionFailed });
const networkDown = new Error('网络异常');

/** What the view freed (releaseContent) and how often a download was asked, across a path. */
let released: PreviewContent[] = [];
let downloads = 0;
let lastState = '';

const rendered = (s: Snapshot) => s.matches({ open: 'rendered' });
/** Zoom walked on images only (all of 0.3 to 5); a pdf zooms once either way, so its pages stay few. */
const zoomable = (s: Snapshot) => rendered(s) && (s.context.content?.kind === 'image' ? s.context.file?.fileId === 1 : s.context.page === 1 && Math.abs(s.context.zoomSteps - ZOOM_STEPS.initial) <= 1);
const calm = (s: Snapshot) => s.context.zoomSteps === ZOOM_STEPS.initial && s.context.page === 1;

/**
 * The document previewer (issue 13 point 5): loading then rendered (widgets §4); images, pdf
 * pages, text and Office files through the server's pdf; unsupported with the server's message
 * when it has no converter; failed with a retry; zoom 0.3 to 5 by 0.1 from 1; page navigation.
 */
describeModel(previewerMachine, {
  events: {
    'PREVIEW.OPEN': (s: Snapshot) => (s.matches('closed') ? Object.values(FILES) : s.matches({ open: { rendered: 'shown' } }) && s.context.file?.fileId === 2 && calm(s) ? [FILES.image] : []),
    'PREVIEW.CLOSE': [{}],
    'PREVIEW.RETRY': [{}],
    DOWNLOAD: (s: Snapshot) => (s.matches('open') && calm(s) && !s.hasTag('busy') ? [{}] : []),
    'ZOOM.IN': (s: Snapshot) => (zoomable(s) ? [{}] : []),
    'ZOOM.OUT': (s: Snapshot) => (zoomable(s) ? [{}] : []),
    'ZOOM.RESET': (s: Snapshot) => (zoomable(s) ? [{}] : []),
    'PAGE.NEXT': (s: Snapshot) => (rendered(s) && s.context.zoomSteps === ZOOM_STEPS.initial ? [{}] : []),
    'PAGE.PREV': (s: Snapshot) => (rendered(s) && s.context.zoomSteps === ZOOM_STEPS.initial ? [{}] : []),
    'PAGE.GO': (s: Snapshot) => (rendered(s) && s.context.zoomSteps === ZOOM_STEPS.initial ? [{ page: 3 }, { page: 1 }, { page: 9 }, { page: 1.5 }] : []),
  },
  actors: {
    fetchFile: { outputs: [BLOB], errors: [networkDown] },
    convertOffice: { outputs: [BLOB], errors: [converterMissing, conversionFailed] },
    openContent: { outputs: [IMAGE, TEXT, PDF], errors: [new Error('文件已损坏')] },
    renderPdfPage: { outputs: [undefined], errors: [new Error('无法绘制')] },
  },
  provide: {
    actions: {
      releaseContent: ({ context }: { context: { content: PreviewContent | null } }) => void (context.content && released.push(context.content)),
      downloadFile: () => void downloads++,
    },
  } as never,
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.file?.fileId, s.context.content?.kind, s.context.page, s.context.zoomSteps, s.context.reason, s.context.message])) as never,
  onState: (s, step) => {
    if (step.event.type === 'xstate.init') {
      released = [];
      downloads = 0;
      lastState = '';
    }
    const api = view(s);
    // The zoom is always a tenth between the bounds, said as a whole percentage.
    expect(api.zoom).toBeGreaterThanOrEqual(ZOOM.min);
    expect(api.zoom).toBeLessThanOrEqual(ZOOM.max);
    expect(api.zoomLabel).toBe(`${Math.round(s.context.zoomSteps * 10)}%`);
    // What was made to show a file lives only while it is shown, and is freed when it is not.
    if (!rendered(s)) expect(s.context.content).toBeNull();
    if (lastState === 'rendered' && api.state !== 'rendered') expect(released.length).toBeGreaterThan(0);
    if (step.event.type === 'DOWNLOAD') expect(downloads).toBeGreaterThan(0);
    expect(api.getDialogProps()).toMatchObject({ 'data-part': 'dialog', 'data-state': api.state, open: api.state !== 'closed' });
    lastState = api.state;
  },
  states: {
    closed: (s) => {
      expect(s.context).toMatchObject({ file: null, content: null, zoomSteps: ZOOM_STEPS.initial, page: 1, message: null });
      expect(view(s).open).toBe(false);
    },
    'open.loading': (s, _step, run) => {
      const api = view(s);
      expect([api.state, api.loading, api.getZoomInProps().disabled, api.getContentProps()['aria-busy']]).toEqual(['loading', true, true, true]);
      expect(api.getDownloadProps().disabled).toBe(false);
      if (s.matches({ open: { loading: 'converting' } })) {
        expect(s.context.kind).toBe('office');
        expect(run.inputs.convertOffice?.at(-1)).toEqual(FILES.office);
      }
      if (s.matches({ open: { loading: 'fetching' } })) expect(run.inputs.fetchFile?.at(-1)).toEqual(s.context.file);
      if (s.matches({ open: { loading: 'opening' } })) expect(run.inputs.openContent?.at(-1)).toEqual({ blob: BLOB, kind: s.context.kind === 'office' ? 'pdf' : s.context.kind });
    },
    'open.rendered.drawing': (s, _step, run) => {
      const api = view(s);
      expect([api.state, api.drawing, api.isPdf]).toEqual(['rendered', true, true]);
      expect(run.inputs.renderPdfPage?.at(-1)).toEqual({ content: PDF, page: s.context.page, zoom: api.zoom });
    },
    'open.rendered.shown': (s) => {
      const api = view(s);
      expect(api.content).toBe(s.context.content);
      expect(api.getZoomInProps().disabled).toBe(s.context.zoomSteps === ZOOM_STEPS.max);
      expect(api.getZoomOutProps().disabled).toBe(s.context.zoomSteps === ZOOM_STEPS.min);
      expect(api.getZoomResetProps().disabled).toBe(s.context.zoomSteps === ZOOM_STEPS.initial);
      if (api.isPdf) {
        expect(s.context.pageCount).toBe(3);
        expect([api.getPrevPageProps().disabled, api.getNextPageProps().disabled]).toEqual([s.context.page === 1, s.context.page === 3]);
      } else {
        // Images and texts have one page and no page controls.
        expect([s.context.page, api.getPrevPageProps().hidden, api.getPageProps().hidden]).toEqual([1, true, true]);
      }
    },
    'open.unsupported': (s) => {
      const api = view(s);
      if (s.context.file?.fileId === FILES.office.fileId) expect([api.reason, api.message]).toEqual(['converter', converterMissing.message]);
      else expect([api.reason, api.message, s.context.file]).toEqual(['type', null, FILES.other]);
      expect([api.getZoomInProps().disabled, api.getRetryProps().hidden, api.getDownloadProps().disabled]).toEqual([true, true, false]);
    },
    'open.failed': (s) => {
      const api = view(s);
      expect([networkDown.message, conversionFailed.message, '文件已损坏', '无法绘制']).toContain(api.message);
      expect([api.getRetryProps().hidden, api.getDownloadProps().disabled]).toEqual([false, false]);
    },
  },
});

describe('previewer zoom by steps', () => {
  const open = () => {
    const actor = createActor(
      previewerMachine.provide({
        actors: {
          fetchFile: fromPromise<Blob, PreviewFile>(async () => BLOB),
          openContent: fromPromise<PreviewContent, { blob: Blob; kind: PreviewKind }>(async () => IMAGE),
        },
      }),
    ).start();
    actor.send({ type: 'PREVIEW.OPEN', ...FILES.image });
    return actor;
  };
  const settled = (actor: ReturnType<typeof open>) => new Promise<void>((resolve) => actor.subscribe((s) => s.matches({ open: { rendered: 'shown' } }) && resolve()));

  it('reaches 5 exactly in 40 steps of 0.1 from 1, and 0.3 in 7, where the buttons turn off and further steps do nothing', async () => {
    const actor = open();
    await settled(actor);
    expect(view(actor.getSnapshot()).zoom).toBe(1);
    const seen: number[] = [];
    for (let i = 0; i < 45; i++) {
      actor.send({ type: 'ZOOM.IN' });
      seen.push(view(actor.getSnapshot()).zoom);
    }
    expect(seen.slice(0, 3)).toEqual([1.1, 1.2, 1.3]);
    expect(seen[39]).toBe(ZOOM.max);
    expect(seen.slice(40)).toEqual([5, 5, 5, 5, 5]);
    expect(view(actor.getSnapshot()).getZoomInProps().disabled).toBe(true);
    actor.send({ type: 'ZOOM.RESET' });
    expect(view(actor.getSnapshot()).zoom).toBe(1);
    for (let i = 0; i < 7; i++) actor.send({ type: 'ZOOM.OUT' });
    expect([view(actor.getSnapshot()).zoom, view(actor.getSnapshot()).zoomLabel, view(actor.getSnapshot()).getZoomOutProps().disabled]).toEqual([ZOOM.min, '30%', true]);
    actor.send({ type: 'ZOOM.OUT' });
    expect(view(actor.getSnapshot()).zoom).toBe(ZOOM.min);
    actor.stop();
  });
});
