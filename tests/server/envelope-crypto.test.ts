import { describe, expect, it } from '@jest/globals';
import { envelopeKeyPair, clientAgree, fromBase64, sealEnvelope, serverAgree, signEnvelope, toBase64, type Envelope, type EnvelopeKey } from '../../src/shared/envelope';
import { ENVELOPE_VERSION, type EnvelopeCipher } from '../../src/shared/constants';
import { openBody, openingKey, signatureMatches } from '../../server/security/envelope-crypto';

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

describe.each(['AES-GCM', 'AES-ECB'] as const)('the server opens with node:crypto what the browser seals (%s)', (cipher) => {
  const key = agreedKey(cipher);
  const opening = openingKey(key);

  it('verifies the signature and opens the body of every envelope the browser makes', () => {
    for (const body of BODIES) {
      const e = sealEnvelope(body, key, TARGET);
      expect(signatureMatches(e, TARGET, opening)).toBe(true);
      expect(JSON.parse(openBody(e, opening))).toEqual(body);
    }
  });

  it('refuses a signature for another route, field or key', () => {
    const e = sealEnvelope({ a: 1 }, key, TARGET);
    expect(signatureMatches(e, { ...TARGET, path: '/api/fsmc/test/org/delete' }, opening)).toBe(false);
    expect(signatureMatches(e, { ...TARGET, method: 'PUT' }, opening)).toBe(false);
    expect(signatureMatches({ ...e, timestamp: e.timestamp + 1 }, TARGET, opening)).toBe(false);
    expect(signatureMatches(e, TARGET, openingKey(agreedKey(cipher)))).toBe(false);
    const flipped = (e.signature[0] === '0' ? '1' : '0') + e.signature.slice(1);
    expect(signatureMatches({ ...e, signature: flipped }, TARGET, opening)).toBe(false);
  });

  it('refuses a ciphertext that was altered or sealed under another key, even when signed anew', () => {
    const e = sealEnvelope({ a: 1 }, key, TARGET);
    const sealed = fromBase64(e.data);
    sealed[0]! ^= 1;
    const altered: Envelope = { ...e, data: toBase64(sealed) };
    const resigned = { ...altered, signature: signEnvelope(altered, TARGET, key.macKey) };
    expect(signatureMatches(resigned, TARGET, opening)).toBe(true);
    expect(() => openBody(resigned, opening)).toThrow();
    expect(() => openBody(e, openingKey(agreedKey(cipher)))).toThrow();
  });
});

describe('AES-GCM specifics', () => {
  const key = agreedKey('AES-GCM');
  const opening = openingKey(key);

  it('refuses a shortened tag and a nonce that is not 12 bytes', () => {
    const e = sealEnvelope({ a: 1 }, key, TARGET);
    const sealed = fromBase64(e.data);
    expect(() => openBody({ ...e, data: toBase64(sealed.subarray(0, sealed.length - 4)) }, opening)).toThrow();
    expect(() => openBody({ ...e, data: toBase64(sealed.subarray(0, 8)) }, opening)).toThrow();
    expect(() => openBody({ ...e, nonce: toBase64(new Uint8Array(16)) }, opening)).toThrow();
  });

  it('takes the nonce as the IV: the same ciphertext under another nonce does not open', () => {
    const e = sealEnvelope({ a: 1 }, key, TARGET, { nonce: new Uint8Array(12).fill(7) });
    expect(JSON.parse(openBody(e, opening))).toEqual({ a: 1 });
    expect(() => openBody({ ...e, nonce: toBase64(new Uint8Array(12).fill(8)) }, opening)).toThrow();
  });
});
