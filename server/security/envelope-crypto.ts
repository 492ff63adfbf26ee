import { createDecipheriv, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { associatedText, GCM_TAG_BYTES, HMAC_BYTES, NONCE_BYTES, signatureHexLength, signedText } from '../../src/shared/envelope-format';
import type { Envelope, EnvelopeKey, EnvelopeTarget } from '../../src/shared/envelope';
import type { EnvelopeCipher } from '../../src/shared/constants';

/**
 * The server's side of the envelope's cryptography: the same algorithms as src/shared/envelope.ts
 * (AES-256-GCM with the 12-byte nonce as IV, the envelope's fields as associated data and the
 * whole 16-byte tag as the signature; or AES-256-ECB with PKCS#7 padding under an HMAC-SHA256),
 * computed by node:crypto (OpenSSL) instead of the browser's pure-JS noble code: the envelope's
 * own work on a request was mostly noble's AES key schedule and GHASH tables, rebuilt for every
 * body (issue 16, bench/README.md). The browser seals with WebCrypto or noble;
 * tests/server/envelope-crypto.test.ts holds noble's envelopes and ours to the same bytes and
 * refusals.
 */

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

/**
 * Why an envelope does not open: its signature (the GCM tag, or ECB's HMAC) does not verify for
 * this request, or what it carries does not decrypt (ECB's padding, a GCM nonce of the wrong size).
 */
export type Refusal = 'signature' | 'cipher';

/**
 * Verifies an envelope for its request and decrypts it to its body's JSON text, in one pass: under
 * AES-GCM the tag covers the ciphertext and the associated fields, so one decipher (one OpenSSL
 * context) both checks and opens; under AES-ECB the HMAC is checked first, in constant time. The
 * signature's length is looksLikeEnvelope's to check; it is checked again here, so that no
 * shorter tag is ever accepted. The caller parses the text as it parses any body
 * (plugins/envelope.ts).
 */
export function openSealed(e: Envelope, target: EnvelopeTarget, key: OpeningKey): { text: string } | { refused: Refusal } {
  if (e.signature.length !== signatureHexLength(e.flag)) return { refused: 'signature' };
  if (e.flag === 'AES-GCM') {
    const nonce = Buffer.from(e.nonce, 'base64');
    if (nonce.length !== NONCE_BYTES) return { refused: 'cipher' };
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.enc, nonce, { authTagLength: GCM_TAG_BYTES });
      decipher.setAAD(Buffer.from(associatedText(e, target), 'utf8'));
      decipher.setAuthTag(Buffer.from(e.signature, 'hex'));
      const plain = decipher.update(Buffer.from(e.data, 'base64'));
      return { text: utf8.decode(Buffer.concat([plain, decipher.final()])) };
    } catch {
      return { refused: 'signature' };
    }
  }
  const expected = createHmac('sha256', key.mac).update(signedText(e, target), 'utf8').digest();
  const given = Buffer.from(e.signature, 'hex');
  if (given.length !== HMAC_BYTES || !timingSafeEqual(expected, given)) return { refused: 'signature' };
  try {
    const decipher = createDecipheriv('aes-256-ecb', key.enc, null);
    return { text: utf8.decode(Buffer.concat([decipher.update(Buffer.from(e.data, 'base64')), decipher.final()])) };
  } catch {
    return { refused: 'cipher' };
  }
}
