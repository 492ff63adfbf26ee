/**
 * Verifying a certificate login's (or business confirmation's) detached signature over the
 * server's one-time challenge, and the certificate that made it. Pure: trust material and the
 * clock come in as arguments; no Fastify, no database.
 *
 * The certificate is trusted only through the CONFIGURED CA certificates: certificates carried
 * inside the signature are candidates for the signer and nothing more, or anyone could bring
 * their own CA along. Each refusal has its own reason (docs/certificates.md).
 */
import { CODE } from '../../../src/shared/codes';
import { KEY_USAGE_SIGN, SM2_DEFAULT_USER_ID } from '../../../src/shared/constants';
import { parseSignedData, type ParsedSignedData } from './cms';
import { HASH_BY_OID, OID, SIGNER_KEY_BY_OID } from './oids';
import { digest, parseCertificate, parseCrl, signedBy, verifyWithKey, type CertificateInfo, type CrlInfo } from './x509';

export const CERT_REFUSAL_CODE = {
  malformed: CODE.certSignatureMalformed,
  signerMissing: CODE.certSignerMissing,
  hashUnsupported: CODE.certHashUnsupported,
  hashKeyMismatch: CODE.certHashKeyMismatch,
  digestMismatch: CODE.certDigestMismatch,
  signatureInvalid: CODE.certSignatureInvalid,
  untrusted: CODE.certUntrusted,
  expired: CODE.certExpired,
  notYetValid: CODE.certNotYetValid,
  keyUsage: CODE.certKeyUsage,
  issuerNotLicensed: CODE.certIssuerNotLicensed,
  revoked: CODE.certRevoked,
  crlUnavailable: CODE.certCrlUnavailable,
  caInvalid: CODE.certCaInvalid,
} as const;
export type CertRefusal = keyof typeof CERT_REFUSAL_CODE;

export interface TrustConfig {
  /** The deployment's trusted CA certificates (PEM): the only anchors a chain may end in. */
  caCertificatesPem: string[];
  /** One CRL per CA (PEM or DER hex); a CRL no configured CA signed is ignored. */
  crlsPem: string[];
  /** The licence's issuer pattern: a regular expression over the issuer DN in "/C=CN/O=…/CN=…" form. */
  issuerPattern: string;
  /** Default true: no current CRL of the issuer refuses the certificate (fail closed). */
  requireCrl?: boolean;
  /** The SM2 signer id (GM/T 0009); vendors keep the default. */
  sm2UserId?: string;
}

export interface TrustStore {
  cas: CertificateInfo[];
  /** Only CRLs a configured CA's key verifies, each with that CA: checked once, not per login. */
  crls: { crl: CrlInfo; ca: CertificateInfo }[];
  issuerPattern: RegExp;
  requireCrl: boolean;
  sm2UserId: string;
}

/** Parses the configuration once; throws on a CA certificate, CRL or pattern that does not read. */
export function loadTrust(config: TrustConfig): TrustStore {
  const cas = config.caCertificatesPem.map((p) => parseCertificate(p));
  return {
    cas,
    crls: config.crlsPem.flatMap((p) => {
      const crl = parseCrl(p);
      const ca = cas.find((c) => c.subjectDer === crl.issuerDer && signedBy(crl, c.key));
      return ca ? [{ crl, ca }] : [];
    }),
    issuerPattern: new RegExp(config.issuerPattern),
    requireCrl: config.requireCrl ?? true,
    sm2UserId: config.sm2UserId ?? SM2_DEFAULT_USER_ID,
  };
}

/** What login binds to the user: the certificate is named by issuer and serial. */
export interface SignerCertificate {
  serial: string;
  subject: string;
  issuer: string;
  /** "RSA-2048 SHA256", "SM2 SM3", … */
  algorithm: string;
  keyKind: 'rsa' | 'sm2';
  keyBits: number;
  hash: 'sha1' | 'sha256' | 'sm3';
  notBefore: string;
  notAfter: string;
  certificatePem: string;
}

export type VerifyResult =
  | { ok: true; certificate: SignerCertificate }
  | { ok: false; reason: CertRefusal; code: number; detail: string; certificate?: SignerCertificate };

export interface VerifyRequest {
  /** Base64 DER of the CMS ContentInfo, as the agent returns it. */
  signedData: string;
  /** The data that should have been signed: the server's challenge, UTF-8. */
  expected: string | Buffer;
  now: Date;
}

const refuse = (reason: CertRefusal, detail: string, certificate?: SignerCertificate): VerifyResult => ({
  ok: false,
  reason,
  code: CERT_REFUSAL_CODE[reason],
  detail,
  ...(certificate ? { certificate } : {}),
});

