import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { createActor, fromPromise } from 'xstate';
import { CODE } from '../../src/shared/codes';
import { decodeText, extensionOf, isPreviewable, previewKindOfFile } from '../../src/shared/preview';
import { previewerMachine, type PdfPageRequest, type PreviewContent, type PreviewFile } from '../../src/machines/previewer.machine';
import { connectPreviewer, previewKeyEvent } from '../../src/machines/previewer.connect';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import type { PreviewKind } from '../../src/shared/preview';

// The dialog with its real machine and Chakra parts; the previewer's calls are doubles of
// src/services/api/preview.ts (the calls themselves are the http client's download, tested in
// http-client.test.ts, and the server's, in tests/server/preview.test.ts).
const files = new Map<number, () => Promise<Blob>>();
const downloads: number[] = [];
jest.mock('../../src/services/api/preview', () => ({
  fetchFileBytes: (id: number) => files.get(id)!(),
  fetchOfficePdf: () => Promise.reject(Object.assign(new Error('本服务器未安装 Office 转换程序，无法预览 Office 文件；请下载后打开'), { code: 2800 })),
  downloadStoredFile: async (id: number) => void downloads.push(id),
}));
const { PreviewDialog } = jest.requireActual<typeof import('../../src/widgets/preview/PreviewDialog')>('../../src/widgets/preview/PreviewDialog');

/** 中文预览 in GBK: not UTF-8, so the UTF-8 reading has replacement characters. */
const GBK = new Uint8Array([0xd6, 0xd0, 0xce, 0xc4, 0xd4, 0xa4, 0xc0, 0xc0]);

describe('what the previewer opens (widgets §5)', () => {
  it('offers image, pdf, txt and Office files, whatever the case of the extension, and nothing else', () => {
    for (const name of ['a.png', 'B.JPG', 'c.jpeg', 'd.gif', 'e.pdf', 'f.txt', 'g.docx', 'h.doc', 'i.xls', 'j.xlsx', 'k.ppt', 'l.pptx', 'm.odt', 'n.rtf', '报告.Docx']) expect([name, isPreviewable(name)]).toEqual([name, true]);
    for (const name of ['a.zip', 'b.rar', 'c', '.pdf', 'd.pdf.exe', 'e.html', 'f.svg']) expect([name, isPreviewable(name)]).toEqual([name, false]);
    expect([previewKindOfFile('x.PNG'), previewKindOfFile('x.pdf'), previewKindOfFile('x.txt'), previewKindOfFile('x.xlsx')]).toEqual(['image', 'pdf', 'text', 'office']);
    expect([extensionOf('dir/a.b.TXT'), extensionOf('noext'), extensionOf('C:\\x\\y.Pdf')]).toEqual(['txt', '', 'pdf']);
  });
});

describe('a text file’s characters (widgets §9)', () => {
  it('reads UTF-8, dropping a byte-order mark', () => {
    const bytes = new TextEncoder().encode('\uFEFF中文 ok');
    expect(decodeText(bytes)).toEqual({ text: '中文 ok', encoding: 'utf-8' });
  });
  it('re-decodes as GBK when UTF-8 leaves replacement characters', () => {
    expect(new TextDecoder('utf-8').decode(GBK)).toContain('\uFFFD');
    expect(decodeText(GBK)).toEqual({ text: '中文预览', encoding: 'gbk' });
    expect(decodeText(GBK.buffer)).toEqual({ text: '中文预览', encoding: 'gbk' });
  });
  it('keeps the UTF-8 reading of bytes that are not GBK either', () => {
    // A GBK lead byte with nothing after it: broken in both.
    const bytes = new Uint8Array([0x41, 0xd6]);
    expect(decodeText(bytes).encoding).toBe('utf-8');
  });
});

