import type { Answer } from '../../shared/codes';
import { HEADERS } from '../../shared/constants';
import type { Envelope, EnvelopeKey, EnvelopeKeyOffer, EnvelopeTarget } from '../../shared/envelope';
import { httpConfig } from './config';

/**
 * This page's envelope key, agreed with the server (issue 9): an ephemeral X25519 key pair is
 * made here, its public half goes with GET /login/encrypt-key, and the key is derived from the
 * server's answer. Neither the key nor the secret half ever travels or reaches storage; both
 * live in memory for the page's life. Concurrent first requests share one agreement; a 1106
 * answer (key retired, or bound to another session) forgets it and the next call agrees anew.
 */
let pending: Promise<EnvelopeKey> | null = null;

/**
 * The envelope's cryptography (@noble's curves, ciphers and hashes: about a quarter of a page's
 * script) is its own chunk, so the first screen paints without it (issue 16); the browser fetches
 * it ahead when idle (prefetch) and runs it with the first enveloped call.
 */
const envelopeCode = () => import(/* webpackChunkName: "envelope", webpackPrefetch: true */ '../../shared/envelope');

async function agree(): Promise<EnvelopeKey> {
  const { clientAgree, envelopeKeyPair } = await envelopeCode();
  const { secretKey, publicKey } = envelopeKeyPair();
  const res = await fetch(`${httpConfig.baseUrl}/api/fsmc/login/encrypt-key`, { headers: { accept: 'application/json', [HEADERS.envelopeClientKey]: publicKey } });
  const answer = (await res.json()) as Answer<EnvelopeKeyOffer>;
  if (answer.code !== 0) throw new Error(answer.msg);
  return clientAgree(answer.data, secretKey);
}

export function envelopeKey(): Promise<EnvelopeKey> {
  pending ??= agree().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** The body sealed with this page's key, for the call it is sent with. */
export async function sealWithPageKey(body: unknown, target: EnvelopeTarget): Promise<Envelope> {
  const [{ sealEnvelope }, key] = await Promise.all([envelopeCode(), envelopeKey()]);
  return sealEnvelope(body, key, target);
}

export function forgetEnvelopeKey(): void {
  pending = null;
}
