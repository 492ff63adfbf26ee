/**
 * X.509 v3 certificates and v2 CRLs of the test PKI, signed by RSA (SHA-256) or SM2 (SM3) CAs.
 * The TBS part is built with jsrsasign's ASN.1 classes (der.ts); its DER is signed with
 * keys.signBytes, because jsrsasign has no SM2 signer.
 */
import { randomBytes } from 'node:crypto';
import { extensions, name, node, raw, signatureAlgorithm, time, toPem } from './der';
import { signBytes, type KeyPair } from './keys';

export type KeyUsageName =
  | 'digitalSignature'
  | 'nonRepudiation'
  | 'keyEncipherment'
  | 'dataEncipherment'
  | 'keyCertSign'
  | 'cRLSign';

export interface CertificateRequest {
  serialHex?: string;
  /** jsrsasign's slash form: "/C=CN/O=Example/CN=Name". */
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  subjectKey: KeyPair;
  issuerKey: KeyPair;
  isCa: boolean;
  keyUsage: KeyUsageName[];
  /** More extensions in jsrsasign's JSON form (the agent's TLS certificate: subjectAltName, extKeyUsage). */
  extraExtensions?: Record<string, unknown>[];
}

/** A positive 64-bit serial (the top bit cleared, so DER needs no sign byte). */
export function newSerial(): string {
  const b = randomBytes(8);
  b[0] = (b[0]! & 0x7f) | 0x10;
  return b.toString('hex');
}

function signWrap(tbsHex: string, issuerKey: KeyPair): string {
  const hash = issuerKey.kind === 'rsa' ? 'sha256' : 'sm3';
  const sig = signBytes(issuerKey, hash, Buffer.from(tbsHex, 'hex')).toString('hex');
  return node({ seq: [raw(tbsHex), signatureAlgorithm(issuerKey), { bitstr: { hex: '00' + sig } }] }).tohex();
}

export function buildCertificate(req: CertificateRequest): { pem: string; serialHex: string } {
  const serialHex = req.serialHex ?? newSerial();
  const exts: Record<string, unknown>[] = [
    { extname: 'basicConstraints', critical: true, ...(req.isCa ? { cA: true } : {}) },
    { extname: 'keyUsage', critical: true, names: req.keyUsage },
    ...(req.extraExtensions ?? []),
  ];
  const tbs = node({
    seq: [
      { tag: { tag: 'a0', explicit: true, obj: { int: 2 } } },
      { int: { hex: serialHex } },
      signatureAlgorithm(req.issuerKey),
      name(req.issuer),
      { seq: [time(req.notBefore), time(req.notAfter)] },
      name(req.subject),
      raw(req.subjectKey.spkiHex),
      { tag: { tag: 'a3', explicit: true, obj: extensions(exts) } },
    ],
  }).tohex();
  return { pem: toPem(signWrap(tbs, req.issuerKey), 'CERTIFICATE'), serialHex };
}

export interface CrlRequest {
  issuer: string;
  issuerKey: KeyPair;
  thisUpdate: Date;
  nextUpdate: Date;
  revoked: { serialHex: string; date: Date }[];
}

export function buildCrl(req: CrlRequest): string {
  const entries = req.revoked.map((r) => ({ seq: [{ int: { hex: r.serialHex } }, time(r.date)] }));
  const tbs = node({
    seq: [
      { int: 1 },
      signatureAlgorithm(req.issuerKey),
      name(req.issuer),
      time(req.thisUpdate),
      time(req.nextUpdate),
      ...(entries.length ? [{ seq: entries }] : []),
    ],
  }).tohex();
  return toPem(signWrap(tbs, req.issuerKey), 'X509 CRL');
}
