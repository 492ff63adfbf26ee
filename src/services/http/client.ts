import fetchBuilder from 'fetch-retry';
import { HEADERS, HTTP_GET_RETRIES, UPLOAD_CONTENT_FILTER_FIELD } from '../../shared/constants';
import { translate } from '../i18n/i18n';
import { ANSWER_CODE as CODE, type Answer, type Page } from '../../shared/answer-codes';
import { httpConfig } from './config';
import { requestHeaders, requestLanguage } from './headers';
import { forgetEnvelopeKey, sealWithPageKey } from './envelope-key';
import { statusMessageKey } from '../../shared/http-errors';
import { httpEvents } from './events';
import { loading } from './loading';
import { requestToken } from './request-token';
import { ask } from './questions';
import { noteServedBuild } from './build-version';

/**
 * The one HTTP client of the app (shell §7). Every contract call (call.ts) goes through
 * `request` (or `page`, `list`, `download`, `upload`, `remove` below). It sends JwtToken, lang
 * and ClusterNO; seals non-GET bodies in the payload envelope; counts itself in the loading
 * overlay; retries idempotent GETs on network failure only; refreshes the request token when
 * an answer asks; and turns a failure into an ApiError with a localised message, a toast
 * (unless error-no-tip), the session prompt (401) or the confirmation dialog (412).
 */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** JSON body for non-GET calls; query parameters for GET. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Do not count this call in the loading overlay. */
  noLoading?: boolean;
  /** Do not toast this call's error (the error-no-tip header). */
  noErrorTip?: boolean;
  /** Send the body in clear even though payload encryption is on (header notUseEncrypt). */
  notEncrypt?: boolean;
  /** A create call (the contract's `requestToken` flag): fetch a request token first when the page holds none yet. */
  requestToken?: boolean;
  signal?: AbortSignal;
  /**
   * This very call, already sent by someone who could not interpret its answer (index.html's
   * first paint asks for the session info before the app's code runs: services/home-first-paint.ts).
   * Its answer is taken as if this call had got it; should it have got none, the call is sent.
   */
  asked?: Promise<Response>;
}

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
    /** Business code from the answer, when there was one. */
    readonly code: number | undefined,
    /** Localised: the server's msg, or the catalogue's text for the status. */
    message: string,
    readonly data: unknown = null,
    readonly headers?: Headers,
    /** The user said no (a 412 confirmation or a delete): nothing to report. */
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Network failures of GETs are retried HTTP_GET_RETRIES times, waiting 300 ms, 600 ms: reads only. */
const GET_RETRY_DELAY_MS = 300;
let retryingFetch: ReturnType<typeof fetchBuilder<typeof fetch>> | null = null;
const fetchWithRetry = () =>
  (retryingFetch ??= fetchBuilder(globalThis.fetch, {
    retries: HTTP_GET_RETRIES,
    retryDelay: (attempt) => GET_RETRY_DELAY_MS * 2 ** attempt,
    // Only a request that got no answer at all; an HTTP error is the server's word.
    retryOn: (attempt, error) => error !== null && !(error instanceof DOMException && error.name === 'AbortError') && attempt < HTTP_GET_RETRIES,
  }));

const text = (key: string, params?: Record<string, unknown>) => translate(requestLanguage() as never, key, params);

const absolute = (url: string) => (/^https?:/.test(url) ? url : `${httpConfig.baseUrl}${url}`);
/**
 * The path the envelope signs: the API's own (`/api/…`), without the prefix the portal is
 * mounted under, because that is the path the server's routes see whether the prefix is taken
 * off by BASE_PATH or by the reverse proxy.
 */
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

