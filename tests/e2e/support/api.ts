import { HEADERS } from '../../../src/shared/constants';
import { clientAgree, envelopeKeyPair, sealEnvelope, type EnvelopeKey } from '../../../src/shared/envelope';

/**
 * The portal's API spoken from Node the way the browser's client speaks it (shell §7): GETs
 * plain, every other body sealed in the envelope over the API's own path, under a key agreed
 * per session as a browser page agrees its own (docs/security.md, "Payload envelope"). For
 * load and deployment tests that need no browser.
 */
export function apiClient(base: string) {
  const keys = new Map<string, Promise<EnvelopeKey>>();
  const agree = async () => {
    const pair = envelopeKeyPair();
    const res = await fetch(`${base}/api/fsmc/login/encrypt-key`, { headers: { [HEADERS.envelopeClientKey]: pair.publicKey } });
    return clientAgree((await res.json()).data, pair.secretKey);
  };
  const keyFor = (token: string) => {
    if (!keys.has(token)) keys.set(token, agree());
    return keys.get(token)!;
  };
  return {
    async get(path: string, headers: Record<string, string> = {}) {
      const res = await fetch(`${base}${path}`, { headers });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
    },
    async post(path: string, payload: unknown, headers: Record<string, string> = {}) {
      const body = sealEnvelope(payload, await keyFor(headers[HEADERS.jwtToken] ?? ''), { method: 'POST', path });
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
    },
  };
}
