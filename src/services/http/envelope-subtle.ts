import { ENVELOPE_VERSION } from '../../shared/constants';
import type { Envelope, EnvelopeKey, EnvelopeKeyOffer, EnvelopeTarget } from '../../shared/envelope';
import { agreementInfo, associatedText, DERIVED_KEY_BYTES, fromBase64, GCM_TAG_BYTES, NONCE_BYTES, toBase64 } from '../../shared/envelope-format';

/**
 * The envelope's cryptography by the browser's WebCrypto (issue 16): X25519, HKDF-SHA256 and
 * AES-256-GCM (its tag the signature, the envelope's fields its associated data) are the same standard algorithms the noble implementation runs in
 * script (src/shared/envelope.ts), so the server cannot tell them apart, but here they run
 * natively and off the page's main thread: the key agreement and the first seal were long tasks
 * as the shell started, and the noble chunk need not load at all.
 *
 * WebCrypto exists only in a secure context (https, or localhost), and X25519 only in recent
 * browsers: where either is missing the caller keeps noble (envelope-key.ts). AES-ECB, the spec's other cipher, has no WebCrypto form: such keys are sealed by noble.
 */
export interface SubtleKeyPair {
  privateKey: CryptoKey;
  /** base64, 32 bytes. */
  publicKey: string;
}

export interface SubtleEnvelope {
  keyPair(): Promise<SubtleKeyPair>;
  agree(offer: EnvelopeKeyOffer, pair: SubtleKeyPair): Promise<EnvelopeKey>;
  /** Encrypts and signs a JSON body for one request, under an AES-GCM key. */
  seal(body: unknown, key: EnvelopeKey, target: EnvelopeTarget): Promise<Envelope>;
}

const X25519 = { name: 'X25519' } as const;

/** The AES key imported once per agreed key, so a page imports each once. */
const imported = new WeakMap<EnvelopeKey, Promise<CryptoKey>>();

function importedKey(subtle: SubtleCrypto, key: EnvelopeKey): Promise<CryptoKey> {
  let enc = imported.get(key);
  if (!enc) {
    enc = subtle.importKey('raw', fromBase64(key.encKey), { name: 'AES-GCM' }, false, ['encrypt']);
    imported.set(key, enc);
  }
  return enc;
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function withSubtle(subtle: SubtleCrypto, random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>): SubtleEnvelope {
  return {
    async keyPair() {
      const pair = (await subtle.generateKey(X25519, false, ['deriveBits'])) as CryptoKeyPair;
      return { privateKey: pair.privateKey, publicKey: toBase64(new Uint8Array(await subtle.exportKey('raw', pair.publicKey))) };
    },
    async agree(offer, pair) {
      const serverPublic = fromBase64(offer.serverPublicKey);
      if (serverPublic.length !== 32) throw new Error('bad server key');
      const serverKey = await subtle.importKey('raw', serverPublic, X25519, false, []);
      const shared = await subtle.deriveBits({ name: 'X25519', public: serverKey }, pair.privateKey, 256);
      const hkdfKey = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveBits']);
      const info = agreementInfo(offer.keyId, fromBase64(pair.publicKey), serverPublic);
      const okm = new Uint8Array(
        await subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new TextEncoder().encode(offer.keyId), info }, hkdfKey, DERIVED_KEY_BYTES * 8),
      );
      return { keyId: offer.keyId, cipher: offer.cipher, version: offer.version, encKey: toBase64(okm.subarray(0, 32)), macKey: toBase64(okm.subarray(32)) };
    },
    async seal(body, key, target) {
      if (key.cipher !== 'AES-GCM') throw new Error(`WebCrypto has no ${key.cipher}`);
      const enc = await importedKey(subtle, key);
      const nonce = random(new Uint8Array(NONCE_BYTES));
      const plain = new TextEncoder().encode(JSON.stringify(body ?? {}));
      const header = { flag: key.cipher, keyId: key.keyId, version: ENVELOPE_VERSION, timestamp: Date.now(), nonce: toBase64(nonce) };
      const additionalData = new TextEncoder().encode(associatedText(header, target));
      // WebCrypto's AES-GCM output is the ciphertext followed by its 16-byte tag, as noble's.
      const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData, tagLength: GCM_TAG_BYTES * 8 }, enc, plain));
      const cut = sealed.length - GCM_TAG_BYTES;
      return { ...header, data: toBase64(sealed.subarray(0, cut)), signature: hex(sealed.subarray(cut)) };
    },
  };
}

/**
 * WebCrypto's envelope when this page has WebCrypto (a secure context), else null. Whether it
 * knows X25519 shows when the first key pair is asked for (`keyPair` rejects).
 */
export function subtleEnvelope(): SubtleEnvelope | null {
  const subtle = globalThis.isSecureContext ? globalThis.crypto?.subtle : undefined;
  return subtle ? withSubtle(subtle, (bytes) => globalThis.crypto.getRandomValues(bytes)) : null;
}
