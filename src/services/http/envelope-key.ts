import type { Answer } from '../../shared/codes';
import type { EnvelopeKey } from '../../shared/envelope';
import { httpConfig } from './config';

/**
 * The envelope key from GET /login/encrypt-key, held in memory for the page's life (never in
 * storage). Concurrent first requests share one fetch; a 1106 answer forgets it.
 */
let pending: Promise<EnvelopeKey> | null = null;

export function envelopeKey(): Promise<EnvelopeKey> {
  pending ??= fetch(`${httpConfig.baseUrl}/api/fsmc/login/encrypt-key`, { headers: { accept: 'application/json' } })
    .then(async (res) => {
      const answer = (await res.json()) as Answer<EnvelopeKey>;
      if (answer.code !== 0) throw new Error(answer.msg);
      return answer.data;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

export function forgetEnvelopeKey(): void {
  pending = null;
}
