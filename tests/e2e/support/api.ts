import { sealEnvelope, type EnvelopeKey } from '../../../src/shared/envelope';

/**
 * The portal's API spoken from Node the way the browser's client speaks it (shell §7): GETs
 * plain, every other body sealed in the envelope over the API's own path. For load and
 * deployment tests that need no browser.
 */
export function apiClient(base: string) {
  let key: Promise<EnvelopeKey> | null = null;
  const envelopeKey = () => (key ??= fetch(`${base}/api/fsmc/login/encrypt-key`).then(async (r) => (await r.json()).data as EnvelopeKey));
  return {
    async get(path: string, headers: Record<string, string> = {}) {
      const res = await fetch(`${base}${path}`, { headers });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
    },
    async post(path: string, payload: unknown, headers: Record<string, string> = {}) {
      const body = sealEnvelope(payload, await envelopeKey(), { method: 'POST', path });
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
    },
  };
}
