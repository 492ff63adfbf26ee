import { ANSWER_CODE as CODE } from './answer-codes';

/**
 * The error catalogue of shell §8: an HTTP status to the locale key of its message (module
 * `request`). 401 and 412 are handled by their machines, not toasts; a missing response has
 * its own text; any other status falls back to "connection error".
 */
const STATUS_KEYS: Record<number, string> = {
  400: 'request.error.400',
  401: 'request.error.401',
  403: 'request.error.403',
  404: 'request.error.404',
  405: 'request.error.405',
  408: 'request.error.408',
  412: 'request.error.412',
  500: 'request.error.500',
  501: 'request.error.501',
  502: 'request.error.502',
  503: 'request.error.503',
  504: 'request.error.504',
  505: 'request.error.505',
};
export const CATALOGUED_STATUSES = Object.keys(STATUS_KEYS).map(Number);
export const NO_RESPONSE_KEY = 'request.error.noResponse';
export const OTHER_STATUS_KEY = 'request.error.other';

/** Locale key for an HTTP status; 0 means no response arrived. */
export function statusMessageKey(status: number): string {
  if (status === 0) return NO_RESPONSE_KEY;
  return STATUS_KEYS[status] ?? OTHER_STATUS_KEY;
}

/** Shell §8, 401: the prompt's text by business code. */
export function unauthorizedMessageKey(code: number | undefined): string {
  return code === CODE.loginElsewhere ? 'request.session.elsewhere' : 'request.session.expired';
}
