import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createCipheriv, createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import jsrsasign from 'jsrsasign';
import { AGENT_CA_FILE } from '../../agent/tls';
import { buildCertificate } from '../../agent/pki/build';
import { loadOrGeneratePki, type EndEntityName, type TestPki } from '../../agent/pki/generate';
import { AGENT_HOST, startAgent, type RunningAgent } from '../../agent/server';
import { loadTrust, verifyDetachedSignature, type TrustStore } from '../../server/services/cert/verify';
import { asn1, readPublicKey, verifyWithKey } from '../../server/services/cert/x509';
import { TOOLKIT_CODE } from '../../src/shared/cert-errors';
import { listable, versionAtLeast } from '../../src/shared/cert-rules';
import { vendorFor } from '../../src/services/cert/factory';
import { toolkitClient } from '../../src/services/cert/toolkit';
import type { CertificateInfo, CertVendor, FetchLike } from '../../src/services/cert/vendor';
import { certFailure } from '../support/listed-certificates';
import { nodeFetch, request } from '../support/node-fetch';
import { TMP } from './support/backends';

/**
 * The reference agent (agent/, docs/certificates-agent.md) driven by the REAL client adapters
 * over real loopback HTTPS and HTTP: every flavour's wire, signatures the server's verification
 * accepts, the toolkit's other operations, and the control endpoint's injected failures.
 */
const LICENCE = 'LIC-agent-test';
const CHALLENGE = 'agent-challenge-5f1e0c9a7b3d4e2f';
let pki: TestPki;
let pkiDir: string;
let trust: TrustStore;
let now: Date;
let agent: RunningAgent;
let fetch: FetchLike;
let closedPort: number;

