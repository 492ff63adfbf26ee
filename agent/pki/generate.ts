/**
 * The reference agent's test PKI: CAs (RSA, SM2, a trusted one outside the licence, and a
 * rogue one nobody configures), a CRL per CA, and end-entity certificates with their private
 * keys. Generated into a directory once (pki.json) and read back by later runs: RSA-4096 keys
 * take seconds even in Node's crypto.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CERT_STORES } from '../../src/shared/constants';
import { buildCertificate, buildCrl, type KeyUsageName } from './build';
import { generateKeyPair, type KeyPair } from './keys';

const DAY = 86_400_000;

export type CaName = 'rsaCa' | 'sm2Ca' | 'otherCa' | 'rogueCa';
export type EndEntityName =
  | 'rsa1024'
  | 'rsa2048'
  | 'rsa4096'
  | 'sm2'
  | 'rsaEncryptOnly'
  | 'rsaExpired'
  | 'rsaRevoked'
  | 'sm2Revoked'
  | 'rsaOtherIssuer'
  | 'rsaRogue';

export interface PkiCa {
  subject: string;
  certificatePem: string;
  key: KeyPair;
  crlPem: string;
}
export interface PkiEndEntity {
  issuer: CaName;
  subject: string;
  serialHex: string;
  certificatePem: string;
  key: KeyPair;
  store: (typeof CERT_STORES)[number];
}
export interface TestPki {
  createdAt: string;
  cas: Record<CaName, PkiCa>;
  endEntities: Record<EndEntityName, PkiEndEntity>;
  /** What a deployment configures: trusted CA certificates, their CRLs, the licence's issuer pattern. */
  trust: { caCertificatesPem: string[]; crlsPem: string[]; issuerPattern: string };
}

const O = '/C=CN/O=Treasury Portal Test';
export const SUBJECTS: Record<CaName, string> = {
  rsaCa: `${O}/CN=Treasury Test RSA CA`,
  sm2Ca: `${O}/CN=Treasury Test SM2 CA`,
  otherCa: '/C=CN/O=Elsewhere Trust/CN=Elsewhere CA',
  // The rogue CA takes the trusted RSA CA's very name: only its key tells them apart.
  rogueCa: `${O}/CN=Treasury Test RSA CA`,
};
/** The licence's issuer pattern (a regular expression over the issuer DN): both test CAs, not the others. */
export const TEST_ISSUER_PATTERN = '/O=Treasury Portal Test/CN=Treasury Test (RSA|SM2) CA$';

interface EndEntitySpec {
  issuer: CaName;
  kind: 'rsa' | 'sm2';
  bits: number;
  usage: KeyUsageName[];
  expired?: boolean;
  revoked?: boolean;
  /** Default MY; the SM2 ones sit in Address, so the agent lists both stores. */
  store?: (typeof CERT_STORES)[number];
}
const SIGN_AND_ENCRYPT: KeyUsageName[] = ['digitalSignature', 'keyEncipherment'];
const SPECS: Record<EndEntityName, EndEntitySpec> = {
  rsa1024: { issuer: 'rsaCa', kind: 'rsa', bits: 1024, usage: SIGN_AND_ENCRYPT },
  rsa2048: { issuer: 'rsaCa', kind: 'rsa', bits: 2048, usage: SIGN_AND_ENCRYPT },
  rsa4096: { issuer: 'rsaCa', kind: 'rsa', bits: 4096, usage: SIGN_AND_ENCRYPT },
  sm2: { issuer: 'sm2Ca', kind: 'sm2', bits: 256, usage: ['digitalSignature'], store: 'Address' },
  rsaEncryptOnly: { issuer: 'rsaCa', kind: 'rsa', bits: 1024, usage: ['keyEncipherment', 'dataEncipherment'] },
  rsaExpired: { issuer: 'rsaCa', kind: 'rsa', bits: 1024, usage: SIGN_AND_ENCRYPT, expired: true },
  rsaRevoked: { issuer: 'rsaCa', kind: 'rsa', bits: 1024, usage: SIGN_AND_ENCRYPT, revoked: true },
  sm2Revoked: { issuer: 'sm2Ca', kind: 'sm2', bits: 256, usage: ['digitalSignature'], revoked: true, store: 'Address' },
  rsaOtherIssuer: { issuer: 'otherCa', kind: 'rsa', bits: 1024, usage: SIGN_AND_ENCRYPT },
  rsaRogue: { issuer: 'rogueCa', kind: 'rsa', bits: 1024, usage: SIGN_AND_ENCRYPT },
};

