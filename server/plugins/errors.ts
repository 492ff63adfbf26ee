import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../http/answer';
import { CODE } from '../../src/shared/codes';
import { pickLanguage, translator } from '../i18n';
import { safeError } from '../security/safe-error';

/**
 * The one place a failure becomes an answer: `{code, msg, data}` with a localised msg and a
 * fitting HTTP status. The log keeps the stack; the response never does.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const t = translator(pickLanguage(request.headers.lang));
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send({ code: error.code, msg: t(error.msgKey, error.params), data: error.data });
    }
    if (error.validation) {
      const detail = error.validation.map((v) => `${v.instancePath.replace(/^\//, '') || (v.params as { missingProperty?: string }).missingProperty || error.validationContext} ${v.message}`).join('; ');
      return reply.status(400).send({ code: CODE.validation, msg: t(`code.${CODE.validation}`, { detail }), data: { errors: error.validation } });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.status(400).send({ code: CODE.malformedJson, msg: t(`code.${CODE.malformedJson}`), data: null });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ code: CODE.payloadTooLarge, msg: t(`code.${CODE.payloadTooLarge}`), data: null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ code: CODE.badRequest, msg: t(`code.${CODE.badRequest}`), data: null });
    }
    request.log.error({ err: safeError(error) }, 'unhandled error');
    return reply.status(500).send({ code: CODE.serverError, msg: t(`code.${CODE.serverError}`), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    const t = translator(pickLanguage(request.headers.lang));
    const path = request.url.split('?')[0];
    return reply.status(404).send({ code: CODE.notFound, msg: t(`code.${CODE.notFound}`, { path }), data: null });
  });
});
