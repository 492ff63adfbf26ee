import { gcm, ecb } from '@noble/ciphers/aes.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes, utf8ToBytes, bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ENVELOPE_VERSION, ENVELOPE_CIPHERS, type EnvelopeCipher } from './constants';
import { agreementInfo, associatedText, DERIVED_KEY_BYTES, fromBase64, GCM_TAG_BYTES, NONCE_BYTES, signatureHexLength, signedText, toBase64 } from './envelope-format';

export { associatedText, fromBase64, signedText, toBase64 } from './envelope-format';

/**
 * The payload envelope of shell §7, written once for the browser and the server.
 *
 * A non-GET body travels as `{flag, keyId, version, timestamp, nonce, data, signature}`:
 * `flag` names the cipher, `data` is the encrypted JSON body, and `signature` authenticates the
 * ciphertext together with every other field and the request's method and path, so a captured
 * body can be neither altered nor sent to another route. Under AES-GCM (the default) the
 * signature is GCM's own 16-byte tag, with those fields as its associated data: authenticated
 * encryption needs no second MAC, and the server makes one OpenSSL context a body instead of two
 * (issue 16, bench/README.md, stop 37). Under AES-ECB, which has no integrity, it is an
 * HMAC-SHA256 over the same fields and the ciphertext. The nonce doubles as the GCM IV and is
 * what the server remembers to refuse a replay; the timestamp bounds how long it must remember.
 */
export interface EnvelopeKey {
  keyId: string;
  cipher: EnvelopeCipher;
  /** base64, 32 bytes: AES-256. */
  encKey: string;
  /** base64, 32 bytes: HMAC-SHA256. */
  macKey: string;
  version: string;
}

/**
 * What GET encrypt-key answers (issue 9): the server's ephemeral X25519 public key, not the key
 * itself. Each client agrees its own key with the server (X25519, then HKDF-SHA256), so a
 * client that fetches a key of its own learns nothing of another's, and nothing that travels
 * lets an eavesdropper derive one.
 */
export interface EnvelopeKeyOffer {
  keyId: string;
  cipher: EnvelopeCipher;
  /** base64, 32 bytes: the server's ephemeral X25519 public key for this client. */
  serverPublicKey: string;
  version: string;
}

const X25519_KEY_BYTES = 32;

function deriveKey(shared: Uint8Array, keyId: string, clientPublic: Uint8Array, serverPublic: Uint8Array): { encKey: string; macKey: string } {
  const okm = hkdf(sha256, shared, utf8ToBytes(keyId), agreementInfo(keyId, clientPublic, serverPublic), DERIVED_KEY_BYTES);
  return { encKey: toBase64(okm.subarray(0, 32)), macKey: toBase64(okm.subarray(32)) };
}

/** X25519's base point, u = 9 (RFC 7748, little-endian). */
const X25519_BASE_U = Uint8Array.from({ length: X25519_KEY_BYTES }, (_, i) => (i === 0 ? 9 : 0));

/**
 * A public key by the Montgomery ladder from the base point: the same key as noble's
 * getPublicKey (RFC 7748). noble's own path multiplies on Edwards base tables, faster from the
 * second key on but built on first use, tens of milliseconds; a page makes one key, and building
 * those tables was a long task as the shell starts (issue 16).
 */
const publicKeyOf = (secretKey: Uint8Array): Uint8Array => x25519.scalarMult(secretKey, X25519_BASE_U);

/** A client's ephemeral key pair; the secret half never leaves the page's memory. */
export function envelopeKeyPair(): { secretKey: Uint8Array; publicKey: string } {
  const secretKey = x25519.utils.randomSecretKey();
  return { secretKey, publicKey: toBase64(publicKeyOf(secretKey)) };
}

