import { CODE, type Answer } from '../../src/shared/codes';

/**
 * A refusal the caller should see: an HTTP status, a business code, and a message key
 * (`code.<code>` by default) that the error handler localises. Never carries a stack to the
 * client.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    readonly params: Record<string, unknown> = {},
    readonly data: unknown = null,
    readonly msgKey = `code.${code}`,
  ) {
    super(msgKey);
  }
}

export const ok = <T>(data: T, msg = 'success'): Answer<T> => ({ code: CODE.ok, msg, data });

export const badRequest = (detail: string) => new AppError(400, CODE.validation, { detail });
export const forbidden = () => new AppError(403, CODE.forbidden);
export const notFound = (path: string) => new AppError(404, CODE.notFound, { path });
/** A business rule said no: HTTP 200 with a non-zero code, as the spec's callers expect. */
export const refuse = (code: number, params: Record<string, unknown> = {}, msgKey?: string) => new AppError(200, code, params, null, msgKey);
