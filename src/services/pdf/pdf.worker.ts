// PDF.js's parser, as a worker file of this build (served from the portal's own address, so the
// policy's script-src 'self' covers it: no blob: worker, no CDN). It listens on its port on load.
import 'pdfjs-dist/build/pdf.worker.min.mjs';
