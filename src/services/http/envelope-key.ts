import type { Answer } from '../../shared/codes';
import { HEADERS } from '../../shared/constants';
import { clientAgree, envelopeKeyPair, type EnvelopeKey, type EnvelopeKeyOffer } from '../../shared/envelope';
import { httpConfig } from './config';

/**
 * This page's envelope key, agreed with the server (issue 9): an ephemeral X25519 key pair is
 * made here, its public half goes with GET /login/encrypt-key, and the key is derived from the
 * server's answer. Neither the key nor the secret half ever travels or reaches storage; both
 * live in memory for the page's life. Concurrent first requests share one agreement; a 1106
 * answer (key retired, or bound to another session) forgets it and the next call agrees anew.
 */
let pending: Promise<EnvelopeKey> | null = null;

async function agree(): Promise<EnvelopeKey> {
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

export function forgetEnvelopeKey(): void {
  pending = null;
}
