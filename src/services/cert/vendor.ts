export { CertError, certErrorText, isCertError, type CertErrorInfo } from '../../shared/cert-errors';

/**
 * One interface for the four certificate vendors of shell §4 (tianwei, tianwei2021, xinan,
 * cfca). Every method rejects with a CertError (src/shared/cert-errors.ts) and never with
 * anything else, so a caller shows one kind of failure. Listing returns what the key holds;
 * filtering by validity, issuer and key usage is src/shared/cert-rules.ts, applied by the caller.
 * The wire protocols behind it: docs/certificates-client.md.
 */

export type { CertFactory, CertStore, CertificateInfo, HashAlgorithm, KeyAlgorithm } from '../../shared/certificate';
import type { CertFactory, CertStore, CertificateInfo, HashAlgorithm, KeyAlgorithm } from '../../shared/certificate';

/**
 * A certificate as an agent sends it (what `readCertificate` in wire.ts reads, and what the
 * reference agent writes): the same fields, validity as ISO 8601 text.
 */
export type WireCertificate = Omit<CertificateInfo, 'notBefore' | 'notAfter'> & { notBefore: string; notAfter: string };

export interface ProbeResult {
  /** Where the agent answered, e.g. "https://127.0.0.1:63451". */
  endpoint: string;
}

export interface SignRequest {
  certificate: CertificateInfo;
  /** The text to sign (the server's challenge), signed as its UTF-8 bytes. */
  data: string;
  /** Default: SHA1 for RSA, SM3 for SM2 (shell §5); the adapter refuses a pair the rules refuse. */
  hash?: HashAlgorithm;
}

export interface VerifyRequest {
  /** Detached PKCS#7/CMS SignedData, base64 DER. */
  signedData: string;
  /** The signed text. */
  data: string;
}

export interface KeyContainer {
  name: string;
  keyAlgorithm: KeyAlgorithm;
  /** Serial numbers (lowercase hex) of the certificates whose key it holds. */
  certificates: string[];
}

export interface CertVendor {
  readonly factory: CertFactory;
  /** True for cfca: its kit answers through callbacks (wrapped here as promises). */
  readonly asynchronous: boolean;
  /** Finds the local agent; rejects with agentUnavailable when none answers. */
  probe(): Promise<ProbeResult>;
  /** The local toolkit's version, dotted numbers (compare with cert-rules' versionAtLeast). */
  version(): Promise<string>;
  /** Hands the licence (data.license of queryFactoryAndLicense) to the toolkit, which checks it. */
  checkLicence(licence: string): Promise<void>;
  /** Certificates in the given stores (default MY and Address), unfiltered. */
  listCertificates(stores?: readonly CertStore[]): Promise<CertificateInfo[]>;
  /** A detached PKCS#7/CMS signature, base64 DER. */
  signDetached(request: SignRequest): Promise<string>;
  /** Whether the detached signature verifies over the data (a local check; the server decides). */
  verify(request: VerifyRequest): Promise<boolean>;
  keyContainers(): Promise<KeyContainer[]>;
}

/** The transport, injected so tests use doubles; the browser's fetch fits. */
export type FetchLike = (url: string, init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
