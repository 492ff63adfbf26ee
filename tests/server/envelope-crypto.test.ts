import { describe, expect, it } from '@jest/globals';
import { createCipheriv, randomBytes } from 'node:crypto';
import { associatedText, envelopeKeyPair, clientAgree, fromBase64, looksLikeEnvelope, openEnvelope, sealEnvelope, serverAgree, signEnvelope, toBase64, verifyEnvelope, type Envelope, type EnvelopeKey } from '../../src/shared/envelope';
import { ENVELOPE_VERSION, type EnvelopeCipher } from '../../src/shared/constants';
import { openSealed, openingKey } from '../../server/security/envelope-crypto';

/**
 * The server opens with node:crypto what the browser seals with noble (src/shared/envelope.ts):
 * the same algorithms, so the same bytes open and the same alterations are refused.
 */
function agreedKey(cipher: EnvelopeCipher): EnvelopeKey {
  const { secretKey, publicKey } = envelopeKeyPair();
  const keyId = 'a1b2c3d4e5f6a1b2c3d4e5f6';
  const server = serverAgree(fromBase64(publicKey), keyId);
  return clientAgree({ keyId, cipher, serverPublicKey: server.serverPublicKey, version: ENVELOPE_VERSION }, secretKey);
}

const TARGET = { method: 'POST', path: '/api/fsmc/test/org/add' };
const BODIES: unknown[] = [{ orgCode: 'A', orgName: 'Zürich 支付 €' }, {}, { list: Array.from({ length: 300 }, (_, i) => i), nested: { x: null, y: [true, 'é'] } }, 'text', 42];
const flipFirst = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

describe.each(['AES-GCM', 'AES-ECB'] as const)('the server opens with node:crypto what the browser seals (%s)', (cipher) => {
  const key = agreedKey(cipher);
  const opening = openingKey(key);

  it('verifies the signature and opens the body of every envelope the browser makes', () => {
    for (const body of BODIES) {
      const e = sealEnvelope(body, key, TARGET);
      expect(looksLikeEnvelope(e)).toBe(true);
      const opened = openSealed(e, TARGET, opening);
      expect('text' in opened && JSON.parse(opened.text)).toEqual(body);
      expect(openEnvelope(e, TARGET, key)).toEqual(body);
    }
  });

  it('refuses as a bad signature an envelope for another route, with a field changed, under another key or with its signature altered', () => {
    const e = sealEnvelope({ a: 1 }, key, TARGET);
    const data = fromBase64(e.data);
    data[0]! ^= 1;
    const refusals = [
      openSealed(e, { ...TARGET, path: '/api/fsmc/test/org/delete' }, opening),
      openSealed(e, { ...TARGET, method: 'PUT' }, opening),
      openSealed({ ...e, timestamp: e.timestamp + 1 }, TARGET, opening),
      openSealed({ ...e, keyId: 'f6e5d4c3b2a1f6e5d4c3b2a1' }, TARGET, opening),
      openSealed({ ...e, data: toBase64(data) }, TARGET, opening),
      openSealed(e, TARGET, openingKey(agreedKey(cipher))),
      openSealed({ ...e, signature: flipFirst(e.signature) }, TARGET, opening),
    ];
    expect(refusals).toEqual(Array(refusals.length).fill({ refused: 'signature' }));
    expect(verifyEnvelope(e, { ...TARGET, path: '/api/fsmc/test/org/delete' }, key)).toBe(false);
    expect(verifyEnvelope(e, TARGET, key)).toBe(true);
  });
});

describe('AES-GCM: the tag is the signature, the envelope\'s fields its associated data', () => {
  const key = agreedKey('AES-GCM');
  const opening = openingKey(key);

  it('opens what any standard AES-256-GCM makes with the same associated data (here OpenSSL\'s), and noble opens it too', () => {
    const nonce = randomBytes(12);
    const header = { flag: 'AES-GCM' as const, keyId: key.keyId, version: ENVELOPE_VERSION, timestamp: Date.now(), nonce: nonce.toString('base64') };
    const gcm = createCipheriv('aes-256-gcm', Buffer.from(key.encKey, 'base64'), nonce);
    gcm.setAAD(Buffer.from(associatedText(header, TARGET), 'utf8'));
    const data = Buffer.concat([gcm.update('{"lang":"en-US"}', 'utf8'), gcm.final()]).toString('base64');
    const e: Envelope = { ...header, data, signature: gcm.getAuthTag().toString('hex') };
    expect(openSealed(e, TARGET, opening)).toEqual({ text: '{"lang":"en-US"}' });
    expect(openEnvelope(e, TARGET, key)).toEqual({ lang: 'en-US' });
  });

  it('refuses a tag shorter than 16 bytes, an HMAC where the tag belongs, and a nonce that is not 12 bytes', () => {
    const e = sealEnvelope({ a: 1 }, key, TARGET);
    expect(e.signature).toMatch(/^[0-9a-f]{32}$/);
    const short = { ...e, signature: e.signature.slice(0, 24) };
    expect(looksLikeEnvelope(short)).toBe(false);
    expect(openSealed(short, TARGET, opening)).toEqual({ refused: 'signature' });
    // A page loaded before stop 37 signed GCM envelopes with an HMAC as well: 64 hex digits.
    expect(looksLikeEnvelope({ ...e, signature: 'ab'.repeat(32) })).toBe(false);
    expect(openSealed({ ...e, nonce: toBase64(new Uint8Array(16)) }, TARGET, opening)).toEqual({ refused: 'cipher' });
  });

  it('takes the nonce as the IV: the same ciphertext under another nonce does not open', () => {
    const e = sealEnvelope({ a: 1 }, key, TARGET, { nonce: new Uint8Array(12).fill(7) });
    expect(openSealed(e, TARGET, opening)).toEqual({ text: '{"a":1}' });
    expect(openSealed({ ...e, nonce: toBase64(new Uint8Array(12).fill(8)) }, TARGET, opening)).toEqual({ refused: 'signature' });
  });
});

describe('AES-ECB: an HMAC-SHA256 supplies the integrity ECB lacks', () => {
  const key = agreedKey('AES-ECB');
  const opening = openingKey(key);

  it('refuses a ciphertext cut short and signed anew as one that does not decrypt', () => {
    const e = sealEnvelope({ a: 1 }, key, TARGET);
    expect(e.signature).toMatch(/^[0-9a-f]{64}$/);
    const altered = { ...e, data: toBase64(fromBase64(e.data).subarray(0, 15)) };
    const resigned = { ...altered, signature: signEnvelope(altered, TARGET, key.macKey) };
    expect(openSealed(resigned, TARGET, opening)).toEqual({ refused: 'cipher' });
    expect(() => openEnvelope(resigned, TARGET, key)).toThrow();
  });
});
