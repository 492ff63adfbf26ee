import { clientError, isCertError, toolkitError, TOOLKIT_OK } from '../../shared/cert-errors';
import type { FetchLike } from './vendor';

/**
 * One JSON call to a local agent or toolkit: POST (or GET) with a timeout, the answer
 * `{ code, msg?, data? }` where code 0 is success and any other code is a toolkit error
 * (shown in hex). Every failure becomes a CertError: no answer → agentUnavailable, too late →
 * agentTimeout, not this shape → agentProtocol.
 */

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Read at call time, so Jest's fake timers (installed after import) are the ones used. */
export const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CallOptions {
  fetch: FetchLike;
  timers?: Timers;
  timeoutMs: number;
  method?: 'GET' | 'POST';
  body?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Runs `work` with an abort signal; rejects with agentTimeout when `ms` pass first. */
export function withTimeout<T>(ms: number, timers: Timers, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const handle = timers.setTimeout(() => {
      controller.abort();
      reject(clientError('agentTimeout', `${ms} ms`));
    }, ms);
    work(controller.signal).then(
      (v) => {
        timers.clearTimeout(handle);
        resolve(v);
      },
      (e: unknown) => {
        timers.clearTimeout(handle);
        reject(e);
      },
    );
  });
}

/** The `data` of a successful answer. */
export async function callJson(url: string, options: CallOptions): Promise<unknown> {
  const { fetch, timers = globalTimers, timeoutMs, method = 'POST', body } = options;
  return withTimeout(timeoutMs, timers, async (signal) => {
    let res: Awaited<ReturnType<FetchLike>>;
    try {
      res = await fetch(url, method === 'GET' ? { method, signal } : { method, signal, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    } catch (e) {
      if (isCertError(e)) throw e;
      throw clientError('agentUnavailable', `${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    let answer: unknown;
    try {
      answer = await res.json();
    } catch {
      throw clientError('agentProtocol', `${url}: HTTP ${res.status}, not JSON`);
    }
    if (!isRecord(answer) || typeof answer.code !== 'number') throw clientError('agentProtocol', `${url}: HTTP ${res.status}, no code`);
    if (answer.code !== TOOLKIT_OK) throw toolkitError(answer.code, typeof answer.msg === 'string' && answer.msg ? answer.msg : undefined);
    return answer.data;
  });
}
