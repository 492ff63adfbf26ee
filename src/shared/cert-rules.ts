import { clientError, CertError, toolkitError, TOOLKIT_CODE } from './cert-errors';
import { CERT_STORES, KEY_USAGE_ENCRYPT, KEY_USAGE_SIGN } from './constants';
import type { CertificateInfo, HashAlgorithm, KeyAlgorithm } from './certificate';

/**
 * The client rules of shell §5 for certificates, pure: time, user agent and licence come in as
 * arguments. Each rule answers a Result whose error is a CertError with its key or hex code.
 */

export type Result<T> = { ok: true; value: T } | { ok: false; error: CertError };
const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = <T>(error: CertError): Result<T> => ({ ok: false, error });

/** The fields the listing rules read. */
export type CertFields = Pick<CertificateInfo, 'issuer' | 'notBefore' | 'notAfter' | 'keyUsage' | 'keyAlgorithm'>;

/** Stores searched (shell §7). */
export const SEARCHED_STORES = CERT_STORES;

export type SupportedBrowser = { name: 'Edge' | 'Chrome' | 'Firefox'; major: number };

/**
 * Edge (any version), Chrome above 59, Firefox above 52 (shell §5). Edge is tested first:
 * Chromium Edge's user agent also says "Chrome/", and its version is Edge's own.
 */
export function supportedBrowser(userAgent: string): Result<SupportedBrowser> {
  const edge = /\b(?:Edge|Edg|EdgA|EdgiOS)\/(\d+)/.exec(userAgent);
  if (edge) return ok({ name: 'Edge', major: Number(edge[1]) });
  // Other Chromium browsers (Opera's OPR/) say Chrome/ too; only Chrome itself is supported.
  // Chrome without a window (automation, the end-to-end tests) names itself HeadlessChrome/.
  const chrome = /\b(?:Headless)?Chrome\/(\d+)/.exec(userAgent);
  if (chrome && !/\bOPR\/|\bSamsungBrowser\//.test(userAgent)) {
    const major = Number(chrome[1]);
    return major > 59 ? ok({ name: 'Chrome', major }) : fail(clientError('unsupportedBrowser', `Chrome ${major}`));
  }
  const firefox = /\bFirefox\/(\d+)/.exec(userAgent);
  if (firefox) {
    const major = Number(firefox[1]);
    return major > 52 ? ok({ name: 'Firefox', major }) : fail(clientError('unsupportedBrowser', `Firefox ${major}`));
  }
  return fail(clientError('unsupportedBrowser'));
}

/** Valid at `now` (epoch ms), both ends included: start <= now <= end. */
export const validAt = (cert: Pick<CertFields, 'notBefore' | 'notAfter'>, now: number) => cert.notBefore <= now && now <= cert.notAfter;

/** The licence's issuer pattern: a regular expression over the issuer DN (as the server reads it). */
export function issuerPattern(pattern: string): Result<RegExp> {
  try {
    return ok(new RegExp(pattern));
  } catch {
    return fail(clientError('licencePattern', pattern));
  }
}

export const canSign = (cert: Pick<CertFields, 'keyUsage'>) => (cert.keyUsage & KEY_USAGE_SIGN) === KEY_USAGE_SIGN;
export const canEncrypt = (cert: Pick<CertFields, 'keyUsage'>) => (cert.keyUsage & KEY_USAGE_ENCRYPT) === KEY_USAGE_ENCRYPT;

export type CertPurpose = 'sign' | 'encrypt';

export function keyUsageFits(cert: Pick<CertFields, 'keyUsage'>, purpose: CertPurpose): Result<true> {
  if (purpose === 'sign') return canSign(cert) ? ok(true) : fail(clientError('keyUsageSign'));
  return canEncrypt(cert) ? ok(true) : fail(clientError('keyUsageEncrypt'));
}

/**
 * The certificates to offer: valid now, issuer matching the licence, fit for the purpose
 * (default signing). An empty result is the error '没有找到符合License的证书'.
 */
export function listable<T extends CertFields>(certs: readonly T[], licence: { issuerPattern: string }, now: number, purpose: CertPurpose = 'sign'): Result<T[]> {
  const pattern = issuerPattern(licence.issuerPattern);
  if (!pattern.ok) return pattern;
  const kept = certs.filter((c) => validAt(c, now) && pattern.value.test(c.issuer) && keyUsageFits(c, purpose).ok);
  return kept.length ? ok(kept) : fail(clientError('noLicensedCertificate'));
}

export const DEFAULT_HASH: Record<KeyAlgorithm, HashAlgorithm> = { RSA: 'SHA1', SM2: 'SM3' };
const HASHES: readonly string[] = ['SHA1', 'SHA256', 'SM3'];

/** The hash for a key: the given one if it fits (SM2 needs SM3, RSA cannot use SM3), else the default when none given. */
export function hashFor(keyAlgorithm: KeyAlgorithm, hash?: string): Result<HashAlgorithm> {
  if (hash === undefined || hash === '') return ok(DEFAULT_HASH[keyAlgorithm]);
  const name = hash.toUpperCase().replace('-', '');
  if (!HASHES.includes(name)) return fail(clientError('hashUnsupported', hash));
  const fits = keyAlgorithm === 'SM2' ? name === 'SM3' : name !== 'SM3';
  return fits ? ok(name as HashAlgorithm) : fail(clientError('hashKeyMismatch', `${keyAlgorithm} ${name}`));
}

function versionParts(version: string): number[] | null {
  const v = version.trim();
  return /^\d+(\.\d+)*$/.test(v) ? v.split('.').map(Number) : null;
}

/** Dotted versions compared part by part as numbers; missing parts count as 0 (1.2 = 1.2.0). */
export function compareVersions(a: string, b: string): number | null {
  const pa = versionParts(a);
  const pb = versionParts(b);
  if (!pa || !pb) return null;
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** The toolkit version is at least the configured minimum; below it, the toolkit's "mismatching version" error. */
export function versionAtLeast(version: string, minimum: string): Result<string> {
  const c = compareVersions(version, minimum);
  if (c === null) return fail(clientError('versionUnreadable', `${version} / ${minimum}`));
  return c >= 0 ? ok(version) : fail(toolkitError(TOOLKIT_CODE.versionMismatch, `${version} < ${minimum}`));
}

/** The user a certificate call names: the given name if it is a non-empty string, else the logged-in user's code (shell §5). */
export function certUserName(given: unknown, loggedInUserCode: string): string {
  return typeof given === 'string' && given.trim() !== '' ? given : loggedInUserCode;
}
