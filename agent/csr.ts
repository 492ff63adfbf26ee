/**
 * The toolkit's csr: a fresh key pair in a container and its PKCS#10 request (RFC 2986),
 * built like the test PKI's certificates (jsrsasign's ASN.1 for the request info, keys.ts to
 * sign it): SHA256withRSA for RSA, SM3withSM2 for SM2, one path for both.
 */
import { name, node, raw, signatureAlgorithm, toPem } from './pki/der';
import { generateKeyPair, signBytes, type KeyPair } from './pki/keys';

/** "/C=CN/O=…/CN=…": the DN form of the listing. */
export const SLASH_DN = /^(\/[A-Za-z][A-Za-z0-9.]*=[^/]+)+$/;

export function certificationRequest(subject: string, key: KeyPair): { der: Buffer; pem: string } {
  const info = node({ seq: [{ int: 0 }, name(subject), raw(key.spkiHex), raw('a000') /* attributes: none */] }).tohex();
  const signature = signBytes(key, key.kind === 'rsa' ? 'sha256' : 'sm3', Buffer.from(info, 'hex')).toString('hex');
  const hex = node({ seq: [raw(info), signatureAlgorithm(key), { bitstr: { hex: '00' + signature } }] }).tohex();
  return { der: Buffer.from(hex, 'hex'), pem: toPem(hex, 'CERTIFICATE REQUEST') };
}

export function newKeyPair(keyAlgorithm: 'RSA' | 'SM2', keySize: number): KeyPair {
  return keyAlgorithm === 'RSA' ? generateKeyPair('rsa', keySize) : generateKeyPair('sm2');
}