function withQuery(url: string, data: unknown): string {
  if (!data || typeof data !== 'object') return url;
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) if (v !== undefined && v !== null) query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function buildInit(options: RequestOptions, method: string): Promise<{ url: string; init: RequestInit; headers: Record<string, string> }> {
  const headers = requestHeaders(options.headers);
  if (options.noErrorTip) headers[HEADERS.errorNoTip] = '1';
  if (method === 'GET') return { url: absolute(withQuery(options.url, options.data)), init: { method, headers, signal: options.signal }, headers };
  let token = await requestToken.current();
  // The first create of a page: no answer has handed a token out yet, so ask for one.
  if (!token && options.requestToken && !headers[HEADERS.requestToken]) {
    await requestToken.refresh(headers);
    token = await requestToken.current();
  }
  if (token && !headers[HEADERS.requestToken]) headers[HEADERS.requestToken] = token;
  headers['content-type'] = 'application/json';
  let body: unknown = options.data ?? {};
  if (options.notEncrypt) headers[HEADERS.notUseEncrypt] = 'true';
  else body = await sealWithPageKey(body, { method, path: pathOf(options.url) });
  return { url: absolute(options.url), init: { method, headers, body: JSON.stringify(body), signal: options.signal }, headers };
}

async function readAnswer<T>(response: Response): Promise<Answer<T> | undefined> {
  try {
    const answer = (await response.json()) as Answer<T>;
    return answer && typeof answer === 'object' && typeof answer.code === 'number' ? answer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After any answer, its headers: a request token means "fetch the next one" (shell §7); the
 * server's build is compared with the page's (build-version.ts).
 */
function noteAnswerHeaders(response: Response, headers: Record<string, string>): void {
  noteServedBuild(response);
  if (response.headers.has(HEADERS.requestToken)) {
    const { [HEADERS.requestToken]: _old, 'content-type': _type, ...session } = headers;
    void requestToken.refresh(session);
  }
}

/** Reports a failure as shell §8 says, and returns it to throw. */
function fail(options: Pick<RequestOptions, 'noErrorTip'>, status: number, answer: Answer | undefined, headers?: Headers): ApiError {
  const catalogue = text(statusMessageKey(status));
  const business = answer && answer.code !== CODE.ok ? answer.msg : undefined;
  const error = new ApiError(status, answer?.code, business || catalogue, answer?.data ?? null, headers);
  if (status === 401) {
    httpEvents.emit('unauthorized', { code: answer?.code ?? CODE.loginExpired });
    return error;
  }
  if (!options.noErrorTip) {
    // An HTTP failure is titled by the catalogue; a business refusal (HTTP 200) by its msg.
    if (status >= 200 && status < 300) httpEvents.emit('toast', { type: 'error', title: error.message });
    else httpEvents.emit('toast', { type: 'error', title: catalogue, ...(business ? { description: business } : {}) });
  }
  return error;
}

/** One round trip, with the overlay counter and the retry rules; no interpretation. */
async function exchange(options: RequestOptions, method: string): Promise<{ response: Response; headers: Record<string, string> }> {
  const { url, init, headers } = await buildInit(options, method);
  const response = method === 'GET' ? await fetchWithRetry()(url, init) : await fetch(url, init);
  noteAnswerHeaders(response, headers);
  return { response, headers };
}

/** An answer asked for before this code ran, taken as this call's; the call sent when it got none. */
async function taken(asked: Promise<Response>, options: RequestOptions, method: string): Promise<{ response: Response }> {
  const response = await asked.catch(() => null);
  if (!response) return exchange(options, method);
  noteAnswerHeaders(response, requestHeaders(options.headers));
  return { response };
}

async function send(options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'POST';
  if (!options.noLoading) loading.begin();
  try {
    let { response } = options.asked ? await taken(options.asked, options, method) : await exchange(options, method);
    // A retired envelope key: nothing was written; seal again with a fresh key, once.
    if (response.status === 400 && method !== 'GET' && !options.notEncrypt) {
      const answer = await readAnswer(response.clone());
      if (answer?.code === CODE.envelopeKeyUnknown) {
        forgetEnvelopeKey();
        ({ response } = await exchange(options, method));
      }
    }
    return response;
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    if (cause instanceof DOMException && cause.name === 'AbortError') throw new ApiError(0, undefined, text('request.error.aborted'), null, undefined, true);
    throw fail(options, 0, undefined);
  } finally {
    if (!options.noLoading) loading.end();
  }
}

// ---- 412: held requests, confirmed or cancelled through the http-error machine ------------

interface Held {
  options: RequestOptions;
  validFlag: string;
  targetUrl: string;
  method: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
const held = new Map<number, Held>();
let nextHeldId = 1;

function hold<T>(options: RequestOptions, response: Response, answer: Answer | undefined): Promise<T> {
  const data = (answer?.data && typeof answer.data === 'object' ? answer.data : {}) as Record<string, unknown>;
  const refusal = new ApiError(412, answer?.code, answer?.msg || text(statusMessageKey(412)), data, response.headers, true);
  if (!httpEvents.heard('precondition')) return Promise.reject(refusal);
  const id = nextHeldId++;
  const { validFlag, message, certRequired, funcCode, ...params } = data;
  const targetUrl = response.headers.get(HEADERS.confirmUrl) || options.url;
  const method = (response.headers.get(HEADERS.confirmMethod) || options.method || 'POST').toUpperCase();
  return new Promise<T>((resolve, reject) => {
    held.set(id, { options, validFlag: String(validFlag ?? ''), targetUrl, method, resolve: resolve as (v: unknown) => void, reject });
    httpEvents.emit('precondition', {
      id,
      params,
      message: typeof message === 'string' && message ? message : refusal.message,
      targetUrl,
      method,
      redirectUrl: response.headers.get(HEADERS.certRedirectUrl),
      // The certificate dialog's validation gives the flag; the answer then carries none.
      certificate: certRequired === true ? { funcCode: String(funcCode ?? '') } : null,
    });
  });
}

/**
 * The user confirmed: send the held request again with the validation flag, the 412's own or,
 * for a certificate confirmation, the one validateCert answered (`validFlag`).
 */
export async function confirmPending(id: number, validFlag?: string): Promise<unknown> {
  const item = held.get(id);
  if (!item) return undefined;
  held.delete(id);
  const sameUrl = item.targetUrl === item.options.url;
  try {
    const data = await request({
      ...item.options,
      ...(sameUrl ? {} : { url: item.targetUrl }),
      method: item.method as RequestOptions['method'],
      headers: { ...item.options.headers, [HEADERS.validFlag]: validFlag ?? item.validFlag },
    });
    item.resolve(data);
    return data;
  } catch (error) {
    item.reject(error);
    throw error;
  }
}

/** The user declined: the held request fails quietly (no toast). */
export function cancelPending(id: number): void {
  const item = held.get(id);
  if (!item) return;
  held.delete(id);
  item.reject(new ApiError(412, CODE.confirmRequired, text('request.confirm.cancelled'), null, undefined, true));
}

// ---- The calls -----------------------------------------------------------------------------

export async function request<T>(options: RequestOptions): Promise<T> {
  const response = await send(options);
  const answer = await readAnswer<T>(response);
  if (response.status === 412) return hold<T>(options, response, answer);
  if (!response.ok || !answer || answer.code !== CODE.ok) throw fail(options, response.status, answer, response.headers);
  return answer.data;
}

/** A paged query: the answer's `{rows, total}`, or a plain list read as one page. */
export async function page<T>(options: RequestOptions): Promise<Page<T>> {
  const data = await request<Page<T> | T[]>(options);
  if (Array.isArray(data)) return { rows: data, total: data.length };
  return { rows: Array.isArray(data?.rows) ? data.rows : [], total: Number(data?.total ?? 0) };
}

/** A list: a plain array, or the rows of a page. */
export async function list<T>(options: RequestOptions): Promise<T[]> {
  return (await page<T>(options)).rows;
}

/** The file name of a content-disposition header (RFC 6266: filename* wins), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = plain ? (plain[2] ?? plain[1]!).trim() : '';
  return name || null;
}

export interface Downloaded {
  blob: Blob;
  fileName: string;
}

/**
 * A blob download or export (shell §7): POSTs JSON (in the envelope), takes the file name from
 * content-disposition. A JSON answer with a non-zero code is refused with its msg; a missing
 * header is a server error. Success shows the export tip unless `successTip` is false.
 */
export async function download(options: RequestOptions & { successTip?: boolean; save?: boolean }): Promise<Downloaded> {
  return (await downloadOrData<never>(options, false)) as Downloaded;
}

/**
 * `download`, for a call whose answer is either the file or a JSON answer with code 0 (an
 * export that became a background job): that answer's data, `{ data }`, instead of a refusal.
 */
export async function downloadOrData<T>(options: RequestOptions & { successTip?: boolean; save?: boolean }, acceptData = true): Promise<Downloaded | { data: T }> {
  const response = await send(options);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const answer = await readAnswer(response);
    if (response.status === 412) return hold<Downloaded>(options, response, answer);
    if (acceptData && response.ok && answer?.code === CODE.ok) return { data: answer.data as T };
    throw fail(options, response.ok ? 200 : response.status, answer ?? { code: CODE.fail, msg: '', data: null }, response.headers);
  }
  if (!response.ok) throw fail(options, response.status, undefined, response.headers);
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  if (!fileName) throw fail(options, 500, undefined, response.headers);
  const blob = await response.blob();
  if (options.save !== false) saveBlob(blob, fileName);
  if (options.successTip !== false) httpEvents.emit('toast', { type: 'success', title: text('request.download.success', { fileName }) });
  return { blob, fileName };
}

function saveBlob(blob: Blob, fileName: string): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100. */
  percent: number;
}

export interface UploadOptions extends Omit<RequestOptions, 'data' | 'method' | 'notEncrypt'> {
  /** The multipart file field(s): name → file. */
  files: Record<string, Blob | File>;
  /** Further form fields. */
  fields?: Record<string, string | number | boolean>;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * A multipart upload (shell §7): XMLHttpRequest, because fetch reports no upload progress.
 * Carries contentFilter=false and the session headers; success is code 0. Multipart bodies
 * are exempt from the envelope.
 */
export function upload<T>(options: UploadOptions): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, String(value));
  form.append(UPLOAD_CONTENT_FILTER_FIELD, 'false');
  for (const [name, file] of Object.entries(options.files)) form.append(name, file, file instanceof File ? file.name : name);
  const headers = requestHeaders(options.headers);
  if (options.noErrorTip) headers[HEADERS.errorNoTip] = '1';
  if (!options.noLoading) loading.begin();
  const done = () => {
    if (!options.noLoading) loading.end();
  };
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', absolute(options.url));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.({ loaded: e.loaded, total: e.total, percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.onload = () => {
      done();
      let answer: Answer<T> | undefined;
      try {
        answer = JSON.parse(xhr.responseText) as Answer<T>;
      } catch {
        answer = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer?.code === CODE.ok) resolve(answer.data);
      else reject(fail(options, xhr.status, answer));
    };
    xhr.onerror = () => {
      done();
      reject(fail(options, 0, undefined));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError(0, undefined, text('request.error.aborted'), null, undefined, true));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export type RemoveResult<T> = { deleted: true; data: T } | { deleted: false };

/**
 * Delete with confirmation (shell §7): asks (through the confirmation queue, so overlapping
 * deletes each get their answer), then POSTs; a bare id becomes {id}. Declining
 * shows the delete-cancelled text and sends nothing.
 */
export async function remove<T = null>(options: Omit<RequestOptions, 'data'> & { data: unknown; message?: string }): Promise<RemoveResult<T>> {
  const ok = await ask({
    title: text('request.delete.title'),
    message: options.message ?? text('request.delete.confirm'),
    ok: text('request.delete.ok'),
    cancel: text('request.delete.cancel'),
    danger: true,
  });
  if (!ok) {
    httpEvents.emit('toast', { type: 'info', title: text('request.delete.cancelled') });
    return { deleted: false };
  }
  const data = options.data !== null && typeof options.data === 'object' ? options.data : { id: options.data };
  return { deleted: true, data: await request<T>({ ...options, method: options.method ?? 'POST', data }) };
}
