import type { Envelope, EnvelopeTarget } from './envelope';

/**
 * The envelope's wire format, without its cryptography: what the noble implementation
 * (envelope.ts, the server's reference and the browser's fallback) and the browser's WebCrypto
 * one (src/services/http/envelope-subtle.ts) must agree on byte for byte, written once. No
 * import of @noble here, so the WebCrypto path loads none of it.
 */

/** The HKDF context: protocol, key id and both public keys, so a key is good for this exchange only. */
const AGREEMENT_INFO = 'treasury-portal envelope key v1';

/** HKDF-SHA256 output: the AES-256 key, then the HMAC-SHA256 key (used by AES-ECB envelopes only). */
export const DERIVED_KEY_BYTES = 64;

/** GCM's IV, and what the server remembers to refuse a replay. */
export const NONCE_BYTES = 12;

export function agreementInfo(keyId: string, clientPublic: Uint8Array, serverPublic: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array([...new TextEncoder().encode(`${AGREEMENT_INFO}\n${keyId}\n`), ...clientPublic, ...serverPublic]);
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** AES-GCM's tag, the whole 16 bytes: an AES-GCM envelope's signature (hex). */
export const GCM_TAG_BYTES = 16;

/** HMAC-SHA256's output: an AES-ECB envelope's signature (hex). */
export const HMAC_BYTES = 32;

/** How many hex digits the signature of an envelope under this cipher has. */
export const signatureHexLength = (flag: Envelope['flag']): number => 2 * (flag === 'AES-GCM' ? GCM_TAG_BYTES : HMAC_BYTES);

/**
 * What binds an envelope to its request, as UTF-8, one field a line (no base64, hex or number
 * contains a newline): AES-GCM authenticates it as the associated data, beside the ciphertext
 * its tag covers anyway.
 */
export function associatedText(e: Pick<Envelope, 'version' | 'timestamp' | 'nonce' | 'flag' | 'keyId'>, target: EnvelopeTarget): string {
  return [e.version, String(e.timestamp), e.nonce, e.flag, e.keyId, target.method.toUpperCase(), target.path].join('\n');
}

/**
 * The exact text an AES-ECB envelope's HMAC covers: the same lines and the ciphertext (ECB has no
 * integrity of its own). The server verifies it with node:crypto (server/security/envelope-crypto.ts).
 */
export function signedText(e: Omit<Envelope, 'signature'>, target: EnvelopeTarget): string {
  return `${associatedText(e, target)}\n${e.data}`;
}
