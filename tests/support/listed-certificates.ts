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
