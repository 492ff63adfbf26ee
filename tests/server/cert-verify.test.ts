import { beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import jsrsasign from 'jsrsasign';
import path from 'node:path';
import { signDetached } from '../../agent/pki/cms';
import { buildCertificate, buildCrl } from '../../agent/pki/build';
import { loadOrGeneratePki, type EndEntityName, type TestPki } from '../../agent/pki/generate';
import type { HashName } from '../../server/services/cert/oids';
import { loadTrust, verifyDetachedSignature, type CertRefusal, type TrustStore, type VerifyResult } from '../../server/services/cert/verify';
import { CODE } from '../../src/shared/codes';
import { TMP } from './support/backends';

/**
 * Certificate signatures as the server judges them (docs/certificates.md): real keys, real
 * certificates and CRLs from the reference agent's test PKI, real detached CMS signatures.
 */
const CHALLENGE = 'c1-challenge-7f3a9c0e5b2d4618a0e1c2d3b4a59687';
let pki: TestPki;
let trust: TrustStore;
let now: Date;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  // Generated once per run (RSA-4096 takes a second or two), the way the agent keeps it.
  pki = loadOrGeneratePki(mkdtempSync(path.join(TMP, 'cert-pki-')));
  trust = loadTrust(pki.trust);
  now = new Date(pki.createdAt);
});

function sign(name: EndEntityName, hash: HashName, opts: { data?: string; extra?: string[]; signedAttributes?: boolean } = {}) {
  const ee = pki.endEntities[name];
  return signDetached({
    data: opts.data ?? CHALLENGE,
    certificatePem: ee.certificatePem,
    key: ee.key,
    hash,
    signingTime: now,
    ...(opts.extra ? { extraCertificatesPem: opts.extra } : {}),
    ...(opts.signedAttributes === false ? { signedAttributes: false } : {}),
  });
}
const verify = (signedData: string, at: Date = now, store: TrustStore = trust) =>
  verifyDetachedSignature({ signedData, expected: CHALLENGE, now: at }, store);
const refusal = (r: VerifyResult): [CertRefusal, number] | 'accepted' => (r.ok ? 'accepted' : [r.reason, r.code]);

describe('the test PKI', () => {
  it('is generated once into its directory and read back from there after', () => {
    const dir = mkdtempSync(path.join(TMP, 'cert-pki-'));
    const first = loadOrGeneratePki(dir, { now });
    const again = loadOrGeneratePki(dir);
    expect(again.endEntities.rsa4096.serialHex).toBe(first.endEntities.rsa4096.serialHex);
    expect(Object.values(pki.endEntities).map((e) => `${e.key.kind}-${e.key.bits}`)).toEqual(
      expect.arrayContaining(['rsa-1024', 'rsa-2048', 'rsa-4096', 'sm2-256']),
    );
    // Trusted: the two licensed CAs and the unlicensed one; never the rogue.
    expect(pki.trust.caCertificatesPem).not.toContain(pki.cas.rogueCa.certificatePem);
    expect(pki.trust.caCertificatesPem).toHaveLength(3);
  });
});

