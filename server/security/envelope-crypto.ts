import { createDecipheriv, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { signedText } from '../../src/shared/envelope-format';
import type { Envelope, EnvelopeKey, EnvelopeTarget } from '../../src/shared/envelope';
import type { EnvelopeCipher } from '../../src/shared/constants';

/**
 * The server's side of the envelope's cryptography: the same algorithms as src/shared/envelope.ts
 * (HMAC-SHA256 over signedText; AES-256-GCM with the 12-byte nonce as IV and the 16-byte tag
 * appended, or AES-256-ECB with PKCS#7 padding), computed by node:crypto (OpenSSL) instead of the
 * browser's pure-JS noble code: the envelope's own work on a request was mostly noble's AES key
 * schedule and GHASH tables, rebuilt for every body (issue 16, bench/README.md). The browser
 * seals with WebCrypto or noble; tests/server/envelope-crypto.test.ts holds noble's envelopes and
 * ours to the same bytes and refusals.
 */

/** GCM's tag: the whole 16 bytes, pinned, so that no shorter tag is accepted. */
const GCM_TAG_BYTES = 16;
const GCM_NONCE_BYTES = 12;
const SIGNATURE_BYTES = 32;
const utf8 = new TextDecoder();

/** A key's bytes ready for node:crypto, made once per cached key instead of once per body. */
export interface OpeningKey {
  cipher: EnvelopeCipher;
  enc: KeyObject;
  mac: KeyObject;
}

export function openingKey(key: Pick<EnvelopeKey, 'cipher' | 'encKey' | 'macKey'>): OpeningKey {
  return { cipher: key.cipher, enc: createSecretKey(Buffer.from(key.encKey, 'base64')), mac: createSecretKey(Buffer.from(key.macKey, 'base64')) };
}

/** The HMAC matches, compared in constant time (the signature is 64 lower-case hex digits: looksLikeEnvelope). */
export function signatureMatches(e: Envelope, target: EnvelopeTarget, key: OpeningKey): boolean {
  const expected = createHmac('sha256', key.mac).update(signedText(e, target), 'utf8').digest();
  const given = Buffer.from(e.signature, 'hex');
  return given.length === SIGNATURE_BYTES && timingSafeEqual(expected, given);
}

/**
 * Decrypts a verified envelope back to its body's JSON text; throws on a bad nonce, tag or
 * padding. The caller parses it as it parses any body (plugins/envelope.ts).
 */
export function openBody(e: Envelope, key: OpeningKey): string {
  const nonce = Buffer.from(e.nonce, 'base64');
  const sealed = Buffer.from(e.data, 'base64');
  let plain: Buffer;
  if (e.flag === 'AES-GCM') {
    if (nonce.length !== GCM_NONCE_BYTES || sealed.length < GCM_TAG_BYTES) throw new Error('bad envelope');
    const decipher = createDecipheriv('aes-256-gcm', key.enc, nonce, { authTagLength: GCM_TAG_BYTES });
    decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
    plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)), decipher.final()]);
  } else {
    const decipher = createDecipheriv('aes-256-ecb', key.enc, null);
    plain = Buffer.concat([decipher.update(sealed), decipher.final()]);
  }
  return utf8.decode(plain);
}