/** Decodes an X25519 public key sent as base64; undefined when it is not one. */
export function readPublicKey(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length > 64) return undefined;
  try {
    const bytes = fromBase64(text);
    return bytes.length === X25519_KEY_BYTES ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's side: a fresh ephemeral key pair, the shared secret with the client's public key,
 * and the derived key. Throws on a public key of small order (noble refuses an all-zero secret).
 */
export function serverAgree(clientPublic: Uint8Array, keyId: string): { serverPublicKey: string; encKey: string; macKey: string } {
  const server = x25519.keygen();
  const shared = x25519.getSharedSecret(server.secretKey, clientPublic);
  return { serverPublicKey: toBase64(server.publicKey), ...deriveKey(shared, keyId, clientPublic, server.publicKey) };
}

/** The client's side: the same key, from the server's offer and the client's secret. */
export function clientAgree(offer: EnvelopeKeyOffer, secretKey: Uint8Array): EnvelopeKey {
  const serverPublic = readPublicKey(offer.serverPublicKey);
  if (!serverPublic) throw new Error('bad server key');
  const clientPublic = publicKeyOf(secretKey);
  const shared = x25519.getSharedSecret(secretKey, serverPublic);
  return { keyId: offer.keyId, cipher: offer.cipher, version: offer.version, ...deriveKey(shared, offer.keyId, clientPublic, serverPublic) };
}

export interface Envelope {
  flag: EnvelopeCipher;
  keyId: string;
  version: string;
  timestamp: number;
  /** base64, 12 random bytes. */
  nonce: string;
  /** base64 ciphertext (GCM: without its tag, which is the signature). */
  data: string;
  /** hex: GCM's 16-byte tag, or ECB's HMAC-SHA256 (signatureHexLength). */
  signature: string;
}

/** What the signature also binds: the request the envelope was made for. */
export interface EnvelopeTarget {
  method: string;
  path: string;
}

export const isEnvelopeCipher = (value: unknown): value is EnvelopeCipher => typeof value === 'string' && (ENVELOPE_CIPHERS as readonly string[]).includes(value);

/** An AES-ECB envelope's HMAC-SHA256 (an AES-GCM envelope's signature is its tag: sealEnvelope). */
export function signEnvelope(e: Omit<Envelope, 'signature'>, target: EnvelopeTarget, macKey: string): string {
  return bytesToHex(hmac(sha256, fromBase64(macKey), utf8ToBytes(signedText(e, target))));
}

const gcmOf = (e: Pick<Envelope, 'version' | 'timestamp' | 'nonce' | 'flag' | 'keyId'>, target: EnvelopeTarget, encKey: string, nonce: Uint8Array) =>
  gcm(fromBase64(encKey), nonce, utf8ToBytes(associatedText(e, target)));

export interface SealOptions {
  now?: number;
  /** Tests pin the nonce; everyone else gets 12 random bytes. */
  nonce?: Uint8Array;
}

/** Encrypts and signs a JSON body for one request. */
export function sealEnvelope(body: unknown, key: EnvelopeKey, target: EnvelopeTarget, options: SealOptions = {}): Envelope {
  const nonce = options.nonce ?? randomBytes(NONCE_BYTES);
  const plain = utf8ToBytes(JSON.stringify(body ?? {}));
  const header = { flag: key.cipher, keyId: key.keyId, version: ENVELOPE_VERSION, timestamp: options.now ?? Date.now(), nonce: toBase64(nonce) };
  if (key.cipher === 'AES-GCM') {
    const sealed = gcmOf(header, target, key.encKey, nonce).encrypt(plain);
    const cut = sealed.length - GCM_TAG_BYTES;
    return { ...header, data: toBase64(sealed.subarray(0, cut)), signature: bytesToHex(sealed.subarray(cut)) };
  }
  const unsigned = { ...header, data: toBase64(ecb(fromBase64(key.encKey)).encrypt(plain)) };
  return { ...unsigned, signature: signEnvelope(unsigned, target, key.macKey) };
}

/** True when the value has every envelope field with the right type (not yet verified). */
export function looksLikeEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const e = value as Record<string, unknown>;
  return (
    isEnvelopeCipher(e.flag) &&
    typeof e.keyId === 'string' &&
    typeof e.version === 'string' &&
    typeof e.timestamp === 'number' &&
    Number.isFinite(e.timestamp) &&
    typeof e.nonce === 'string' &&
    typeof e.data === 'string' &&
    typeof e.signature === 'string' &&
    e.signature.length === signatureHexLength(e.flag) &&
    /^[0-9a-f]+$/.test(e.signature)
  );
}

/** Constant-time comparison of two hex strings of equal length. */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

type EnvelopeKeys = Pick<EnvelopeKey, 'encKey' | 'macKey'>;

/** The body's plain bytes; throws when the signature does not verify or the ciphertext does not decrypt. */
function openBytes(e: Envelope, target: EnvelopeTarget, key: EnvelopeKeys): Uint8Array {
  const nonce = fromBase64(e.nonce);
  if (e.flag === 'AES-GCM') {
    if (nonce.length !== NONCE_BYTES || e.signature.length !== signatureHexLength(e.flag)) throw new Error('bad envelope');
    return gcmOf(e, target, key.encKey, nonce).decrypt(new Uint8Array([...fromBase64(e.data), ...hexToBytes(e.signature)]));
  }
  if (!sameHex(signEnvelope(e, target, key.macKey), e.signature)) throw new Error('bad signature');
  return ecb(fromBase64(key.encKey)).decrypt(fromBase64(e.data));
}

/** True when the envelope's signature verifies for this request under this key. */
export function verifyEnvelope(e: Envelope, target: EnvelopeTarget, key: EnvelopeKeys): boolean {
  if (e.flag === 'AES-ECB') return sameHex(signEnvelope(e, target, key.macKey), e.signature);
  try {
    openBytes(e, target, key);
    return true;
  } catch {
    return false;
  }
}

/** Verifies and decrypts an envelope back to its JSON body; throws when either fails. */
export function openEnvelope(e: Envelope, target: EnvelopeTarget, key: EnvelopeKeys): unknown {
  return JSON.parse(new TextDecoder().decode(openBytes(e, target, key)));
}
