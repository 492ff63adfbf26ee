import type { FastifyRequest } from 'fastify';
import { CODE } from '../../src/shared/codes';
import { isAllowedEmbeddedUrl } from '../../src/shared/embedded-protocol';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * What the embedded-page resource does beyond the generic routes
 * (src/resources/defs/sys-page-iframe.ts): an address is stored only when the browser may frame
 * it, a path on this site or an https address at an origin of EMBEDDED_PAGE_ORIGINS; anything
 * else (`javascript:`, `data:`, `//other.site`, plain http) is refused with 1900 on add and on
 * update, before anything is written.
 */
function checkUrl(request: FastifyRequest, url: unknown) {
  if (typeof url === 'string' && !isAllowedEmbeddedUrl(url, request.server.config.embeddedPageOrigins)) throw refuse(CODE.embeddedUrlRefused, { url: url.slice(0, 100) });
}

export const sysPageIframeHooks: ResourceHooks = {
  async beforeInsert(_tx, body, request) {
    checkUrl(request, body.iframeUrl);
    return {};
  },
  async beforeStep(_tx, _row, step, request) {
    if (step === 'RECORD.UPDATE') checkUrl(request, (request.body as { iframeUrl?: unknown }).iframeUrl);
  },
};
