import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENVELOPE_MAX_SKEW_MS, ENVELOPE_VERSION } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { looksLikeEnvelope, openEnvelope, verifyEnvelope } from '../../src/shared/envelope';
import { AppError } from '../http/answer';
import { claimNonce, liveKey, sweepNonces } from '../security/envelope-keys';
import { safeError } from '../security/safe-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route also takes a plain JSON body (the certificate calls the browser marks
     * notUseEncrypt). Every other /api route with a JSON body requires the envelope.
     */
    envelope?: boolean;
  }
}

const SWEEP_EVERY_MS = 60_000;
const refuse = (code: number) => new AppError(400, code);

function needsEnvelope(request: FastifyRequest): boolean {
  if (!request.routeOptions.url?.startsWith('/api/')) return false;
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  // Multipart uploads stream files; they are exempt (shell §7 sends them as plain form data).
  if (String(request.headers['content-type'] ?? '').startsWith('multipart/')) return false;
  return request.body !== undefined && request.body !== null;
}

/**
 * Opens the payload envelope of every non-GET /api body before the route's schema sees it:
 * version, timestamp within ENVELOPE_MAX_SKEW_MS, a live key, the HMAC, the ciphertext, then
 * the nonce, claimed last so that nothing is written for an envelope that fails any check.
 */
export default fp(async function envelope(app: FastifyInstance) {
  // Old nonces and retired keys are swept by a timer, never on a request: a sweep on the
  // request path gave multi-second latency spikes under load. Every process sweeps; the
  // deletes are idempotent.
  const sweeper = setInterval(() => {
    sweepNonces(app.db).catch((error: unknown) => app.log.error({ err: safeError(error) }, 'envelope sweep failed'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  app.addHook('preValidation', async (request) => {
    if (!needsEnvelope(request)) return;
    const body = request.body;
    if (!looksLikeEnvelope(body)) {
      if (request.routeOptions.config.envelope === false) return;
      throw refuse(CODE.envelopeInvalid);
    }
    if (body.version !== ENVELOPE_VERSION) throw refuse(CODE.envelopeInvalid);
    const now = Date.now();
    if (Math.abs(now - body.timestamp) > ENVELOPE_MAX_SKEW_MS) throw refuse(CODE.envelopeStale);
    const key = await liveKey(app.db, body.keyId, now);
    if (!key) throw refuse(CODE.envelopeKeyUnknown);
    if (key.cipher !== body.flag) throw refuse(CODE.envelopeInvalid);
    if (!verifyEnvelope(body, { method: request.method, path: request.url.split('?')[0]! }, key.macKey)) throw refuse(CODE.envelopeBadSignature);
    let plain: unknown;
    try {
      plain = openEnvelope(body, key.encKey);
    } catch {
      throw refuse(CODE.envelopeInvalid);
    }
    if (!(await claimNonce(app.db, key.keyId, body.nonce))) throw refuse(CODE.envelopeReplay);
    request.body = plain;
  });
});
