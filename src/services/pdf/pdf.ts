import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * PDF.js for the previewer (docs/previewer.md): loaded on the first pdf opened (its own chunk;
 * no page carries it otherwise), parsing in a worker bundled from this build, pages drawn on
 * the main thread into the previewer's canvas.
 *
 * The document is read from bytes the app fetched with its session header: PDF.js never asks
 * the server for anything but its own data files (CMaps, standard fonts, the image decoders'
 * script fallbacks, all of this build). It runs without WebAssembly, so the strict
 * content security policy holds (script-src 'self', no 'unsafe-eval', no 'wasm-unsafe-eval').
 */
type PdfJs = typeof import('pdfjs-dist');
let loaded: Promise<PdfJs> | null = null;

function pdfjs(): Promise<PdfJs> {
  return (loaded ??= import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist').then((lib) => {
    if (!lib.GlobalWorkerOptions.workerPort) lib.GlobalWorkerOptions.workerPort = new Worker(new URL('./pdf.worker.ts', import.meta.url), { name: 'pdf-worker' });
    return lib;
  }));
}

export type PdfDocument = PDFDocumentProxy;

/**
 * PDF.js's data files, copied by the build under `pdfjs/` beside the pages (rspack.config.ts):
 * addressed from the page, so a BASE_PATH prefix holds.
 */
const dataUrl = (dir: string) => new URL(`pdfjs/${dir}/`, document.baseURI).href;

/** A pdf's document from its bytes. */
export async function openPdf(blob: Blob): Promise<PdfDocument> {
  const lib = await pdfjs();
  const data = new Uint8Array(await blob.arrayBuffer());
  return lib.getDocument({
    data,
    // Chinese pdfs often name a predefined CMap (UniGB-UCS2-H) for a font they do not embed.
    cMapUrl: dataUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: dataUrl('standard_fonts'),
    // The image decoders' script fallbacks: the policy allows no WebAssembly.
    wasmUrl: dataUrl('wasm'),
    useWasm: false,
    disableWorkerRendering: true,
    enableXfa: false,
  }).promise;
}

/**
 * Draws one page into the canvas: at zoom 1 the page is `width` CSS pixels wide; sharp on a
 * high-density screen. An abort (a newer page or zoom, the dialog closed) cancels the drawing.
 */
export async function renderPdfPage(doc: PdfDocument, canvas: HTMLCanvasElement, options: { page: number; zoom: number; width: number; signal?: AbortSignal }): Promise<void> {
  const page = await doc.getPage(options.page);
  const scale = (options.width / page.getViewport({ scale: 1 }).width) * options.zoom;
  const ratio = globalThis.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  const task = page.render({ canvas, viewport });
  const cancel = () => task.cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    await task.promise;
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
}
