/**
 * Reading certificates and CRLs (jsrsasign's X509 and ASN1HEX) and checking one signature
 * with a public key: RSA through Node's crypto, SM2 through sm-crypto, which jsrsasign cannot
 * do. Pure: no configuration, no clock.
 */
import { createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';
import jsrsasign from 'jsrsasign';
import { sm2 } from 'sm-crypto';
import { SM2_DEFAULT_USER_ID } from '../../../src/shared/constants';
import { OID, SIGNATURE_ALGORITHMS, type HashName, type KeyKind } from './oids';

// The published types lag jsrsasign 11 (ASN1HEX helpers, X509 getters): one typed door.
const { X509, ASN1HEX } = jsrsasign as unknown as {
  X509: new () => X509Like;
  ASN1HEX: Asn1Hex;
};
interface X509Like {
  readCertHex(hex: string): void;
  getSerialNumberHex(): string;
  getSubjectString(): string;
  getIssuerString(): string;
  getSubjectHex(): string;
  getIssuerHex(): string;
  getNotBefore(): string;
  getNotAfter(): string;
  getPublicKeyHex(): string;
  getExtKeyUsageBin(): string;
  getExtBasicConstraints(): { cA?: boolean } | undefined;
  getExtSubjectKeyIdentifier(): { kid?: { hex?: string } } | undefined;
}
export interface Asn1Hex {
  isASN1HEX(hex: string): boolean;
  getChildIdx(hex: string, idx: number): number[];
  getTLV(hex: string, idx: number): string;
  getV(hex: string, idx: number): string;
  getTLVbyList(hex: string, idx: number, list: number[]): string | null;
  getVbyList(hex: string, idx: number, list: number[]): string | null;
  hextooidstr(hex: string): string;
}
export const asn1 = ASN1HEX;

export interface PublicKeyInfo {
  kind: KeyKind;
  /** The DER SubjectPublicKeyInfo. */
  spkiHex: string;
  /** SM2 only: the uncompressed point 04‖x‖y sm-crypto takes. */
  pointHex?: string;
  /** RSA modulus bits, or 256 for SM2. */
  bits: number;
}

export interface CertificateInfo {
  der: string;
  serial: string;
  subject: string;
  issuer: string;
  subjectDer: string;
  issuerDer: string;
  notBefore: Date;
  notAfter: Date;
  key: PublicKeyInfo;
  /** The first byte of the keyUsage bit string (digitalSignature = 128, keyEncipherment = 32), null without the extension. */
  keyUsage: number | null;
  isCa: boolean;
  /** The subjectKeyIdentifier extension, hex: how a CMS v3 SignerInfo may name its signer. */
  subjectKeyId: string | null;
  tbsHex: string;
  signatureAlgorithm: string;
  signatureHex: string;
}

export function pemToHex(pem: string): string {
  const body = pem.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  return Buffer.from(body, 'base64').toString('hex');
}

export function oidAt(hex: string, list: number[]): string | null {
  const v = ASN1HEX.getVbyList(hex, 0, list);
  return v == null ? null : ASN1HEX.hextooidstr(v);
}

/** "YYMMDDhhmmssZ" (UTCTime) or "YYYYMMDDhhmmssZ" (GeneralizedTime). */
export function asn1TimeToDate(s: string): Date {
  if (!/^(\d{2})?\d{12}Z$/.test(s)) throw new Error(`bad time ${s}`);
  const full = s.length === 13 ? (Number(s.slice(0, 2)) >= 50 ? '19' : '20') + s : s;
  const [y, mo, d, h, mi, se] = [0, 4, 6, 8, 10, 12].map((i, k) => Number(full.slice(i, k === 0 ? 4 : i + 2)));
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, se!));
  if (Number.isNaN(date.getTime()) || date.getUTCMonth() !== mo! - 1 || date.getUTCDate() !== d!) throw new Error(`bad time ${s}`);
  return date;
}

export function readPublicKey(spkiHex: string): PublicKeyInfo {
  const alg = oidAt(spkiHex, [0, 0]);
  if (alg === OID.rsaEncryption) {
    const key = createPublicKey({ key: Buffer.from(spkiHex, 'hex'), format: 'der', type: 'spki' });
    return { kind: 'rsa', spkiHex, bits: key.asymmetricKeyDetails?.modulusLength ?? 0 };
  }
  const curve = alg === OID.ecPublicKey ? oidAt(spkiHex, [0, 1]) : alg;
  if (curve === OID.sm2Curve) {
    const bits = ASN1HEX.getVbyList(spkiHex, 0, [1]) ?? '';
    return { kind: 'sm2', spkiHex, pointHex: bits.slice(2), bits: 256 };
  }
  throw new Error(`unsupported public key algorithm ${alg}`);
}

