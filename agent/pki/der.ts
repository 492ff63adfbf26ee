/**
 * DER building through jsrsasign's ASN.1 classes. jsrsasign can sign certificates with RSA and
 * NIST curves only, so the test PKI builds each TBSCertificate / TBSCertList here, signs its
 * DER with keys.ts (RSA or SM2) and wraps the result: one path for both key families.
 */
import jsrsasign from 'jsrsasign';
import { OID } from '../../server/services/cert/oids';
import type { KeyPair } from './keys';

// The published types lag jsrsasign 11's JSON-style constructors: one typed door.
interface Asn1Object {
  tohex(): string;
}
type Json = Record<string, unknown> | Asn1Object;
const K = (jsrsasign as unknown as { KJUR: { asn1: Record<string, any> } }).KJUR.asn1;

export const node = (json: Json): Asn1Object => K.ASN1Util.newObject(json);
/** An already-encoded TLV, embedded as it is. */
export const raw = (tlvHex: string): Asn1Object => node({ asn1: { tlv: tlvHex } });
export const name = (dn: string): Asn1Object => new K.x509.X500Name({ str: dn });
export const extensions = (list: Record<string, unknown>[]): Asn1Object => new K.x509.Extensions(list);

/** UTCTime up to 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
export function time(d: Date): Asn1Object {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return d.getUTCFullYear() < 2050 ? node({ utctime: { str: iso.slice(2) } }) : node({ gentime: { str: iso } });
}

/** The signature AlgorithmIdentifier a certificate or CRL signed by `key` carries. */
export function signatureAlgorithm(key: KeyPair): Asn1Object {
  return key.kind === 'rsa'
    ? node({ seq: [{ oid: OID.sha256WithRSA }, { null: '' }] })
    : node({ seq: [{ oid: OID.sm3WithSM2 }] });
}

export const toPem = (hex: string, label: string): string =>
  `-----BEGIN ${label}-----\n${Buffer.from(hex, 'hex').toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;
