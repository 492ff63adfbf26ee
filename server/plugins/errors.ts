import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/answer';
import { CODE } from '../../src/shared/codes';
import { pickLanguage, translator } from '../i18n';
import { isDatabaseUnavailable } from '../db/unavailable';
import { safeError } from '../security/safe-error';
import { invalidRequest, resourceFieldNames, type ValidationItem } from '../http/invalid-request';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** Fastify's own failures before routing (a URL that does not decode): the same answer shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = translator(pickLanguage(request.headers.lang));
  void error;
  return reply.status(400).send({ code: CODE.badUrl, msg: t(`code.${CODE.badUrl}`), data: null });
}

function answer(reply: FastifyReply, status: number, body: { code: number; msg: string; data: unknown }) {
  // A refusal with HTTP 200 must not go through the route's answer schema (its data is not the route's).
  // With its own serializer Fastify names no content type: a download tells a refusal by it (client.ts download()).
  return reply.status(status).type('application/json; charset=utf-8').serializer((payload: unknown) => JSON.stringify(payload)).send(body);
}

/**
 * The one place a failure becomes an answer: `{code, msg, data}` with a localised msg and a
 * fitting HTTP status. The log keeps the stack; the response never does.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = pickLanguage(request.headers.lang);
    const t = translator(lang);
    if (error instanceof AppError) {
      return answer(reply, error.httpStatus, { code: error.code, msg: t(error.msgKey, error.params), data: error.data });
    }
    if (error.validation) {
      const labels = request.routeOptions.config.labels;
      const refusal = invalidRequest(error.validation as ValidationItem[], t, resourceFieldNames((field) => labels?.[field]?.[lang], t));
      return answer(reply, refusal.httpStatus, { code: refusal.code, msg: t(refusal.msgKey, refusal.params), data: refusal.data });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return answer(reply, 400, { code: CODE.malformedJson, msg: t(`code.${CODE.malformedJson}`), data: null });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return answer(reply, 413, { code: CODE.payloadTooLarge, msg: t(`code.${CODE.payloadTooLarge}`), data: null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return answer(reply, error.statusCode, { code: CODE.badRequest, msg: t(`code.${CODE.badRequest}`), data: null });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(`database unavailable: ${error.message.split('\n')[0]}`);
      return answer(reply.header('retry-after', '2'), 503, { code: CODE.databaseUnavailable, msg: t(`code.${CODE.databaseUnavailable}`), data: null });
    }
    request.log.error({ err: safeError(error) }, 'unhandled error');
    return answer(reply, 500, { code: CODE.serverError, msg: t(`code.${CODE.serverError}`), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    const t = translator(pickLanguage(request.headers.lang));
    // originalUrl: the path as the caller wrote it, BASE_PATH included; url: as routed.
    const path = request.originalUrl.split('?')[0]!;
    const routed = request.url.split('?')[0]!;
    // A path that exists with another method: 405 naming the methods it takes.
    const allowed = METHODS.filter((method) => method !== request.method && app.hasRoute({ method, url: routed }));
    if (allowed.length) {
      return reply.status(405).header('Allow', allowed.join(', ')).send({ code: CODE.methodNotAllowed, msg: t(`code.${CODE.methodNotAllowed}`, { allowed: allowed.join(', ') }), data: null });
    }
    return reply.status(404).send({ code: CODE.notFound, msg: t(`code.${CODE.notFound}`, { path }), data: null });
  });
});
