import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENVELOPE_KEY_CACHE_TTL_MS, ENVELOPE_MAX_SKEW_MS, ENVELOPE_KEY_ID_PATTERN, ENVELOPE_NONCE_PATTERN, ENVELOPE_VERSION } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { looksLikeEnvelope } from '../../src/shared/envelope';
import { refuse } from '../http/answer';
import { claimKeyForSession, claimNonce, liveKey, type StoredKey } from '../security/envelope-keys';
import { openSealed, openingKey, type OpeningKey } from '../security/envelope-crypto';
import { TtlCache } from '../security/request-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route also takes a plain JSON body (the certificate calls the browser marks
     * notUseEncrypt). Every other /api route with a JSON body requires the envelope.
     */
    envelope?: boolean;
  }
  interface FastifyRequest {
    /** The key the request's envelope was opened with; '' when it came without one. */
    envelopeKeyId: string;
  }
}

const refuseEnvelope = (code: number) => refuse(code, {}, { status: 400 });

/** A live key as cached: its row, and its bytes made ready for node:crypto once. */
type CachedKey = StoredKey & { opening: OpeningKey };

/**
 * The opened body is parsed as Fastify parses any JSON body, under the app's own
 * onProtoPoisoning/onConstructorPoisoning ('error' unless configured): a `__proto__` or
 * `constructor.prototype` key is refused inside an envelope exactly as it is in a plain body.
 */
function bodyParser(app: FastifyInstance): (text: string) => unknown {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  return (text) => {
    let result: { error: Error | null; value: unknown } = { error: null, value: undefined };
    // The default parser answers through a callback, synchronously.
    parse({} as FastifyRequest, text, (error, value) => void (result = { error, value }));
    if (result.error) throw result.error;
    return result.value;
  };
}

function needsEnvelope(request: FastifyRequest): boolean {
  if (!request.routeOptions.url?.startsWith('/api/')) return false;
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  // Multipart uploads stream files; they are exempt (shell §7 sends them as plain form data).
  if (String(request.headers['content-type'] ?? '').startsWith('multipart/')) return false;
  return request.body !== undefined && request.body !== null;
}

/**
 * Opens the payload envelope of every non-GET /api body before the route's schema sees it:
 * version, timestamp within ENVELOPE_MAX_SKEW_MS, a live key not bound to another session, the
 * signature and the ciphertext (one step under AES-GCM), the body's JSON, then the nonce, claimed
 * only after every other check passed so that nothing is written for an envelope that fails one;
 * last an unbound key is bound to the request's session.
 *
 * A live key is remembered for ENVELOPE_KEY_CACHE_TTL_MS (and never past its expiry): a page's
 * burst of writes reads it once. A key rebound in this process is forgotten at once; one
 * rebound by another process is seen at most ENVELOPE_KEY_CACHE_TTL_MS later. The nonce is
 * never cached: its insert is the replay check every process shares. The cipher (and ECB's HMAC)
 * run in node:crypto (security/envelope-crypto.ts), on key objects made once per cached key.
 */
export default fp(async function envelope(app: FastifyInstance) {
  app.decorateRequest('envelopeKeyId', '');
  const keys = new TtlCache<CachedKey>(ENVELOPE_KEY_CACHE_TTL_MS, () => app.clock.now(), (keyId) => [`key:${keyId}`]);
  const unsubscribe = app.changes.onChange((change) => {
    if ('keyId' in change) keys.block(`key:${change.keyId}`);
  });
  app.addHook('onClose', async () => void unsubscribe());
  const parseBody = bodyParser(app);
  const lookUp = async (keyId: string, now: number): Promise<CachedKey | undefined> => {
    const known = keys.get(keyId);
    if (known) return known.expiresAt > now ? known : undefined;
    const mark = keys.reading();
    const row = await liveKey(app.db, keyId, now);
    if (!row) return undefined;
    const key = { ...row, opening: openingKey(row) };
    keys.set(keyId, key, mark);
    return key;
  };
  // Old nonces and retired keys are swept by the housekeeping timer (plugins/housekeeping.ts).
  app.addHook('preValidation', async (request) => {
    if (!needsEnvelope(request)) return;
    const body = request.body;
    if (!looksLikeEnvelope(body)) {
      if (request.routeOptions.config.envelope === false) return;
      throw refuseEnvelope(CODE.envelopeInvalid);
    }
    if (body.version !== ENVELOPE_VERSION || !ENVELOPE_NONCE_PATTERN.test(body.nonce) || !ENVELOPE_KEY_ID_PATTERN.test(body.keyId)) throw refuseEnvelope(CODE.envelopeInvalid);
    const now = app.clock.now();
    if (Math.abs(now - body.timestamp) > ENVELOPE_MAX_SKEW_MS) throw refuseEnvelope(CODE.envelopeStale);
    const key = await lookUp(body.keyId, now);
    if (!key) throw refuseEnvelope(CODE.envelopeKeyUnknown);
    // A key bound to one session opens no other session's envelopes (the browser then agrees
    // a fresh key). Anonymous routes carry no session to compare.
    const session = request.sessionTokenHash;
    if (session && key.sessionHash !== null && key.sessionHash !== session) throw refuseEnvelope(CODE.envelopeKeyUnknown);
    if (key.cipher !== body.flag) throw refuseEnvelope(CODE.envelopeInvalid);
    const opened = openSealed(body, { method: request.method, path: request.url.split('?')[0]! }, key.opening);
    if ('refused' in opened) throw refuseEnvelope(opened.refused === 'signature' ? CODE.envelopeBadSignature : CODE.envelopeInvalid);
    let plain: unknown;
    try {
      plain = parseBody(opened.text);
    } catch {
      throw refuseEnvelope(CODE.envelopeInvalid);
    }
    // The replay check remembers the nonce's bytes (16 characters of ENVELOPE_NONCE_PATTERN are
    // exactly 12 bytes, one spelling each), so no other spelling of them passes as new.
    if (!(await claimNonce(app.db, key.keyId, Buffer.from(body.nonce, 'base64').toString('hex')))) throw refuseEnvelope(CODE.envelopeReplay);
    // First authenticated use of a key agreed before login (a new page of a logged-in user).
    if (session && key.sessionHash === null) {
      const mark = keys.reading();
      if (!(await claimKeyForSession(app.db, key.keyId, session))) throw refuseEnvelope(CODE.envelopeKeyUnknown);
      keys.set(key.keyId, { ...key, sessionHash: session }, mark);
    }
    request.envelopeKeyId = key.keyId;
    request.body = plain;
  });
});
