import { expect } from '@jest/globals';
import { CertError, type CertErrorInfo } from '../../src/shared/cert-errors';
import type { CertificateInfo } from '../../src/services/cert/vendor';

/**
 * Certificates as a vendor's agent lists them (already parsed), for tests of the certificate
 * machine and its component: one RSA and one SM2, valid until 2100, fit for signing.
 */
export const listedCertificate = (serialNumber: string, keyAlgorithm: 'RSA' | 'SM2', keySize: number): CertificateInfo => ({
  serialNumber,
  subject: '/C=CN/O=Test/CN=张三',
  commonName: '张三',
  issuer: '/C=CN/O=Test/CN=Test CA',
  notBefore: 0,
  notAfter: 4102444800000,
  keyUsage: 128,
  keyAlgorithm,
  keySize,
  store: 'MY',
  certificate: 'MIIB',
});

export const LISTED_CERTIFICATES = [listedCertificate('s1', 'RSA', 2048), listedCertificate('s2', 'SM2', 256)];

/**
 * A certificate as it travels on an agent's wire (`WireCertificate` of src/services/cert/vendor.ts: dates as
 * ISO text), before the adapters parse it: an RSA 2048 signing certificate of the test issuer,
 * valid through 2026; `over` changes what a test is about.
 */
export const wireCertificate = (serialNumber: string, over: Record<string, unknown> = {}) => ({
  serialNumber,
  subject: `/C=CN/O=Test Treasury/CN=User ${serialNumber}`,
  commonName: `User ${serialNumber}`,
  issuer: '/C=CN/O=Test Treasury CA/CN=Test RSA CA',
  notBefore: '2026-01-01T00:00:00Z',
  notAfter: '2027-01-01T00:00:00Z',
  keyUsage: 160,
  keyAlgorithm: 'RSA',
  keySize: 2048,
  store: 'MY',
  certificate: 'MIIB',
  ...over,
});

/** What a certificate call refused with: the CertError's info (the test fails if it resolved). */
export async function certFailure(p: Promise<unknown>): Promise<CertErrorInfo> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(CertError);
    return (e as CertError).info;
  }
  throw new Error('expected a rejection');
}
