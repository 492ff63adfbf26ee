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

export interface RefuseOptions {
  /** HTTP status: 200 for a business refusal (the spec's callers expect it), 4xx for the request's own faults. */
  status?: number;
  /** What the answer's data carries (the minutes to wait, the problems found). */
  data?: unknown;
  /** Message key when not `code.<code>`. */
  msgKey?: string;
}

/**
 * The one way a route or service says no (docs/api/README.md, "Refusing"): a business code,
 * the message parameters, and HTTP 200 unless told otherwise. Throw what it returns.
 */
export const refuse = (code: number, params: Record<string, unknown> = {}, options: RefuseOptions = {}) =>
  new AppError(options.status ?? 200, code, params, options.data ?? null, options.msgKey);

export const badRequest = (detail: string) => refuse(CODE.validation, { detail }, { status: 400 });
export const forbidden = () => refuse(CODE.forbidden, {}, { status: 403 });
export const notFound = (path: string) => refuse(CODE.notFound, { path }, { status: 404 });
