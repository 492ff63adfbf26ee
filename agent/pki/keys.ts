/**
 * Key pairs of the test PKI and the one signing primitive the certificate builder and the
 * CMS signer share. RSA keys come from Node's crypto (pure-JS RSA-4096 generation takes far
 * too long for tests); SM2 keys and signatures from sm-crypto (Node's OpenSSL has SM3 but no
 * SM2 signing through its API).
 */
import { constants, createHash, generateKeyPairSync, privateEncrypt, sign as nodeSign } from 'node:crypto';
import { sm2 } from 'sm-crypto';
import { SM2_DEFAULT_USER_ID } from '../../src/shared/constants';
import type { HashName, KeyKind } from '../../server/services/cert/oids';

export interface KeyPair {
  kind: KeyKind;
  bits: number;
  /** RSA: PKCS#8 PEM; SM2: the private scalar, hex. */
  privateKey: string;
  /** The DER SubjectPublicKeyInfo, hex: what a certificate carries. */
  spkiHex: string;
  /** SM2 only: the uncompressed point 04‖x‖y, hex. */
  publicPoint?: string;
}

const SM2_SPKI_PREFIX =
  // SEQUENCE { SEQUENCE { ecPublicKey, sm2p256v1 }, BIT STRING (65 bytes + unused-bits byte) }
  '3059301306072a8648ce3d020106082a811ccf5501822d034200';

/** DigestInfo up to the digest: SEQUENCE { SEQUENCE { sm3, NULL }, OCTET STRING (32) }. */
const SM3_DIGEST_INFO_PREFIX = '3030300c06082a811ccf550183110500' + '0420';

export function generateKeyPair(kind: KeyKind, bits = 2048): KeyPair {
  if (kind === 'rsa') {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
    return {
      kind,
      bits,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      spkiHex: publicKey.export({ type: 'spki', format: 'der' }).toString('hex'),
    };
  }
  const { privateKey, publicKey } = sm2.generateKeyPairHex();
  return { kind, bits: 256, privateKey, publicPoint: publicKey, spkiHex: SM2_SPKI_PREFIX + publicKey };
}

/**
 * Signs `data` as-is (no check that the hash fits the key: the agent must be able to produce
 * the wrong pairs a server has to refuse). RSA: PKCS#1 v1.5 with `hash`; SM2: SM3 over
 * Z(userId)‖data whatever `hash` says, since SM2 has no other digest; DER (r, s).
 */
export function signBytes(key: KeyPair, hash: HashName, data: Buffer, userId = SM2_DEFAULT_USER_ID): Buffer {
  if (key.kind === 'rsa' && hash !== 'sm3') return nodeSign(hash, data, key.privateKey);
  if (key.kind === 'rsa') {
    // OpenSSL refuses RSA with SM3 through sign(): pad a DigestInfo by hand (PKCS#1 v1.5 type 1).
    const digestInfo = Buffer.concat([Buffer.from(SM3_DIGEST_INFO_PREFIX, 'hex'), createHash('sm3').update(data).digest()]);
    return privateEncrypt({ key: key.privateKey, padding: constants.RSA_PKCS1_PADDING }, digestInfo);
  }
  const hex = sm2.doSignature(Array.from(data), key.privateKey, {
    der: true,
    hash: true,
    publicKey: key.publicPoint,
    userId,
  });
  return Buffer.from(hex, 'hex');
}
