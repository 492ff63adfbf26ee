import type { FastifyReply } from 'fastify';

/**
 * `Content-Disposition: attachment` for a file the server writes (RFC 6266): `filename` with an
 * ASCII stand-in for older clients, `filename*` (RFC 5987) with the real UTF-8 name, which every
 * current browser and our `fileNameOf` prefer.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // encodeURIComponent leaves ' ( ) * unescaped; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The headers of a file the server writes for one caller (an export, an import template or
 * report, a licence): its type, its name as an attachment, and never cached. The caller sends
 * the body.
 */
export function asAttachment(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  return reply.header('Content-Type', contentType).header('Content-Disposition', attachmentDisposition(fileName)).header('Cache-Control', 'no-store');
}
