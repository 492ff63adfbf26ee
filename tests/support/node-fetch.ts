import http from 'node:http';
import https from 'node:https';
import type { FetchLike } from '../../src/services/cert/vendor';

/**
 * HTTP(S) from a Node test the way a browser page calls a local agent: https trusting only the
 * given CA (so the agent's certificate must really be valid for 127.0.0.1), no connection
 * reuse (a closed agent leaves nothing open), and the raw answer for header checks.
 */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function request(url: string, init: { method: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal; ca?: string }): Promise<RawAnswer> {
  const u = new URL(url);
  const secure = u.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const options = { method: init.method, headers: init.headers ?? {}, agent: false as const, ...(init.signal ? { signal: init.signal } : {}) };
    const onAnswer = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    };
    const req = secure ? https.request(u, { ...options, ...(init.ca ? { ca: init.ca } : {}) }, onAnswer) : http.request(u, options, onAnswer);
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A FetchLike for the certificate adapters (src/services/cert), trusting `caPem` for https. */
export function nodeFetch(caPem: string): FetchLike {
  return async (url, init) => {
    const r = await request(url, { ...init, ca: caPem });
    return { ok: r.status >= 200 && r.status < 300, status: r.status, json: async () => JSON.parse(r.text) as unknown };
  };
}
