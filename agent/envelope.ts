/**
 * The toolkit's enc/dec: a PKCS#7/CMS EnvelopedData (RFC 5652 §6) for one RSA recipient.
 * The content key (AES-256-CBC) is carried under RSAES-OAEP (SHA-1, RFC 4055's defaults):
 * Node refuses PKCS#1 v1.5 decryption (the Marvin attack), and OAEP is what current toolkits
 * offer. SM2 envelopes (GM/T 0010) are not emulated: the agent answers "unimplemented".
 */
import { constants, createCipheriv, createDecipheriv, privateDecrypt, publicEncrypt, randomBytes, createPublicKey } from 'node:crypto';
import { OID } from '../server/services/cert/oids';
import { asn1, oidAt, parseCertificate } from '../server/services/cert/x509';
import { node, raw } from './pki/der';
import type { KeyPair } from './pki/keys';

export const ENVELOPE_OID = {
  envelopedData: '1.2.840.113549.1.7.3',
  rsaesOaep: '1.2.840.113549.1.1.7',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
} as const;

export class EnvelopeError extends Error {}

const OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' } as const;

/** Base64 DER of a ContentInfo holding the EnvelopedData of `data` for the certificate's holder. */
export function envelope(certificateDerHex: string, data: Buffer): string {
  const cert = parseCertificate(certificateDerHex);
  if (cert.key.kind !== 'rsa') throw new EnvelopeError('only RSA recipients');
  const cek = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', cek, iv);
  const content = Buffer.concat([cipher.update(data), cipher.final()]);
  const publicKey = createPublicKey({ key: Buffer.from(cert.key.spkiHex, 'hex'), format: 'der', type: 'spki' });
  const encryptedKey = publicEncrypt({ key: publicKey, ...OAEP }, cek);
  const recipient = node({
    seq: [
      { int: 0 },
      { seq: [raw(cert.issuerDer), { int: { hex: cert.serial } }] },
      { seq: [{ oid: ENVELOPE_OID.rsaesOaep }, { seq: [] }] },
      { octstr: { hex: encryptedKey.toString('hex') } },
    ],
  });
  const encryptedContentInfo = node({
    seq: [
      { oid: OID.data },
      { seq: [{ oid: ENVELOPE_OID.aes256Cbc }, { octstr: { hex: iv.toString('hex') } }] },
      // [0] IMPLICIT OCTET STRING
      { tag: { tag: '80', explicit: false, obj: { octstr: { hex: content.toString('hex') } } } },
    ],
  });
  const enveloped = node({ seq: [{ int: 0 }, { set: [recipient] }, encryptedContentInfo] });
  return Buffer.from(node({ seq: [{ oid: ENVELOPE_OID.envelopedData }, { tag: { tag: 'a0', explicit: true, obj: enveloped } }] }).tohex(), 'hex').toString('base64');
}

/** Opens an envelope made for `serialHex` with its RSA key; throws EnvelopeError on anything else. */
export function openEnvelope(base64: string, serialHex: string, key: KeyPair): Buffer {
  if (key.kind !== 'rsa') throw new EnvelopeError('only RSA recipients');
  const hex = Buffer.from(base64, 'base64').toString('hex');
  if (!hex || !asn1.isASN1HEX(hex) || oidAt(hex, [0]) !== ENVELOPE_OID.envelopedData) throw new EnvelopeError('not an EnvelopedData');
  const ed = asn1.getTLVbyList(hex, 0, [1, 0]);
  if (!ed) throw new EnvelopeError('no EnvelopedData');
  const [, recipientsIdx, eciIdx] = asn1.getChildIdx(ed, 0);
  if (recipientsIdx === undefined || eciIdx === undefined) throw new EnvelopeError('short EnvelopedData');
  const mine = asn1.getChildIdx(ed, recipientsIdx).map((i) => asn1.getTLV(ed, i)).find((ri) => {
    const sid = asn1.getTLVbyList(ri, 0, [1]);
    return sid !== null && (asn1.getVbyList(ri, 0, [1, 1]) ?? '').replace(/^00/, '') === serialHex.toLowerCase().replace(/^00/, '');
  });
  if (!mine) throw new EnvelopeError('not addressed to this certificate');
  if (oidAt(mine, [2, 0]) !== ENVELOPE_OID.rsaesOaep) throw new EnvelopeError('key transport not RSAES-OAEP');
  const cek = privateDecrypt({ key: key.privateKey, ...OAEP }, Buffer.from(asn1.getVbyList(mine, 0, [3]) ?? '', 'hex'));
  const eci = asn1.getTLV(ed, eciIdx);
  if (oidAt(eci, [1, 0]) !== ENVELOPE_OID.aes256Cbc) throw new EnvelopeError('content cipher not AES-256-CBC');
  const iv = Buffer.from(asn1.getVbyList(eci, 0, [1, 1]) ?? '', 'hex');
  const content = Buffer.from(asn1.getVbyList(eci, 0, [2]) ?? '', 'hex');
  const decipher = createDecipheriv('aes-256-cbc', cek, iv);
  return Buffer.concat([decipher.update(content), decipher.final()]);
}
