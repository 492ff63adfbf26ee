/**
 * Detached CMS/PKCS#7 SignedData as a vendor agent produces it: the content left out, signed
 * attributes (contentType, signingTime, messageDigest) and the signer's certificate carried.
 * RSA with SHA-1 or SHA-256 under the PKCS#7 OIDs; SM2 with SM3 under the GM/T 0010 ones
 * (signedData/data 1.2.156.10197.6.1.4.2.x, SM3 1.2.156.10197.1.401, sm2-1 …301.1).
 * The hash is NOT checked against the key: tests and the agent's failure injection need the
 * wrong pairs (SM2 with SHA-1, RSA with SM3) that the server must refuse.
 */
import { createHash } from 'node:crypto';
import { OID, OID_BY_HASH, type HashName } from '../../server/services/cert/oids';
import { parseCertificate, pemToHex } from '../../server/services/cert/x509';
import { node, raw, time } from './der';
import { signBytes, type KeyPair } from './keys';

export interface DetachedSignRequest {
  data: Buffer | string;
  certificatePem: string;
  key: KeyPair;
  hash: HashName;
  /** Extra certificates to carry (a chain a signer claims; the server must not trust them). */
  extraCertificatesPem?: string[];
  signingTime?: Date;
  /** Default true; false signs the content itself, as some older toolkits do. */
  signedAttributes?: boolean;
  /** Default: GM/T 0010 OIDs for an SM2 key, PKCS#7 for RSA. */
  gmOids?: boolean;
  sm2UserId?: string;
}

const algorithmId = (oid: string, withNull: boolean) => node({ seq: withNull ? [{ oid }, { null: '' }] : [{ oid }] });

/** Base64 DER of a ContentInfo holding the detached SignedData. */
export function signDetached(req: DetachedSignRequest): string {
  const data = typeof req.data === 'string' ? Buffer.from(req.data, 'utf8') : req.data;
  const gm = req.gmOids ?? req.key.kind === 'sm2';
  const dataOid = gm ? OID.gmData : OID.data;
  const signedDataOid = gm ? OID.gmSignedData : OID.signedData;
  const isRsa = req.key.kind === 'rsa';
  const digestAlg = algorithmId(OID_BY_HASH[req.hash], isRsa);
  const signatureAlg = isRsa ? algorithmId(OID.rsaEncryption, true) : algorithmId(OID.sm2Sign, false);
  const cert = parseCertificate(req.certificatePem);

  let attributesImplicit: ReturnType<typeof raw> | null = null;
  let signedBytes = data;
  if (req.signedAttributes ?? true) {
    const messageDigest = createHash(req.hash).update(data).digest('hex');
    // DER SET OF sorts its members: jsrsasign's DERSet does, so the bytes signed are canonical.
    const setHex = node({
      set: [
        { seq: [{ oid: OID.contentType }, { set: [{ oid: dataOid }] }] },
        { seq: [{ oid: OID.signingTime }, { set: [time(req.signingTime ?? new Date())] }] },
        { seq: [{ oid: OID.messageDigest }, { set: [{ octstr: { hex: messageDigest } }] }] },
      ],
    }).tohex();
    signedBytes = Buffer.from(setHex, 'hex');
    attributesImplicit = raw('a0' + setHex.slice(2)); // [0] IMPLICIT SET OF Attribute
  }
  const signature = signBytes(req.key, req.hash, signedBytes, req.sm2UserId).toString('hex');

  const signerInfo = node({
    seq: [
      { int: 1 },
      { seq: [raw(cert.issuerDer), { int: { hex: cert.serial } }] },
      digestAlg,
      ...(attributesImplicit ? [attributesImplicit] : []),
      signatureAlg,
      { octstr: { hex: signature } },
    ],
  });
  const certificates = [req.certificatePem, ...(req.extraCertificatesPem ?? [])].map((p) => pemToHex(p)).join('');
  const certsImplicit = raw('a0' + derLength(certificates.length / 2) + certificates);
  const signedData = node({
    seq: [{ int: 1 }, { set: [digestAlg] }, { seq: [{ oid: dataOid }] }, certsImplicit, { set: [signerInfo] }],
  });
  const contentInfo = node({ seq: [{ oid: signedDataOid }, { tag: { tag: 'a0', explicit: true, obj: signedData } }] });
  return Buffer.from(contentInfo.tohex(), 'hex').toString('base64');
}

function derLength(n: number): string {
  if (n < 0x80) return n.toString(16).padStart(2, '0');
  let hex = n.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  return (0x80 + hex.length / 2).toString(16) + hex;
}