function findSigner(parsed: ParsedSignedData): CertificateInfo | null {
  const { issuerDer, serial, subjectKeyId } = parsed.signer;
  for (const der of parsed.certificates) {
    let cert: CertificateInfo;
    try {
      cert = parseCertificate(der);
    } catch {
      continue;
    }
    if (subjectKeyId ? cert.subjectKeyId === subjectKeyId : cert.issuerDer === issuerDer && cert.serial === serial) return cert;
  }
  return null;
}

export function verifyDetachedSignature(req: VerifyRequest, trust: TrustStore): VerifyResult {
  let parsed: ParsedSignedData;
  try {
    parsed = parseSignedData(req.signedData);
  } catch (e) {
    return refuse('malformed', (e as Error).message);
  }
  const cert = findSigner(parsed);
  if (!cert) return refuse('signerMissing', `no certificate for serial ${parsed.signer.serial ?? '?'}`);

  const hash = HASH_BY_OID[parsed.signer.digestAlgorithm];
  if (!hash) return refuse('hashUnsupported', parsed.signer.digestAlgorithm);
  const kind = cert.key.kind;
  const certificate: SignerCertificate = {
    serial: cert.serial,
    subject: cert.subject,
    issuer: cert.issuer,
    algorithm: `${kind === 'rsa' ? `RSA-${cert.key.bits}` : 'SM2'} ${hash.toUpperCase()}`,
    keyKind: kind,
    keyBits: cert.key.bits,
    hash,
    notBefore: cert.notBefore.toISOString(),
    notAfter: cert.notAfter.toISOString(),
    certificatePem: `-----BEGIN CERTIFICATE-----\n${Buffer.from(cert.der, 'hex').toString('base64').replace(/(.{64})(?!$)/g, '$1\n')}\n-----END CERTIFICATE-----\n`,
  };
  // Shell §5: an SM2 key needs SM3, an RSA key cannot use SM3; the signer's algorithm must be the key's.
  if ((kind === 'sm2') !== (hash === 'sm3')) return refuse('hashKeyMismatch', `${kind} with ${hash}`, certificate);
  if (SIGNER_KEY_BY_OID[parsed.signer.signatureAlgorithm] !== kind) {
    return refuse('hashKeyMismatch', `${kind} key, signature algorithm ${parsed.signer.signatureAlgorithm}`, certificate);
  }

  const data = typeof req.expected === 'string' ? Buffer.from(req.expected, 'utf8') : req.expected;
  const attrs = parsed.signer.signedAttributes;
  let signedBytes = data;
  if (attrs) {
    if (attrs.contentType !== OID.data && attrs.contentType !== OID.gmData) {
      return refuse('malformed', `content type attribute ${attrs.contentType ?? 'missing'}`, certificate);
    }
    if (attrs.messageDigest !== digest(hash, data)) return refuse('digestMismatch', 'messageDigest', certificate);
    signedBytes = Buffer.from(attrs.setHex, 'hex');
  }
  if (!verifyWithKey(cert.key, hash, signedBytes, parsed.signer.signatureHex, trust.sm2UserId)) {
    // Without signed attributes other data and a bad signature look the same.
    return refuse(attrs ? 'signatureInvalid' : 'digestMismatch', 'signature value', certificate);
  }

  const ca = trust.cas.find((c) => c.subjectDer === cert.issuerDer && signedBy(cert, c.key));
  if (!ca) return refuse('untrusted', cert.issuer, certificate);
  if (!ca.isCa || req.now < ca.notBefore || req.now > ca.notAfter) return refuse('caInvalid', ca.subject, certificate);
  if (req.now > cert.notAfter) return refuse('expired', certificate.notAfter, certificate);
  if (req.now < cert.notBefore) return refuse('notYetValid', certificate.notBefore, certificate);
  if (cert.keyUsage === null || (cert.keyUsage & KEY_USAGE_SIGN) === 0) {
    return refuse('keyUsage', String(cert.keyUsage), certificate);
  }
  if (!trust.issuerPattern.test(cert.issuer)) return refuse('issuerNotLicensed', cert.issuer, certificate);

  const crl = trust.crls.find(
    ({ crl: c, ca: by }) => by === ca && c.thisUpdate <= req.now && (!c.nextUpdate || req.now <= c.nextUpdate),
  )?.crl;
  if (!crl) {
    if (trust.requireCrl) return refuse('crlUnavailable', ca.subject, certificate);
  } else if (crl.revoked.has(cert.serial)) {
    return refuse('revoked', cert.serial, certificate);
  }
  return { ok: true, certificate };
}