describe('the previewer’s keys and page field', () => {
  it('maps + = − 0 ← → to zoom and pages, nothing else', () => {
    expect(['+', '=', '-', '0', 'ArrowRight', 'ArrowLeft', 'a', 'Enter'].map((k) => previewKeyEvent(k)?.type ?? null)).toEqual(['ZOOM.IN', 'ZOOM.IN', 'ZOOM.OUT', 'ZOOM.RESET', 'PAGE.NEXT', 'PAGE.PREV', null, null]);
  });

  it('turns pages by key and by the page field, ignoring keys typed in the field and impossible pages', async () => {
    const pdf: PreviewContent = { kind: 'pdf', pageCount: 4, handle: null };
    const actor = createActor(
      previewerMachine.provide({
        actors: {
          fetchFile: fromPromise<Blob, PreviewFile>(async () => new Blob(['%PDF'])),
          openContent: fromPromise<PreviewContent, { blob: Blob; kind: PreviewKind }>(async () => pdf),
          renderPdfPage: fromPromise<void, PdfPageRequest>(async () => undefined),
        },
      }),
    ).start();
    actor.send({ type: 'PREVIEW.OPEN', fileId: 1, fileName: 'r.pdf' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches({ open: { rendered: 'shown' } }) && resolve()));
    const api = () => connectPreviewer(actor.getSnapshot(), actor.send);
    const key = (k: string, tagName = 'DIV') => api().getContentProps().onKeyDown({ key: k, target: { tagName }, preventDefault: () => undefined });
    key('ArrowRight');
    expect(api().page).toBe(2);
    key('ArrowRight', 'INPUT');
    expect(api().page).toBe(2);
    api().getPageProps().onKeyDown({ key: 'Enter', currentTarget: { value: '4' } });
    expect([api().page, api().getNextPageProps().disabled, api().getPrevPageProps().disabled]).toEqual([4, true, false]);
    for (const value of ['9', '0', '2.5', 'x']) api().getPageProps().onBlur({ currentTarget: { value } });
    expect(api().page).toBe(4);
    key('+');
    expect(api().zoomLabel).toBe('110%');
    actor.stop();
  });
});

describe('the preview dialog', () => {
  const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
  afterEach(() => {
    cleanup();
    files.clear();
    downloads.length = 0;
  });
  async function show(file: PreviewFile, onClose: () => void = () => undefined) {
    const view = render(
      <ChakraProvider value={system}>
        <I18nProvider modules={[]}>
          <PreviewDialog file={file} onClose={onClose} />
        </I18nProvider>
      </ChakraProvider>,
    );
    await settle();
    await settle();
    return { view, dialog: await screen.findByTestId('preview-dialog') };
  }

  it('shows a GBK text file’s Chinese, zooms it by keys down to 30 % and downloads the original', async () => {
    files.set(7, async () => new Blob([GBK]));
    const { dialog } = await show({ fileId: 7, fileName: '说明.txt' });
    const text = await within(dialog).findByTestId('preview-text');
    expect([text.textContent, text.getAttribute('data-encoding')]).toEqual(['中文预览', 'gbk']);
    const content = within(dialog).getByTestId('preview-content');
    for (let i = 0; i < 10; i++) fireEvent.keyDown(content, { key: '-' });
    expect(within(dialog).getByTestId('preview-zoom').textContent).toBe('30%');
    expect((within(dialog).getByTestId('preview-zoom-out') as HTMLButtonElement).disabled).toBe(true);
    expect(text.style.fontSize).toBe(`${14 * 0.3}px`);
    fireEvent.keyDown(content, { key: '0' });
    expect(within(dialog).getByTestId('preview-zoom').textContent).toBe('100%');
    fireEvent.click(within(dialog).getByTestId('preview-download'));
    expect(downloads).toEqual([7]);
  });

  it('says the server has no Office converter, with the download, and tells the page when it closes', async () => {
    const closed = jest.fn();
    const { dialog } = await show({ fileId: 8, fileName: '季度报告.docx' }, closed);
    const notice = await within(dialog).findByTestId('preview-unsupported');
    expect(notice.textContent).toContain('本服务器未安装 Office 转换程序');
    expect([dialog.getAttribute('data-state'), (within(dialog).getByTestId('preview-download') as HTMLButtonElement).disabled]).toEqual(['unsupported', false]);
    expect(CODE.previewConverterMissing).toBe(2800);
    fireEvent.click(within(dialog).getByLabelText('preview.close'));
    await settle();
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('says a failure with a retry that loads again', async () => {
    let attempts = 0;
    files.set(9, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('网络异常');
      return new Blob(['plain text']);
    });
    const { dialog } = await show({ fileId: 9, fileName: 'a.txt' });
    expect((await within(dialog).findByTestId('preview-failed')).textContent).toContain('网络异常');
    fireEvent.click(within(dialog).getByTestId('preview-retry'));
    await settle();
    expect((await within(dialog).findByTestId('preview-text')).textContent).toBe('plain text');
  });
});
