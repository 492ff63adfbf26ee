import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { consumeToken, issueToken } from './request-token';

export interface Confirmation {
  /** The dialog's parameters (shell §8: "using response data as parameters"). */
  params: Record<string, unknown>;
  /** Locale key of the question the dialog asks, with params as its placeholders. */
  messageKey: string;
  /** Where the confirmed request goes; defaults to the route that asked. */
  targetUrl?: string;
  method?: 'POST' | 'PUT';
  /** Certificate flows: where to go after a confirmed, successful call. */
  redirectUrl?: string;
}

/** Object keys in a fixed order, so equal parameters always hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  return value;
}

/**
 * What a flag is bound to: the route and a SHA-256 of the parameters the user was shown. A flag
 * issued for "change the e-mail to a@x" does not let the same session set b@y.
 */
export const confirmationScope = (route: string, params: Record<string, unknown>) =>
  `${route}#${createHash('sha256').update(JSON.stringify(canonical(params))).digest('hex')}`;

/**
 * A route that needs the user's confirmation calls this before it writes. Without a validation
 * flag it answers HTTP 412 with the dialog's parameters and a fresh one-time flag bound to this
 * route, this session and these exact parameters; sent again with that flag (header
 * valid-flag) and the same parameters, it returns and the route goes on. A used, foreign or
 * made-up flag, or one confirmed for other parameters, is refused with 1107.
 */
export async function requireConfirmation(request: FastifyRequest, reply: FastifyReply, confirmation: Confirmation): Promise<void> {
  const route = confirmationScope(request.routeOptions.url ?? request.url.split('?')[0]!, confirmation.params);
  const header = request.headers[HEADERS.validFlag];
  if (typeof header === 'string' && header !== '') {
    if (await consumeToken(request.server.db, header, request.sessionTokenHash, 'confirm', route)) return;
    throw refuse(CODE.validFlagInvalid);
  }
  const validFlag = await issueToken(request.server.db, request.sessionTokenHash, 'confirm', route);
  reply.header(HEADERS.confirmUrl, confirmation.targetUrl ?? request.url.split('?')[0]);
  reply.header(HEADERS.confirmMethod, confirmation.method ?? request.method);
  if (confirmation.redirectUrl) reply.header(HEADERS.certRedirectUrl, confirmation.redirectUrl);
  throw refuse(CODE.confirmRequired, {}, { status: 412, data: { ...confirmation.params, message: request.t(confirmation.messageKey, confirmation.params), validFlag } });
}