/** A port nothing listens on: the probe must pass over it. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  pkiDir = mkdtempSync(path.join(TMP, 'cert-agent-'));
  pki = loadOrGeneratePki(pkiDir);
  trust = loadTrust(pki.trust);
  now = new Date(pki.createdAt);
  closedPort = await freePort();
  agent = await startAgent({ pkiDir, pki, ports: [0], toolkitPort: 0, controlPort: 0, licence: LICENCE, version: '2.1.0', now: () => now });
  fetch = nodeFetch(agent.tls.caPem);
});
afterEach(() => agent.control.reset());
afterAll(() => agent?.close());

const vendor = (factory: string): CertVendor =>
  vendorFor(factory, { fetch, endpoints: { agentPorts: [closedPort, agent.ports[0]!], toolkitPort: agent.toolkitPort! } });
const toolkit = () => toolkitClient({ fetch, port: agent.toolkitPort! });
const controlUrl = (p = '') => `http://127.0.0.1:${agent.controlPort}/control${p}`;
const control = async (body: unknown) => request(controlUrl(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const toolkitFailure = async (p: Promise<unknown>) => {
  const info = await certFailure(p);
  return info.kind === 'toolkit' ? info.code : info.key;
};

const listed = async (v: CertVendor, name: EndEntityName): Promise<CertificateInfo> => {
  const c = (await v.listCertificates()).find((x) => x.serialNumber === pki.endEntities[name].serialHex);
  if (!c) throw new Error(`${name} not listed`);
  return c;
};

describe.each(['tianwei', 'tianwei2021', 'xinan', 'cfca'])('%s over the reference agent', (factory) => {
  it('is found by the probe, past a closed port, and reports its version', async () => {
    const v = vendor(factory);
    const { endpoint } = await v.probe();
    if (factory === 'xinan') expect(endpoint).toBe(`http://127.0.0.1:${agent.toolkitPort}`);
    else if (factory === 'cfca') expect(endpoint).toBe('cfca:2.1.0');
    else expect(endpoint).toBe(`https://127.0.0.1:${agent.ports[0]}`);
    expect(await v.version()).toBe('2.1.0');
  });

  it('accepts the configured licence and refuses another with 0x8000000A', async () => {
    const v = vendor(factory);
    await expect(v.checkLicence(LICENCE)).resolves.toBeUndefined();
    expect(await toolkitFailure(v.checkLicence('someone else’s'))).toBe(TOOLKIT_CODE.invalidLicence);
  });

  it('lists the PKI’s certificates from both stores, SM2 ones in Address', async () => {
    const v = vendor(factory);
    const all = await v.listCertificates();
    expect(all).toHaveLength(Object.keys(pki.endEntities).length);
    const rsa = await listed(v, 'rsa2048');
    expect(rsa).toMatchObject({ keyAlgorithm: 'RSA', keySize: 2048, store: 'MY', keyUsage: 160, commonName: 'rsa2048', container: 'rsa2048', issuer: pki.cas.rsaCa.subject, subject: pki.endEntities.rsa2048.subject });
    expect(Buffer.from(rsa.certificate, 'base64').toString('base64')).toBe(pki.endEntities.rsa2048.certificatePem.replace(/-----[A-Z ]+-----|\s/g, ''));
    expect(await listed(v, 'sm2')).toMatchObject({ keyAlgorithm: 'SM2', keySize: 256, store: 'Address', keyUsage: 128 });
    expect((await v.listCertificates(['Address'])).map((c) => c.serialNumber).sort()).toEqual([pki.endEntities.sm2.serialHex, pki.endEntities.sm2Revoked.serialHex].sort());
    // The client's listing rule leaves the expired certificate and the other issuer's out.
    const usable = listable(all, { issuerPattern: pki.trust.issuerPattern }, now.getTime());
    expect(usable.ok && usable.value.map((c) => c.commonName)).not.toContain('rsaExpired');
    expect(usable.ok && usable.value.map((c) => c.commonName)).not.toContain('rsaOtherIssuer');
  });

  it.each([
    ['rsa1024', 'SHA1'],
    ['rsa2048', 'SHA256'],
    ['rsa4096', 'SHA1'],
    ['sm2', 'SM3'],
  ] as const)('signs with %s and %s: the server verifies it, and so does the agent', async (name, hash) => {
    const v = vendor(factory);
    const certificate = await listed(v, name);
    const signedData = await v.signDetached({ certificate, data: CHALLENGE, hash });
    const result = verifyDetachedSignature({ signedData, expected: CHALLENGE, now }, trust);
    expect(result.ok && result.certificate).toMatchObject({ serial: pki.endEntities[name].serialHex, hash: hash.toLowerCase() });
    expect(await v.verify({ signedData, data: CHALLENGE })).toBe(true);
    expect(await v.verify({ signedData, data: 'other text' })).toBe(false);
  });

  it('names the key containers', async () => {
    const containers = await vendor(factory).keyContainers();
    expect(containers).toContainEqual({ name: 'sm2', keyAlgorithm: 'SM2', certificates: [pki.endEntities.sm2.serialHex] });
    expect(containers).toContainEqual({ name: 'rsa4096', keyAlgorithm: 'RSA', certificates: [pki.endEntities.rsa4096.serialHex] });
  });

  it('answers injected failures: cancel once, then wrong PIN through the endpoint, any code in hex', async () => {
    const v = vendor(factory);
    const certificate = await listed(v, 'rsa2048');
    agent.control.apply({ fault: { code: 'cancel', op: 'sign', times: 1 } });
    expect(await toolkitFailure(v.signDetached({ certificate, data: CHALLENGE }))).toBe(TOOLKIT_CODE.cancelled);
    await expect(v.signDetached({ certificate, data: CHALLENGE })).resolves.toEqual(expect.any(String));

    expect((await control({ fault: { code: 'wrongPin', op: 'sign' } })).status).toBe(200);
    expect(await toolkitFailure(v.signDetached({ certificate, data: CHALLENGE }))).toBe(TOOLKIT_CODE.wrongPin);
    expect(await toolkitFailure(v.signDetached({ certificate, data: CHALLENGE }))).toBe(TOOLKIT_CODE.wrongPin); // until reset
    await request(controlUrl('/reset'), { method: 'POST' });
    await expect(v.signDetached({ certificate, data: CHALLENGE })).resolves.toEqual(expect.any(String));

    agent.control.apply({ fault: { code: '0x1234ABCD', times: 1 } });
    const info = await certFailure(v.listCertificates());
    expect(info).toMatchObject({ kind: 'toolkit', code: 0x1234abcd, name: undefined });
  });

  it('answers a version mismatch either way: the code, or a version below the minimum', async () => {
    const v = vendor(factory);
    agent.control.apply({ fault: { code: 'versionMismatch', op: 'version', times: 1 } });
    expect(await toolkitFailure(v.version())).toBe(TOOLKIT_CODE.versionMismatch);
    agent.control.apply({ version: '1.9.9' });
    const reported = await v.version();
    expect(reported).toBe('1.9.9');
    expect(versionAtLeast(reported, '2.0.0')).toMatchObject({ ok: false });
  });
});

describe('what the server must refuse, signed anyway by the agent', () => {
  it('signs with an expired certificate listed as valid when told to misreport', async () => {
    const v = vendor('tianwei');
    expect((await listed(v, 'rsaExpired')).notAfter).toBeLessThan(now.getTime());
    agent.control.apply({ misreportValidity: ['rsaExpired'], only: ['rsaExpired'] });
    const all = await v.listCertificates();
    expect(all).toHaveLength(1);
    const usable = listable(all, { issuerPattern: pki.trust.issuerPattern }, now.getTime());
    expect(usable.ok).toBe(true);
    const signedData = await v.signDetached({ certificate: all[0]!, data: CHALLENGE });
    expect(verifyDetachedSignature({ signedData, expected: CHALLENGE, now }, trust)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('signs with the revoked one and the other issuer’s; the server says why not', async () => {
    const v = vendor('xinan');
    const reasons = [];
    for (const name of ['rsaRevoked', 'rsaOtherIssuer', 'rsaRogue'] as const) {
      const signedData = await v.signDetached({ certificate: await listed(v, name), data: CHALLENGE });
      const r = verifyDetachedSignature({ signedData, expected: CHALLENGE, now }, trust);
      reasons.push(r.ok ? 'ok' : r.reason);
    }
    expect(reasons).toEqual(['revoked', 'issuerNotLicensed', 'untrusted']);
  });

  it('refuses SM2 with SHA1 (0x80000009) unless told to sign any hash, which the server refuses', async () => {
    const sm2 = { serialNumber: pki.endEntities.sm2.serialHex, store: 'Address' as const, data: CHALLENGE, hash: 'SHA1' as const };
    expect(await toolkitFailure(toolkit().sign(sm2))).toBe(TOOLKIT_CODE.hashMismatch);
    agent.control.apply({ signAnyHash: true });
    const signedData = await toolkit().sign(sm2);
    expect(verifyDetachedSignature({ signedData, expected: CHALLENGE, now }, trust)).toMatchObject({ ok: false, reason: 'hashKeyMismatch' });
  });

  it('does not sign with a certificate the store does not hold there, or hides', async () => {
    const rsa = { serialNumber: pki.endEntities.rsa2048.serialHex, data: CHALLENGE, hash: 'SHA256' as const };
    expect(await toolkitFailure(toolkit().sign({ ...rsa, store: 'Address' }))).toBe(TOOLKIT_CODE.sign);
    agent.control.apply({ hide: ['MY'] });
    expect(await toolkitFailure(toolkit().sign({ ...rsa, store: 'MY' }))).toBe(TOOLKIT_CODE.sign);
    expect((await toolkit().certs(['MY', 'Address'])).map((c) => c.store)).toEqual(['Address', 'Address']);
    agent.control.apply({ show: ['*'] });
    await expect(toolkit().sign({ ...rsa, store: 'MY' })).resolves.toEqual(expect.any(String));
  });
});

describe('the toolkit service’s other operations', () => {
  it('hashes UTF-8 text to lowercase hex (SHA1, SHA256, SM3)', async () => {
    for (const [algorithm, node] of [['SHA1', 'sha1'], ['SHA256', 'sha256'], ['SM3', 'sm3']] as const) {
      expect(await toolkit().hash({ algorithm, data: '国库 abc' })).toBe(createHash(node).update('国库 abc', 'utf8').digest('hex'));
    }
    expect(await toolkit().hash({ algorithm: 'SM3', data: 'abc' })).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
  });

  it('gives random bytes of the asked length, and refuses a length out of range', async () => {
    const a = Buffer.from(await toolkit().rand({ length: 32 }), 'base64');
    const b = Buffer.from(await toolkit().rand({ length: 32 }), 'base64');
    expect(a).toHaveLength(32);
    expect(a.equals(b)).toBe(false);
    expect(await toolkitFailure(toolkit().rand({ length: 0 }))).toBe(TOOLKIT_CODE.parameterType);
  });

  it('encrypts and decrypts with SM4 and AES, as OpenSSL does', async () => {
    const key = '0123456789abcdeffedcba9876543210';
    const iv = '00112233445566778899aabbccddeeff';
    for (const [algorithm, cipher] of [['SM4', 'sm4-cbc'], ['AES', 'aes-128-cbc']] as const) {
      const data = await toolkit().symm({ algorithm, mode: 'encrypt', key, iv, data: '付款 100.00' });
      const c = createCipheriv(cipher, Buffer.from(key, 'hex'), Buffer.from(iv, 'hex'));
      expect(data).toBe(Buffer.concat([c.update('付款 100.00', 'utf8'), c.final()]).toString('base64'));
      expect(await toolkit().symm({ algorithm, mode: 'decrypt', key, iv, data })).toBe('付款 100.00');
    }
    const ecb = await toolkit().symm({ algorithm: 'SM4', mode: 'encrypt', key, data: 'x' });
    expect(await toolkit().symm({ algorithm: 'SM4', mode: 'decrypt', key, data: ecb })).toBe('x');
    expect(await toolkitFailure(toolkit().symm({ algorithm: 'AES', mode: 'encrypt', key: 'abcd', data: 'x' }))).toBe(TOOLKIT_CODE.parameterType);
  });

  it('envelopes for an RSA certificate and opens it with that key only; SM2 is unimplemented (1)', async () => {
    const certificate = pki.endEntities.rsa2048.certificatePem.replace(/-----[A-Z ]+-----|\s/g, '');
    const encryptedData = await toolkit().enc({ certificate, data: '机密 secret' });
    expect(await toolkit().dec({ serialNumber: pki.endEntities.rsa2048.serialHex, store: 'MY', encryptedData })).toBe('机密 secret');
    expect(await toolkitFailure(toolkit().dec({ serialNumber: pki.endEntities.rsa1024.serialHex, store: 'MY', encryptedData }))).toBe(TOOLKIT_CODE.decrypt);
    const sm2 = pki.endEntities.sm2.certificatePem.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(await toolkitFailure(toolkit().enc({ certificate: sm2, data: 'x' }))).toBe(TOOLKIT_CODE.unimplemented);
  });

  it('makes a CSR whose signature verifies, then installs the issued certificate with its new key', async () => {
    const subject = '/C=CN/O=Treasury Portal Test/OU=Users/CN=new-user';
    const csr = await toolkit().csr({ subject, keyAlgorithm: 'RSA', keySize: 2048, container: 'new-user' });
    const hex = Buffer.from(csr, 'base64').toString('hex');
    const info = asn1.getTLVbyList(hex, 0, [0])!;
    const spki = asn1.getTLVbyList(info, 0, [2])!;
    const signature = (asn1.getVbyList(hex, 0, [2]) ?? '').slice(2);
    const key = createPublicKey({ key: Buffer.from(spki, 'hex'), format: 'der', type: 'spki' });
    expect(nodeVerify('sha256', Buffer.from(info, 'hex'), key, Buffer.from(signature, 'hex'))).toBe(true);
    const K = (jsrsasign as unknown as { KJUR: { asn1: { csr: { CSRUtil: { getParam(pem: string): { subject: { str: string } } } } } } }).KJUR;
    const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${csr}\n-----END CERTIFICATE REQUEST-----\n`;
    expect(K.asn1.csr.CSRUtil.getParam(pem).subject.str).toBe(subject);

    // The CA issues it; the toolkit installs it and pairs it with the key the CSR made.
    const issued = buildCertificate({
      subject,
      issuer: pki.cas.rsaCa.subject,
      notBefore: new Date(now.getTime() - 86_400_000),
      notAfter: new Date(now.getTime() + 86_400_000),
      subjectKey: { kind: 'rsa', bits: 2048, privateKey: '', spkiHex: spki },
      issuerKey: pki.cas.rsaCa.key,
      isCa: false,
      keyUsage: ['digitalSignature'],
    });
    await toolkit().install({ certificates: [issued.pem.replace(/-----[A-Z ]+-----|\s/g, '')], store: 'MY' });
    const v = vendor('xinan');
    const mine = (await v.listCertificates(['MY'])).find((c) => c.serialNumber === issued.serialHex);
    expect(mine).toMatchObject({ commonName: 'new-user', container: 'new-user', keyUsage: 128 });
    const signedData = await v.signDetached({ certificate: mine!, data: CHALLENGE });
    expect(verifyDetachedSignature({ signedData, expected: CHALLENGE, now }, trust)).toMatchObject({ ok: true });
    expect(await toolkitFailure(toolkit().install({ certificates: ['bm90IGEgY2VydA=='], store: 'MY' }))).toBe(TOOLKIT_CODE.install);
  });

  it('makes an SM2 CSR signed with SM3', async () => {
    const csr = await toolkit().csr({ subject: '/C=CN/CN=sm2-user', keyAlgorithm: 'SM2', keySize: 256 });
    const hex = Buffer.from(csr, 'base64').toString('hex');
    const info = asn1.getTLVbyList(hex, 0, [0])!;
    const spki = asn1.getTLVbyList(info, 0, [2])!;
    expect(verifyWithKey(readPublicKey(spki), 'sm3', Buffer.from(info, 'hex'), (asn1.getVbyList(hex, 0, [2]) ?? '').slice(2))).toBe(true);
    expect(await toolkitFailure(toolkit().csr({ subject: 'CN=no slash', keyAlgorithm: 'RSA', keySize: 2048 }))).toBe(TOOLKIT_CODE.parameterType);
  });
});

describe('the control endpoint', () => {
  it('shows its state, refuses a bad request without changing anything, and resets', async () => {
    expect((await control({ fault: { code: 'no-such-code' } })).status).toBe(400);
    expect((await control({ fault: { code: 'sign', op: 'nothing' } })).status).toBe(400);
    expect((await control({ hide: ['rsa1024'], delay: { ms: 1, op: 'certs', times: 1 } })).status).toBe(200);
    const state = JSON.parse((await request(controlUrl('/state'), { method: 'GET' })).text);
    expect(state).toMatchObject({ faults: [], hidden: ['rsa1024'], delays: [{ op: 'certs', ms: 1, remaining: 1 }] });
    expect((await vendor('tianwei').listCertificates()).map((c) => c.commonName)).not.toContain('rsa1024');
    expect(agent.control.state().delays).toEqual([]); // used up
    const reset = JSON.parse((await request(controlUrl('/reset'), { method: 'POST' })).text);
    expect(reset).toMatchObject({ hidden: [], only: null, version: null, signAnyHash: false });
  });
});

describe('the wire itself', () => {
  const agentUrl = (p: string) => `https://127.0.0.1:${agent.ports[0]}${p}`;
  const ORIGIN = 'http://127.0.0.1:18080';

  it('answers the portal page’s CORS and Private Network Access preflights, agent and toolkit', async () => {
    for (const url of [agentUrl('/sign'), `http://127.0.0.1:${agent.toolkitPort}/sign`]) {
      const pre = await request(url, { method: 'OPTIONS', ca: agent.tls.caPem, headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type', 'Access-Control-Request-Private-Network': 'true' } });
      expect(pre.status).toBe(204);
      expect(pre.headers).toMatchObject({ 'access-control-allow-origin': ORIGIN, 'access-control-allow-headers': 'content-type', 'access-control-allow-private-network': 'true' });
      expect(pre.headers['access-control-allow-methods']).toContain('POST');
      const post = await request(url.replace('/sign', '/version'), { method: 'POST', ca: agent.tls.caPem, headers: { Origin: ORIGIN, 'Content-Type': 'application/json' }, body: '{}' });
      expect(post.headers['access-control-allow-origin']).toBe(ORIGIN);
    }
  });

  it('listens on 127.0.0.1 only, with a TLS certificate valid for it under the CA it writes next to the PKI', async () => {
    expect(AGENT_HOST).toBe('127.0.0.1');
    expect(agent.addresses.map((a) => a.address)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    expect(readFileSync(path.join(pkiDir, AGENT_CA_FILE), 'utf8')).toBe(agent.tls.caPem);
    // Trusting only that CA, Node checks the certificate names 127.0.0.1 (the adapters' fetch above did too).
    expect((await request(agentUrl('/PortRight'), { method: 'GET', ca: agent.tls.caPem })).status).toBe(200);
    await expect(request(agentUrl('/PortRight'), { method: 'GET' })).rejects.toThrow();
    const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (external) await expect(request(`http://${external.address}:${agent.toolkitPort}/version`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('answers an unknown operation or method with 1 and a body that is not JSON as a parameter error', async () => {
    const unknown = await request(agentUrl('/format'), { method: 'POST', ca: agent.tls.caPem, body: '{}' });
    expect([unknown.status, JSON.parse(unknown.text).code]).toEqual([404, TOOLKIT_CODE.unimplemented]);
    const cfca = await request(agentUrl('/cfca/FormatDisk'), { method: 'POST', ca: agent.tls.caPem, body: '{}' });
    expect(JSON.parse(cfca.text).errorCode).toBe(TOOLKIT_CODE.unimplemented);
    const bad = await request(agentUrl('/sign'), { method: 'POST', ca: agent.tls.caPem, body: '{not json' });
    expect(JSON.parse(bad.text).code).toBe(TOOLKIT_CODE.parameterType);
  });
});