export function parseCertificate(pemOrHex: string): CertificateInfo {
  const der = pemOrHex.includes('-----BEGIN') ? pemToHex(pemOrHex) : pemOrHex.toLowerCase();
  if (!ASN1HEX.isASN1HEX(der)) throw new Error('not DER');
  const x = new X509();
  x.readCertHex(der);
  const usageBits = x.getExtKeyUsageBin();
  const bc = x.getExtBasicConstraints();
  return {
    der,
    serial: x.getSerialNumberHex(),
    subject: x.getSubjectString(),
    issuer: x.getIssuerString(),
    subjectDer: x.getSubjectHex(),
    issuerDer: x.getIssuerHex(),
    notBefore: asn1TimeToDate(x.getNotBefore()),
    notAfter: asn1TimeToDate(x.getNotAfter()),
    key: readPublicKey(x.getPublicKeyHex()),
    keyUsage: usageBits ? parseInt(usageBits.padEnd(8, '0').slice(0, 8), 2) : null,
    isCa: bc?.cA === true,
    subjectKeyId: x.getExtSubjectKeyIdentifier()?.kid?.hex?.toLowerCase() ?? null,
    tbsHex: ASN1HEX.getTLVbyList(der, 0, [0]) ?? '',
    signatureAlgorithm: oidAt(der, [1, 0]) ?? '',
    signatureHex: (ASN1HEX.getVbyList(der, 0, [2]) ?? '').slice(2),
  };
}

/** One signature over `data` with `key`; false on any mismatch or malformed input, never a throw. */
export function verifyWithKey(
  key: PublicKeyInfo,
  hash: HashName,
  data: Buffer,
  signatureHex: string,
  userId: string = SM2_DEFAULT_USER_ID,
): boolean {
  try {
    if (key.kind === 'rsa') {
      const pub = createPublicKey({ key: Buffer.from(key.spkiHex, 'hex'), format: 'der', type: 'spki' });
      return nodeVerify(hash, data, pub, Buffer.from(signatureHex, 'hex'));
    }
    if (hash !== 'sm3' || !key.pointHex) return false;
    return sm2.doVerifySignature(Array.from(data), signatureHex, key.pointHex, { der: true, hash: true, userId });
  } catch {
    return false;
  }
}

/** Whether `tbsHex` + signature (a certificate's or a CRL's) was signed by `issuerKey`. */
export function signedBy(
  signed: { tbsHex: string; signatureAlgorithm: string; signatureHex: string },
  issuerKey: PublicKeyInfo,
): boolean {
  const alg = SIGNATURE_ALGORITHMS[signed.signatureAlgorithm];
  if (!alg || alg.key !== issuerKey.kind) return false;
  return verifyWithKey(issuerKey, alg.hash, Buffer.from(signed.tbsHex, 'hex'), signed.signatureHex);
}

export function digest(hash: HashName, data: Buffer): string {
  return createHash(hash).update(data).digest('hex');
}

export interface CrlInfo {
  issuerDer: string;
  thisUpdate: Date;
  nextUpdate: Date | null;
  /** Revoked serials, lower-case hex as X509 reports them. */
  revoked: Set<string>;
  tbsHex: string;
  signatureAlgorithm: string;
  signatureHex: string;
}

const isTime = (hex: string, idx: number) => ['17', '18'].includes(hex.slice(idx, idx + 2));
const timeAt = (hex: string, idx: number) => asn1TimeToDate(Buffer.from(ASN1HEX.getV(hex, idx), 'hex').toString('latin1'));

/** A v1/v2 CRL (RFC 5280 §5.1), read by hand: jsrsasign's X509CRL cannot check SM2 signatures anyway. */
export function parseCrl(pemOrHex: string): CrlInfo {
  const der = pemOrHex.includes('-----BEGIN') ? pemToHex(pemOrHex) : pemOrHex.toLowerCase();
  if (!ASN1HEX.isASN1HEX(der)) throw new Error('not DER');
  const tbsHex = ASN1HEX.getTLVbyList(der, 0, [0]) ?? '';
  const kids = ASN1HEX.getChildIdx(tbsHex, 0);
  let i = tbsHex.slice(kids[0]!, kids[0]! + 2) === '02' ? 1 : 0; // optional version
  i += 1; // signature algorithm
  const issuerDer = ASN1HEX.getTLV(tbsHex, kids[i++]!);
  const thisUpdate = timeAt(tbsHex, kids[i++]!);
  let nextUpdate: Date | null = null;
  if (kids[i] !== undefined && isTime(tbsHex, kids[i]!)) nextUpdate = timeAt(tbsHex, kids[i++]!);
  const revoked = new Set<string>();
  if (kids[i] !== undefined && tbsHex.slice(kids[i]!, kids[i]! + 2) === '30') {
    for (const entry of ASN1HEX.getChildIdx(tbsHex, kids[i]!)) {
      const serialIdx = ASN1HEX.getChildIdx(tbsHex, entry)[0]!;
      revoked.add(ASN1HEX.getV(tbsHex, serialIdx));
    }
  }
  return {
    issuerDer,
    thisUpdate,
    nextUpdate,
    revoked,
    tbsHex,
    signatureAlgorithm: oidAt(der, [1, 0]) ?? '',
    signatureHex: (ASN1HEX.getVbyList(der, 0, [2]) ?? '').slice(2),
  };
}
