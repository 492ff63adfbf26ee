/**
 * The toolkit's hash, rand and symm. Encodings (ours, docs/certificates-agent.md): text in as
 * UTF-8, digests as lowercase hex, random bytes and ciphertext as base64, keys and IVs as hex.
 * SM4 through sm-crypto (not every OpenSSL build has it), AES through Node's crypto; CBC with
 * an IV, ECB without, PKCS#7 padding either way.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sm4 } from 'sm-crypto';

export const HASHES = { SHA1: 'sha1', SHA256: 'sha256', SM3: 'sm3' } as const;
export type HashAlgorithmName = keyof typeof HASHES;
export const isHashName = (v: unknown): v is HashAlgorithmName => typeof v === 'string' && Object.hasOwn(HASHES, v);

/** The most random bytes one rand call gives. */
export const RAND_MAX_BYTES = 4096;

export const digestHex = (algorithm: HashAlgorithmName, data: string) => createHash(HASHES[algorithm]).update(data, 'utf8').digest('hex');

export const randomBase64 = (length: number) => randomBytes(length).toString('base64');

export class SymmetricError extends Error {}

export interface SymmetricRequest {
  algorithm: 'SM4' | 'AES';
  mode: 'encrypt' | 'decrypt';
  key: string;
  iv?: string;
  data: string;
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/** encrypt: UTF-8 text → base64; decrypt: base64 → UTF-8 text. Throws SymmetricError on a bad key, IV or ciphertext. */
export function symmetric({ algorithm, mode, key, iv, data }: SymmetricRequest): string {
  if (!HEX.test(key) || (iv !== undefined && (!HEX.test(iv) || iv.length !== 32))) throw new SymmetricError('key and iv are hex; iv 16 bytes');
  const input = mode === 'encrypt' ? Buffer.from(data, 'utf8') : Buffer.from(data, 'base64');
  let output: Buffer;
  try {
    if (algorithm === 'SM4') {
      if (key.length !== 32) throw new SymmetricError('SM4 key is 16 bytes');
      const options = { padding: 'pkcs#7' as const, output: 'array' as const, ...(iv ? { mode: 'cbc' as const, iv } : {}) };
      output = Buffer.from(mode === 'encrypt' ? sm4.encrypt(Array.from(input), key, options) : sm4.decrypt(Array.from(input), key, options));
    } else {
      const bits = (key.length / 2) * 8;
      if (![128, 192, 256].includes(bits)) throw new SymmetricError('AES key is 16, 24 or 32 bytes');
      const name = `aes-${bits}-${iv ? 'cbc' : 'ecb'}`;
      const ivBytes = iv ? Buffer.from(iv, 'hex') : null;
      const c = mode === 'encrypt' ? createCipheriv(name, Buffer.from(key, 'hex'), ivBytes) : createDecipheriv(name, Buffer.from(key, 'hex'), ivBytes);
      output = Buffer.concat([c.update(input), c.final()]);
    }
  } catch (e) {
    throw e instanceof SymmetricError ? e : new SymmetricError(e instanceof Error ? e.message : String(e));
  }
  return mode === 'encrypt' ? output.toString('base64') : output.toString('utf8');
}