describe('accepted signatures', () => {
  it.each([
    ['rsa1024', 'sha1', 'RSA-1024 SHA1'],
    ['rsa1024', 'sha256', 'RSA-1024 SHA256'],
    ['rsa2048', 'sha1', 'RSA-2048 SHA1'],
    ['rsa2048', 'sha256', 'RSA-2048 SHA256'],
    ['rsa4096', 'sha1', 'RSA-4096 SHA1'],
    ['rsa4096', 'sha256', 'RSA-4096 SHA256'],
    ['sm2', 'sm3', 'SM2 SM3'],
  ] as const)('%s with %s: accepted, and the certificate named for binding', (name, hash, algorithm) => {
    const r = verify(sign(name, hash));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const ee = pki.endEntities[name];
    expect(r.certificate).toMatchObject({ serial: ee.serialHex, subject: ee.subject, issuer: pki.cas[ee.issuer].subject, algorithm, hash });
  });

  it('a signature without signed attributes (over the challenge itself) is accepted too', () => {
    expect(refusal(verify(sign('rsa2048', 'sha256', { signedAttributes: false })))).toBe('accepted');
    expect(refusal(verify(sign('sm2', 'sm3', { signedAttributes: false })))).toBe('accepted');
  });

  it('a SignedData written by jsrsasign (SignerInfo algorithm sha*WithRSA) is accepted', () => {
    const ee = pki.endEntities.rsa2048;
    const K = (jsrsasign as unknown as { KJUR: any; KEYUTIL: any });
    for (const hashalg of ['sha1', 'sha256'] as const) {
      const sd = new K.KJUR.asn1.cms.SignedData({
        version: 1,
        hashalgs: [hashalg],
        econtent: { type: 'data', content: { str: CHALLENGE }, isDetached: true },
        certs: [ee.certificatePem],
        sinfos: [{
          version: 1,
          id: { type: 'isssn', cert: ee.certificatePem },
          hashalg,
          // A fixed time: left out, jsrsasign reads the clock once to sign and again to encode,
          // and a second ticking over between them yields a signature over other bytes.
          sattrs: { array: [{ attr: 'contentType', type: 'data' }, { attr: 'signingTime', str: '261124120000Z' }, { attr: 'messageDigest' }] },
          sigalg: hashalg === 'sha1' ? 'SHA1withRSA' : 'SHA256withRSA',
          signkey: K.KEYUTIL.getKey(ee.key.privateKey),
        }],
      });
      const r = verify(Buffer.from(sd.getContentInfoEncodedHex(), 'hex').toString('base64'));
      expect(r.ok ? r.certificate.algorithm : r).toBe(`RSA-2048 ${hashalg.toUpperCase()}`);
    }
  });

  it('a signature OpenSSL made (agent/pki/fixtures/openssl-rsa) is accepted against its own CA and CRL', () => {
    const dir = path.join(__dirname, '../../agent/pki/fixtures/openssl-rsa');
    const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
    const store = loadTrust({ caCertificatesPem: [read('ca.pem')], crlsPem: [read('crl.pem')], issuerPattern: pki.trust.issuerPattern });
    const at = new Date('2030-01-01T00:00:00Z');
    const r = verifyDetachedSignature({ signedData: read('sig.b64'), expected: read('challenge.txt'), now: at }, store);
    expect(r.ok && r.certificate).toMatchObject({ serial: '3c4d5e6f', subject: '/C=CN/O=Treasury Portal Test/OU=Users/CN=openssl signer', algorithm: 'RSA-2048 SHA256' });
    expect(refusal(verifyDetachedSignature({ signedData: read('sig.b64'), expected: 'other', now: at }, store))).toEqual(['digestMismatch', CODE.certDigestMismatch]);
    // The signer named by subject key identifier (CMS v3, `openssl cms -sign -keyid`), SHA-1.
    const byKeyId = verifyDetachedSignature({ signedData: read('sig-keyid.b64'), expected: read('challenge.txt'), now: at }, store);
    expect(byKeyId.ok && byKeyId.certificate).toMatchObject({ serial: '3c4d5e6f', algorithm: 'RSA-2048 SHA1' });
    // Our RSA CA has the fixture CA's very name but another key.
    expect(refusal(verifyDetachedSignature({ signedData: read('sig.b64'), expected: read('challenge.txt'), now: at }, trust))).toEqual(['untrusted', CODE.certUntrusted]);
  });

  it('SM2 signatures carry the GM/T 0010 OIDs (signedData 1.2.156.10197.6.1.4.2.2, SM3, sm2-1)', () => {
    const hex = Buffer.from(sign('sm2', 'sm3'), 'base64').toString('hex');
    expect(hex).toContain('060a2a811ccf550601040202'); // 1.2.156.10197.6.1.4.2.2
    expect(hex).toContain('06082a811ccf55018311'); // 1.2.156.10197.1.401 (SM3)
    expect(hex).toContain('06092a811ccf5501822d01'); // 1.2.156.10197.1.301.1 (sm2-1)
  });
});

