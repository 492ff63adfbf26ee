import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/answer';
import { CODE } from '../../src/shared/codes';
import { pickLanguage, translator, type Translate } from '../i18n';
import { isDatabaseUnavailable } from '../db/unavailable';
import { safeError } from '../security/safe-error';

/** One problem of a body the contract refuses, as the caller sees it: no validator internals. */
export interface FieldProblem {
  /** The field's name in the body ('' for the body itself). */
  field: string;
  /** The rule it broke: required, unknownField, maxLength, minLength, forbiddenCharacter, pattern, type, enum, minimum, maximum, maxItems, minItems, format, invalid. */
  rule: string;
  /** The limit the rule names, when it has one. */
  limit?: number;
  message: string;
}

interface ValidationItem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  schema?: unknown;
}

const NUL_PATTERN = '^[^\\u0000]*$';
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** The field a validator error is about: the last named step of its path, or the missing/unknown property. */
function fieldOf(item: ValidationItem): string {
  if (item.keyword === 'required') return String(item.params.missingProperty ?? '');
  if (item.keyword === 'additionalProperties') return String(item.params.additionalProperty ?? '');
  const steps = item.instancePath.split('/').filter(Boolean);
  const named = [...steps].reverse().find((s) => !/^\d+$/.test(s));
  return named ?? '';
}

function ruleOf(item: ValidationItem): { rule: string; limit?: number } {
  const limit = typeof item.params.limit === 'number' ? item.params.limit : undefined;
  switch (item.keyword) {
    case 'additionalProperties':
      return { rule: 'unknownField' };
    case 'minLength':
      return limit === 1 ? { rule: 'required' } : { rule: 'minLength', limit };
    case 'pattern':
      return { rule: item.params.pattern === NUL_PATTERN ? 'forbiddenCharacter' : 'pattern' };
    case 'required':
    case 'maxLength':
    case 'type':
    case 'enum':
    case 'const':
    case 'format':
    case 'maxItems':
    case 'minItems':
      return { rule: item.keyword === 'const' ? 'enum' : item.keyword, ...(limit !== undefined ? { limit } : {}) };
    case 'minimum':
    case 'maximum':
      return { rule: item.keyword, ...(limit !== undefined ? { limit } : {}) };
    default:
      return { rule: 'invalid' };
  }
}

/**
 * Unions (an empty body is `{}` or null) report one error per branch: keep the ones that say
 * something about a field, else the first.
 */
function relevant(items: ValidationItem[]): ValidationItem[] {
  const specific = items.filter((i) => i.keyword !== 'anyOf' && !(i.keyword === 'type' && i.params.type === 'null'));
  return specific.length ? specific : items.slice(0, 1);
}

/** Localised, per field and per rule, deduplicated: what a validation failure tells the caller. */
export function describeValidation(items: ValidationItem[], t: Translate): FieldProblem[] {
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const item of relevant(items)) {
    const field = fieldOf(item);
    const { rule, limit } = ruleOf(item);
    const label = field ? t(`field.${field}`) : t('field.body');
    const fieldLabel = label.startsWith('field.') ? field : label;
    const allowed = Array.isArray(item.params.allowedValues) ? item.params.allowedValues.map((v) => (v === '' ? '""' : String(v))).join(', ') : '';
    const type = typeof item.params.type === 'string' ? t(`validation.types.${item.params.type}`) : '';
    const message = t(`validation.${rule}`, { field: fieldLabel, limit, allowed, type });
    if (seen.has(message)) continue;
    seen.add(message);
    out.push({ field, rule, ...(limit !== undefined ? { limit } : {}), message });
  }
  return out;
}

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
    const t = translator(pickLanguage(request.headers.lang));
    if (error instanceof AppError) {
      return answer(reply, error.httpStatus, { code: error.code, msg: t(error.msgKey, error.params), data: error.data });
    }
    if (error.validation) {
      const errors = describeValidation(error.validation as ValidationItem[], t);
      const detail = errors.map((e) => e.message).join(t('validation.separator'));
      return answer(reply, 400, { code: CODE.validation, msg: t(`code.${CODE.validation}`, { detail }), data: { errors } });
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
