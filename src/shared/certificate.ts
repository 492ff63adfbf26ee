import type { CERT_FACTORIES, CERT_STORES } from './constants';

/**
 * A certificate and its vocabulary as the client reads them: what the vendors' adapters answer
 * (src/services/cert/vendor.ts), the rules filter (cert-rules.ts) and the validation machine
 * carries (src/machines/certificate.machine.ts).
 */

export type CertFactory = (typeof CERT_FACTORIES)[number];
export type CertStore = (typeof CERT_STORES)[number];
export type KeyAlgorithm = 'RSA' | 'SM2';
export type HashAlgorithm = 'SHA1' | 'SHA256' | 'SM3';

/** A certificate as the rules read it: parsed fields, never raw DER parsing in the rules. */
export interface CertificateInfo {
  /** Serial number, lowercase hex without separators. */
  serialNumber: string;
  /** Subject DN, "/C=CN/O=…/CN=…" form (as the server's issuer pattern reads DNs). */
  subject: string;
  /** The subject's CN, for the drop-down. */
  commonName: string;
  /** Issuer DN, "/C=CN/O=…/CN=…" form: the licence's issuer pattern is matched against it. */
  issuer: string;
  /** Validity, epoch milliseconds. */
  notBefore: number;
  notAfter: number;
  /** The first byte of X.509 keyUsage as a number: 128 digital signature, 32 key encipherment. */
  keyUsage: number;
  keyAlgorithm: KeyAlgorithm;
  /** Bits: RSA 1024/2048/4096, SM2 256. */
  keySize: number;
  /** The store it was found in (MY or Address). */
  store: CertStore;
  /** The certificate, base64 DER: sent to the server with a signature. */
  certificate: string;
  /** The key container holding its private key, when the vendor names it. */
  container?: string;
}
