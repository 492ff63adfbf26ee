/**
 * The agent's certificate stores (MY and Address, shell §5) as a vendor's key would hold them:
 * each entry a certificate, the private key when the key holds one, and its key container.
 * Filled from the test PKI, grown by `install`; in memory only (a restart starts from the PKI).
 * Also the one place an entry becomes a certificate on the wire (docs/certificates-client.md).
 */
import type { EndEntityName, TestPki } from './pki/generate';
import type { KeyPair } from './pki/keys';
import { parseCertificate, pemToHex } from '../server/services/cert/x509';
import type { CertStore, KeyAlgorithm, WireCertificate } from '../src/services/cert/vendor';

export interface StoreEntry {
  /** The PKI's name for it (rsa2048, sm2, rsaExpired…) or `installed-<serial>`. */
  name: string;
  store: CertStore;
  /** DER hex. */
  der: string;
  serialNumber: string;
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  keyUsage: number;
  keyAlgorithm: KeyAlgorithm;
  keySize: number;
  /** The public key, DER SubjectPublicKeyInfo hex: how an installed certificate finds its key. */
  spkiHex: string;
  key: KeyPair | null;
  container: string | null;
}

export function entryFromCertificate(pemOrHex: string, store: CertStore, name: string, key: KeyPair | null, container: string | null): StoreEntry {
  const c = parseCertificate(pemOrHex);
  return {
    name,
    store,
    der: c.der,
    serialNumber: c.serial.toLowerCase(),
    subject: c.subject,
    issuer: c.issuer,
    notBefore: c.notBefore,
    notAfter: c.notAfter,
    keyUsage: c.keyUsage ?? 0,
    keyAlgorithm: c.key.kind === 'rsa' ? 'RSA' : 'SM2',
    keySize: c.key.bits,
    spkiHex: c.key.spkiHex,
    key,
    container,
  };
}

/** Every end-entity certificate of the PKI in the store the PKI names, its key in a container of its name. */
export function storesFromPki(pki: TestPki): StoreEntry[] {
  return (Object.entries(pki.endEntities) as [EndEntityName, TestPki['endEntities'][EndEntityName]][]).map(([name, ee]) =>
    entryFromCertificate(ee.certificatePem, ee.store, name, ee.key, name),
  );
}

/** Lists the entry; `validAt` (the control's "misreport validity") shows it valid around that instant. */
export function wireCertificate(e: StoreEntry, validAt?: Date): WireCertificate {
  const YEAR = 365 * 86_400_000;
  const notBefore = validAt ? new Date(Math.min(e.notBefore.getTime(), validAt.getTime() - YEAR)) : e.notBefore;
  const notAfter = validAt ? new Date(Math.max(e.notAfter.getTime(), validAt.getTime() + YEAR)) : e.notAfter;
  return {
    serialNumber: e.serialNumber,
    subject: e.subject,
    commonName: /\/CN=([^/]*)/.exec(e.subject)?.[1] ?? e.subject,
    issuer: e.issuer,
    notBefore: notBefore.toISOString(),
    notAfter: notAfter.toISOString(),
    keyUsage: e.keyUsage,
    keyAlgorithm: e.keyAlgorithm,
    keySize: e.keySize,
    store: e.store,
    certificate: Buffer.from(e.der, 'hex').toString('base64'),
    ...(e.container ? { container: e.container } : {}),
  };
}

export const certificatePem = (e: StoreEntry): string => `-----BEGIN CERTIFICATE-----\n${Buffer.from(e.der, 'hex').toString('base64').replace(/(.{64})(?!$)/g, '$1\n')}\n-----END CERTIFICATE-----\n`;

export { pemToHex };
