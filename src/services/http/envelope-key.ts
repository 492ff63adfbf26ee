import type { Answer } from '../../shared/answer-codes';
import { HEADERS } from '../../shared/constants';
import type { Envelope, EnvelopeKey, EnvelopeKeyOffer, EnvelopeTarget } from '../../shared/envelope';
import { httpConfig } from './config';
import { subtleEnvelope } from './envelope-subtle';

/**
 * This page's envelope key, agreed with the server (issue 9): an ephemeral X25519 key pair is
 * made here, its public half goes with GET /login/encrypt-key, and the key is derived from the
 * server's answer. Neither the key nor the secret half ever travels or reaches storage; both
 * live in memory for the page's life. Concurrent first requests share one agreement; a 1106
 * answer (key retired, or bound to another session) forgets it and the next call agrees anew.
 */
let pending: Promise<EnvelopeKey> | null = null;

/**
 * The envelope's cryptography in script (@noble's curves, ciphers and hashes: about a quarter of
 * a page's script), its own chunk, loaded only where WebCrypto cannot do the work
 * (envelope-subtle.ts: a page over plain http, a browser without X25519, an AES-ECB key).
 */
const envelopeCode = () => import(/* webpackChunkName: "envelope" */ '../../shared/envelope');

async function offerFor(publicKey: string): Promise<EnvelopeKeyOffer> {
  const res = await fetch(`${httpConfig.baseUrl}/api/fsmc/login/encrypt-key`, { headers: { accept: 'application/json', [HEADERS.envelopeClientKey]: publicKey } });
  const answer = (await res.json()) as Answer<EnvelopeKeyOffer>;
  if (answer.code !== 0) throw new Error(answer.msg);
  return answer.data;
}

/** Keys agreed through WebCrypto: sealed by it too (AES-GCM), off the main thread. */
const subtleKeys = new WeakSet<EnvelopeKey>();
const subtle = subtleEnvelope();

async function agree(): Promise<EnvelopeKey> {
  const pair = subtle && (await subtle.keyPair().catch(() => null));
  if (subtle && pair) {
    const key = await subtle.agree(await offerFor(pair.publicKey), pair);
    subtleKeys.add(key);
    return key;
  }
  const { clientAgree, envelopeKeyPair } = await envelopeCode();
  const { secretKey, publicKey } = envelopeKeyPair();
  return clientAgree(await offerFor(publicKey), secretKey);
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
  const key = await envelopeKey();
  if (subtle && subtleKeys.has(key) && key.cipher === 'AES-GCM') return subtle.seal(body, key, target);
  const { sealEnvelope } = await envelopeCode();
  return sealEnvelope(body, key, target);
}

export function forgetEnvelopeKey(): void {
  pending = null;
}