/** A fresh PKI; certificates valid from a day before `now` for ten years (the expired one: two years ago to one). */
export function generatePki(now: Date = new Date()): TestPki {
  const t = now.getTime();
  const ca = (name: CaName, kind: 'rsa' | 'sm2') => {
    const key = generateKeyPair(kind, 2048);
    const subject = SUBJECTS[name];
    const { pem } = buildCertificate({
      subject,
      issuer: subject,
      notBefore: new Date(t - 2 * 365 * DAY - DAY),
      notAfter: new Date(t + 20 * 365 * DAY),
      subjectKey: key,
      issuerKey: key,
      isCa: true,
      keyUsage: ['keyCertSign', 'cRLSign'],
    });
    return { subject, certificatePem: pem, key, crlPem: '' };
  };
  const cas: Record<CaName, PkiCa> = {
    rsaCa: ca('rsaCa', 'rsa'),
    sm2Ca: ca('sm2Ca', 'sm2'),
    otherCa: ca('otherCa', 'rsa'),
    rogueCa: ca('rogueCa', 'rsa'),
  };
  const endEntities = {} as Record<EndEntityName, PkiEndEntity>;
  const revoked: Record<CaName, { serialHex: string; date: Date }[]> = { rsaCa: [], sm2Ca: [], otherCa: [], rogueCa: [] };
  for (const [name, spec] of Object.entries(SPECS) as [EndEntityName, EndEntitySpec][]) {
    const key = generateKeyPair(spec.kind, spec.bits);
    const subject = `${O}/OU=Users/CN=${name}`;
    const { pem, serialHex } = buildCertificate({
      subject,
      issuer: cas[spec.issuer].subject,
      notBefore: new Date(t - (spec.expired ? 2 * 365 : 1) * DAY),
      notAfter: new Date(t + (spec.expired ? -365 : 10 * 365) * DAY),
      subjectKey: key,
      issuerKey: cas[spec.issuer].key,
      isCa: false,
      keyUsage: spec.usage,
    });
    if (spec.revoked) revoked[spec.issuer].push({ serialHex, date: new Date(t - DAY) });
    endEntities[name] = { issuer: spec.issuer, subject, serialHex, certificatePem: pem, key, store: spec.store ?? 'MY' };
  }
  for (const name of Object.keys(cas) as CaName[]) {
    cas[name].crlPem = buildCrl({
      issuer: cas[name].subject,
      issuerKey: cas[name].key,
      thisUpdate: new Date(t - DAY),
      nextUpdate: new Date(t + 30 * DAY),
      revoked: revoked[name],
    });
  }
  const trusted: CaName[] = ['rsaCa', 'sm2Ca', 'otherCa'];
  return {
    createdAt: now.toISOString(),
    cas,
    endEntities,
    trust: {
      caCertificatesPem: trusted.map((n) => cas[n].certificatePem),
      crlsPem: trusted.map((n) => cas[n].crlPem),
      issuerPattern: TEST_ISSUER_PATTERN,
    },
  };
}

export const PKI_FILE = 'pki.json';

/** Reads `dir/pki.json`, generating and writing it first when absent (or when `force`). */
export function loadOrGeneratePki(dir: string, opts: { force?: boolean; now?: Date } = {}): TestPki {
  const file = join(dir, PKI_FILE);
  if (!opts.force && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as TestPki;
  const pki = generatePki(opts.now);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(pki, null, 2), { mode: 0o600 });
  return pki;
}
