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

/**
 * A route that needs the user's confirmation calls this before it writes. Without a validation
 * flag it answers HTTP 412 with the dialog's parameters and a fresh one-time flag bound to this
 * route and session; sent again with that flag (header valid-flag), it returns and the route
 * goes on. A used, foreign or made-up flag is refused with 1107.
 */
export async function requireConfirmation(request: FastifyRequest, reply: FastifyReply, confirmation: Confirmation): Promise<void> {
  const route = request.routeOptions.url ?? request.url;
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
