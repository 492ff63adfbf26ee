import { describe, expect, it } from '@jest/globals';
import { CertError, certErrorText, hexCode } from '../../src/shared/cert-errors';
import { certUserName, compareVersions, hashFor, keyUsageFits, listable, SEARCHED_STORES, supportedBrowser, versionAtLeast, type CertFields } from '../../src/shared/cert-rules';

/** Shell §5's certificate rules, each with its edges; certificates are described by parsed fields. */

const errorOf = (r: { ok: boolean; error?: CertError }) => (r.ok ? null : r.error!.info);
const UA = {
  chrome: (v: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.3112.113 Safari/537.36`,
  firefox: (v: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`,
  edgeLegacy: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Safari/537.36 Edge/15.15063',
  edgeChromium: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  ie: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
};

describe('supported browsers', () => {
  it('refuses Chrome 59 and accepts Chrome 60', () => {
    expect(errorOf(supportedBrowser(UA.chrome(59)))).toEqual({ kind: 'client', key: 'unsupportedBrowser', detail: 'Chrome 59' });
    expect(supportedBrowser(UA.chrome(60))).toEqual({ ok: true, value: { name: 'Chrome', major: 60 } });
    // Headless Chrome (Playwright's Chromium) is Chrome too.
    expect(supportedBrowser('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36')).toEqual({ ok: true, value: { name: 'Chrome', major: 131 } });
  });
  it('refuses Firefox 52 and accepts Firefox 53', () => {
    expect(errorOf(supportedBrowser(UA.firefox(52)))).toMatchObject({ key: 'unsupportedBrowser' });
    expect(supportedBrowser(UA.firefox(53))).toEqual({ ok: true, value: { name: 'Firefox', major: 53 } });
  });
  it('accepts Edge, legacy and Chromium, whatever Chrome version it also names', () => {
    expect(supportedBrowser(UA.edgeLegacy)).toEqual({ ok: true, value: { name: 'Edge', major: 15 } });
    expect(supportedBrowser(UA.edgeChromium)).toEqual({ ok: true, value: { name: 'Edge', major: 120 } });
  });
  it("refuses every other browser with 'Unsupported browser!'", () => {
    for (const ua of [UA.safari, UA.ie, UA.opera, '']) expect(errorOf(supportedBrowser(ua))).toEqual({ kind: 'client', key: 'unsupportedBrowser' });
    const text = certErrorText(errorOf(supportedBrowser(UA.ie))!, (key) => (key === 'cert.error.unsupportedBrowser' ? 'Unsupported browser!' : key));
    expect(text).toBe('Unsupported browser!');
  });
});

describe('certificate listing', () => {
  const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
  const DAY = 86_400_000;
  const LICENCE = { issuerPattern: '^/C=CN/O=Test Treasury CA/' };
  const cert = (name: string, over: Partial<CertFields> = {}): CertFields & { name: string } => ({
    name,
    issuer: '/C=CN/O=Test Treasury CA/CN=Test RSA CA',
    notBefore: NOW - 30 * DAY,
    notAfter: NOW + 30 * DAY,
    keyUsage: 128 | 32,
    keyAlgorithm: 'RSA',
    ...over,
  });
  const names = (r: ReturnType<typeof listable<ReturnType<typeof cert>>>) => (r.ok ? r.value.map((c) => c.name) : r.error.info);

  it('keeps certificates valid now, both ends included, and drops expired and not-yet-valid ones', () => {
    const certs = [
      cert('good'),
      cert('expired', { notAfter: NOW - 1 }),
      cert('future', { notBefore: NOW + 1 }),
      cert('endsNow', { notAfter: NOW }),
      cert('startsNow', { notBefore: NOW }),
    ];
    expect(names(listable(certs, LICENCE, NOW))).toEqual(['good', 'endsNow', 'startsNow']);
  });
  it("keeps only issuers matching the licence's pattern", () => {
    const certs = [cert('licensed'), cert('other', { issuer: '/C=CN/O=Other CA/CN=Other' }), cert('sm2', { issuer: '/C=CN/O=Test Treasury CA/CN=Test SM2 CA', keyAlgorithm: 'SM2' })];
    expect(names(listable(certs, LICENCE, NOW))).toEqual(['licensed', 'sm2']);
  });
  it('keeps signing certificates (bit 128) for signing and encryption ones (bit 32) for encryption', () => {
    const certs = [cert('both'), cert('signOnly', { keyUsage: 128 }), cert('encOnly', { keyUsage: 32 }), cert('none', { keyUsage: 64 })];
    expect(names(listable(certs, LICENCE, NOW))).toEqual(['both', 'signOnly']);
    expect(names(listable(certs, LICENCE, NOW, 'encrypt'))).toEqual(['both', 'encOnly']);
  });
  it('makes an empty list an error', () => {
    expect(names(listable([], LICENCE, NOW))).toEqual({ kind: 'client', key: 'noLicensedCertificate' });
    expect(names(listable([cert('expired', { notAfter: NOW - DAY })], LICENCE, NOW))).toEqual({ kind: 'client', key: 'noLicensedCertificate' });
  });
  it('refuses a licence pattern that is not a regular expression', () => {
    expect(names(listable([cert('good')], { issuerPattern: '([' }, NOW))).toEqual({ kind: 'client', key: 'licencePattern', detail: '([' });
  });
  it('searches the stores MY and Address', () => {
    expect(SEARCHED_STORES).toEqual(['MY', 'Address']);
  });
});

describe('key usage', () => {
  it('needs bit 128 to sign and bit 32 to encrypt, whatever other bits are set', () => {
    expect(keyUsageFits({ keyUsage: 128 }, 'sign').ok).toBe(true);
    expect(keyUsageFits({ keyUsage: 0xff }, 'sign').ok).toBe(true);
    expect(errorOf(keyUsageFits({ keyUsage: 64 | 32 }, 'sign'))).toEqual({ kind: 'client', key: 'keyUsageSign' });
    expect(keyUsageFits({ keyUsage: 32 }, 'encrypt').ok).toBe(true);
    expect(errorOf(keyUsageFits({ keyUsage: 128 | 16 }, 'encrypt'))).toEqual({ kind: 'client', key: 'keyUsageEncrypt' });
  });
});

describe('hash for a key', () => {
  it('defaults to SHA1 for RSA and SM3 for SM2', () => {
    expect(hashFor('RSA')).toEqual({ ok: true, value: 'SHA1' });
    expect(hashFor('SM2')).toEqual({ ok: true, value: 'SM3' });
  });
  it('lets SM2 use only SM3 and RSA anything but SM3', () => {
    expect(hashFor('SM2', 'SM3')).toEqual({ ok: true, value: 'SM3' });
    expect(errorOf(hashFor('SM2', 'SHA1'))).toEqual({ kind: 'client', key: 'hashKeyMismatch', detail: 'SM2 SHA1' });
    expect(errorOf(hashFor('SM2', 'SHA256'))).toMatchObject({ key: 'hashKeyMismatch' });
    expect(hashFor('RSA', 'SHA256')).toEqual({ ok: true, value: 'SHA256' });
    expect(hashFor('RSA', 'sha-1')).toEqual({ ok: true, value: 'SHA1' });
    expect(errorOf(hashFor('RSA', 'SM3'))).toEqual({ kind: 'client', key: 'hashKeyMismatch', detail: 'RSA SM3' });
  });
  it('refuses a hash it does not know', () => {
    expect(errorOf(hashFor('RSA', 'MD5'))).toEqual({ kind: 'client', key: 'hashUnsupported', detail: 'MD5' });
  });
});

describe('toolkit version', () => {
  it('compares dotted versions numerically, not as text', () => {
    expect(compareVersions('1.2.10', '1.2.9')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.10', '1.9.9')).toBe(1);
    expect(compareVersions('2', '10')).toBe(-1);
    expect(compareVersions('1.x', '1')).toBeNull();
  });
  it('accepts a version at least the minimum', () => {
    expect(versionAtLeast('1.2.10', '1.2.9')).toEqual({ ok: true, value: '1.2.10' });
    expect(versionAtLeast('1.2.9', '1.2.9')).toEqual({ ok: true, value: '1.2.9' });
  });
  it("refuses an older one with the toolkit's mismatching-version error, shown with its hex code", () => {
    const info = errorOf(versionAtLeast('1.2.8', '1.2.9'))!;
    expect(info).toEqual({ kind: 'toolkit', code: 0x8000000b, name: 'versionMismatch', detail: '1.2.8 < 1.2.9' });
    expect(hexCode(0x8000000b)).toBe('0x8000000B');
    expect(certErrorText(info, (key) => `<${key}>`)).toBe('0x8000000B <cert.toolkit.versionMismatch>');
  });
  it('refuses a version that is not dotted numbers', () => {
    expect(errorOf(versionAtLeast('v1.2', '1.2'))).toMatchObject({ key: 'versionUnreadable' });
  });
});

describe('the user a certificate call names', () => {
  it('is the given name when it is a non-empty string, else the logged-in user code', () => {
    expect(certUserName('alice', 'bob')).toBe('alice');
    for (const given of ['', '   ', undefined, null, 42, {}]) expect(certUserName(given, 'bob')).toBe('bob');
  });
});
