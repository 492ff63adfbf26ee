import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only asks (the contract's `read` flag): not a write. */
    read?: boolean;
  }
}

/**
 * The calls named as questions, whatever their method: `query` and `query-…` (query-by-,
 * query-duty-station…), `validate-…` (is this code taken?), and the resource form's own helpers
 * `check-repeat` (asked on blur and before saving) and `rule-code` (the next number for a new
 * record).
 */
const READ_NAME = /\/(query|query-[^/]+|validate-[^/]+|check-repeat|rule-code)(\/|$)/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A call that only asks: by its method, its name, or the contract's `read` flag. What is not a
 * read is a write: the operation log records it, and a certificate setting guards it.
 */
export function isReadCall(request: FastifyRequest): boolean {
  return READ_METHODS.has(request.method) || request.routeOptions.config.read === true || READ_NAME.test(request.routeOptions.url ?? '');
}