describe('refused signatures, each with its reason', () => {
  it('a tampered signature value', () => {
    const der = Buffer.from(sign('rsa2048', 'sha256'), 'base64');
    der[der.length - 5]! ^= 0x01; // inside the signature value, the SignerInfo's last field
    expect(refusal(verify(der.toString('base64')))).toEqual(['signatureInvalid', CODE.certSignatureInvalid]);
    const sm = Buffer.from(sign('sm2', 'sm3'), 'base64');
    sm[sm.length - 3]! ^= 0x01;
    expect(refusal(verify(sm.toString('base64')))).toEqual(['signatureInvalid', CODE.certSignatureInvalid]);
  });

  it('another challenge signed (a replayed or foreign signature)', () => {
    expect(refusal(verify(sign('rsa2048', 'sha256', { data: 'an older challenge' })))).toEqual(['digestMismatch', CODE.certDigestMismatch]);
    expect(refusal(verify(sign('sm2', 'sm3', { data: 'an older challenge' })))).toEqual(['digestMismatch', CODE.certDigestMismatch]);
    expect(refusal(verify(sign('rsa2048', 'sha1', { data: 'x', signedAttributes: false })))).toEqual(['digestMismatch', CODE.certDigestMismatch]);
  });

  it('a certificate chained only to a CA carried in the signature (same name as the trusted CA, other key)', () => {
    const r = verify(sign('rsaRogue', 'sha256', { extra: [pki.cas.rogueCa.certificatePem] }));
    expect(refusal(r)).toEqual(['untrusted', CODE.certUntrusted]);
    expect(r.ok || r.certificate?.issuer).toBe(pki.cas.rsaCa.subject);
  });

  it('expired, and not yet valid', () => {
    expect(refusal(verify(sign('rsaExpired', 'sha256')))).toEqual(['expired', CODE.certExpired]);
    expect(refusal(verify(sign('rsa2048', 'sha256'), new Date(now.getTime() - 2 * 86_400_000)))).toEqual(['notYetValid', CODE.certNotYetValid]);
  });

  it('revoked (listed in its CA\'s CRL), RSA and SM2', () => {
    expect(refusal(verify(sign('rsaRevoked', 'sha256')))).toEqual(['revoked', CODE.certRevoked]);
    expect(refusal(verify(sign('sm2Revoked', 'sm3')))).toEqual(['revoked', CODE.certRevoked]);
  });

  it('an issuer the licence\'s pattern does not cover (a trusted CA all the same)', () => {
    expect(refusal(verify(sign('rsaOtherIssuer', 'sha256')))).toEqual(['issuerNotLicensed', CODE.certIssuerNotLicensed]);
  });

  it('key usage without digital signature (128)', () => {
    expect(refusal(verify(sign('rsaEncryptOnly', 'sha256')))).toEqual(['keyUsage', CODE.certKeyUsage]);
  });

  it('SM2 with SHA-1 and RSA with SM3: the hash does not fit the key', () => {
    expect(refusal(verify(sign('sm2', 'sha1')))).toEqual(['hashKeyMismatch', CODE.certHashKeyMismatch]);
    expect(refusal(verify(sign('rsa2048', 'sm3')))).toEqual(['hashKeyMismatch', CODE.certHashKeyMismatch]);
  });

  it('a digest other than SHA-1, SHA-256 or SM3 (SHA-512 named in place of SHA-256)', () => {
    const hex = Buffer.from(sign('rsa2048', 'sha256'), 'base64').toString('hex');
    const sha512 = hex.replaceAll('0609608648016503040201', '0609608648016503040203');
    expect(refusal(verify(Buffer.from(sha512, 'hex').toString('base64')))).toEqual(['hashUnsupported', CODE.certHashUnsupported]);
  });

  it('not a signature at all, and a signature without its signer\'s certificate', () => {
    expect(refusal(verify('bm90IGEgc2lnbmF0dXJl'))).toEqual(['malformed', CODE.certSignatureMalformed]);
    expect(refusal(verify(''))).toEqual(['malformed', CODE.certSignatureMalformed]);
    const ee = pki.endEntities.rsa2048;
    const other = pki.endEntities.rsa1024;
    // Signed with rsa2048's key but carrying only rsa1024's certificate: the signer is not in it.
    const cms = signDetached({ data: CHALLENGE, certificatePem: ee.certificatePem, key: ee.key, hash: 'sha256' });
    const swapped = Buffer.from(cms, 'base64').toString('hex').replace(
      Buffer.from(ee.certificatePem.replace(/-----[^-]+-----|\s/g, ''), 'base64').toString('hex'),
      Buffer.from(other.certificatePem.replace(/-----[^-]+-----|\s/g, ''), 'base64').toString('hex'),
    );
    // The lengths differ, so the DER no longer parses or the signer is missing: either way refused.
    const r = verify(Buffer.from(swapped, 'hex').toString('base64'));
    expect(r.ok).toBe(false);
    expect(['malformed', 'signerMissing']).toContain(r.ok ? '' : r.reason);
  });

  it('revocation fails closed: no CRL, or a CRL not signed by the CA, or an out-of-date one', () => {
    const signed = sign('rsa2048', 'sha256');
    const withCrls = (crlsPem: string[]) => loadTrust({ ...pki.trust, crlsPem });
    expect(refusal(verify(signed, now, withCrls([])))).toEqual(['crlUnavailable', CODE.certCrlUnavailable]);
    // A CRL under the trusted CA's name signed by the rogue key: it must not count.
    const forged = buildCrl({ issuer: pki.cas.rsaCa.subject, issuerKey: pki.cas.rogueCa.key, thisUpdate: now, nextUpdate: new Date(now.getTime() + 86_400_000), revoked: [] });
    expect(refusal(verify(signed, now, withCrls([forged])))).toEqual(['crlUnavailable', CODE.certCrlUnavailable]);
    expect(refusal(verify(signed, new Date(now.getTime() + 40 * 86_400_000)))).toEqual(['crlUnavailable', CODE.certCrlUnavailable]);
    expect(refusal(verify(signed, now, loadTrust({ ...pki.trust, crlsPem: [], requireCrl: false })))).toBe('accepted');
  });

  it('a configured CA that is not a CA (no cA basic constraint) does not vouch for anything', () => {
    const caKey = pki.cas.rsaCa.key;
    const notCa = buildCertificate({
      subject: pki.cas.rsaCa.subject, issuer: pki.cas.rsaCa.subject, notBefore: new Date(now.getTime() - 86_400_000),
      notAfter: new Date(now.getTime() + 86_400_000), subjectKey: caKey, issuerKey: caKey, isCa: false, keyUsage: ['keyCertSign'],
    }).pem;
    const store = loadTrust({ ...pki.trust, caCertificatesPem: [notCa] });
    expect(refusal(verify(sign('rsa2048', 'sha256'), now, store))).toEqual(['caInvalid', CODE.certCaInvalid]);
  });

  it('mutated signatures never throw, and never get a different certificate accepted', () => {
    for (const [name, hash, step] of [['rsa2048', 'sha256', 7], ['sm2', 'sm3', 23]] as const) {
      const der = Buffer.from(sign(name, hash), 'base64');
      for (let i = 0; i < der.length; i += step) {
        const bad = Buffer.from(der);
        bad[i]! ^= 0x5a;
        const r = verify(bad.toString('base64'));
        // Bytes no check covers (the outer version, the unsigned digest list) may change harmlessly.
        if (r.ok) expect(r.certificate.serial).toBe(pki.endEntities[name].serialHex);
        else expect(r.code).toBeGreaterThanOrEqual(2900);
      }
    }
  });
});
