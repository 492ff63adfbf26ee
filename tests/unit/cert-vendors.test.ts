import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { CertError, certErrorText, TOOLKIT_CODE } from '../../src/shared/cert-errors';
import { CERT_AGENT_PORTS, CERT_AGENT_TIMEOUT_MS, CERT_PORT_PROBE_MS, CERT_PORT_PROBE_ROUNDS, CERT_TOOLKIT_PORT, certProbeMs } from '../../src/shared/constants';

/** How long a probe silent in every round waits in all. */
const ALL_ROUNDS_MS = Array.from({ length: CERT_PORT_PROBE_ROUNDS }, (_, round) => certProbeMs(round)).reduce((a, b) => a + b, 0);
import { agentVendor } from '../../src/services/cert/agent-vendor';
import { callKit, cfcaVendor, httpCfcaKit, type CfcaAnswer, type CfcaKit } from '../../src/services/cert/cfca-vendor';
import { vendorFor } from '../../src/services/cert/factory';
import { toolkitClient } from '../../src/services/cert/toolkit';
import type { CertificateInfo, FetchLike } from '../../src/services/cert/vendor';
import { certFailure, wireCertificate } from '../support/listed-certificates';

/**
 * The vendor adapters against transport doubles: what they send, what they make of the
 * answers, and every failure as a CertError (hex code + message for the toolkit's).
 */

type Call = { url: string; method: string; body: unknown };
type Reply = { status?: number; json?: unknown } | 'hang' | 'refuse';

/** A fetch double: `reply(url)` decides; 'hang' never answers until aborted, 'refuse' fails at once. */
function fakeFetch(reply: (url: string, body: unknown) => Reply) {
  const calls: Call[] = [];
  const fetch: FetchLike = (url, init) => {
    const body = init.body === undefined ? undefined : JSON.parse(init.body);
    calls.push({ url, method: init.method, body });
    const r = reply(url, body);
    if (r === 'refuse') return Promise.reject(new TypeError('Failed to fetch'));
    if (r === 'hang')
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    return Promise.resolve({ ok: (r.status ?? 200) < 300, status: r.status ?? 200, json: async () => r.json });
  };
  return { fetch, calls };
}

const infoOf = certFailure;

const WIRE_CERT = wireCertificate('0A1B', { subject: '/C=CN/O=Test Treasury/CN=Alice RSA 2048', commonName: undefined, container: 'alice' });
const CERT: CertificateInfo = {
  serialNumber: '0a1b',
  subject: WIRE_CERT.subject,
  commonName: 'Alice RSA 2048',
  issuer: WIRE_CERT.issuer,
  notBefore: Date.UTC(2026, 0, 1),
  notAfter: Date.UTC(2027, 0, 1),
  keyUsage: 160,
  keyAlgorithm: 'RSA',
  keySize: 2048,
  store: 'MY',
  certificate: 'MIIB',
  container: 'alice',
};
const SM2_CERT: CertificateInfo = { ...CERT, serialNumber: '0c', keyAlgorithm: 'SM2', keySize: 256 };
const [P0, P1, P2] = CERT_AGENT_PORTS;

describe('tianwei agent: the port probe', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('uses the first port that answers GET /PortRight, in the spec order', async () => {
    const { fetch, calls } = fakeFetch((url) => (url.includes(`:${P0}/`) ? 'refuse' : { json: 'ok' }));
    const vendor = agentVendor({ factory: 'tianwei', fetch });
    await expect(vendor.probe()).resolves.toEqual({ endpoint: `https://127.0.0.1:${P1}` });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', `https://127.0.0.1:${P0}/PortRight`],
      ['GET', `https://127.0.0.1:${P1}/PortRight`],
    ]);
  });

  it(`skips a port silent for ${CERT_PORT_PROBE_MS} ms and not before`, async () => {
    const { fetch, calls } = fakeFetch((url) => (url.includes(`:${P0}/`) ? 'hang' : { json: 'ok' }));
    const vendor = agentVendor({ factory: 'tianwei2021', fetch });
    let endpoint: string | undefined;
    void vendor.probe().then((r) => (endpoint = r.endpoint));
    await jest.advanceTimersByTimeAsync(CERT_PORT_PROBE_MS - 1);
    expect([endpoint, calls.length]).toEqual([undefined, 1]);
    await jest.advanceTimersByTimeAsync(1);
    expect(endpoint).toBe(`https://127.0.0.1:${P1}`);
    expect(calls.length).toBe(2);
  });

  it('asks the ports silent in a round once more before telling no client runs (a slow first handshake)', async () => {
    // P0 is silent on its first asking only (the agent's first HTTPS handshake on a busy machine); the other ports refuse.
    let asked = 0;
    const { fetch, calls } = fakeFetch((url) => (url.includes(`:${P0}/`) ? (asked++ === 0 ? 'hang' : { json: 'ok' }) : 'refuse'));
    const vendor = agentVendor({ factory: 'tianwei', fetch });
    let endpoint: string | undefined;
    void vendor.probe().then((r) => (endpoint = r.endpoint));
    await jest.advanceTimersByTimeAsync(CERT_PORT_PROBE_MS);
    expect(endpoint).toBe(`https://127.0.0.1:${P0}`);
    // The refused ports were not asked again.
    expect(calls.map((c) => c.url)).toEqual([...CERT_AGENT_PORTS.map((p) => `https://127.0.0.1:${p}/PortRight`), `https://127.0.0.1:${P0}/PortRight`]);
  });

  it(`gives up after ${CERT_PORT_PROBE_ROUNDS} rounds of a silent port`, async () => {
    const { fetch, calls } = fakeFetch((url) => (url.includes(`:${P1}/`) ? 'hang' : 'refuse'));
    const vendor = agentVendor({ factory: 'tianwei', fetch });
    const outcome = infoOf(vendor.probe());
    await jest.advanceTimersByTimeAsync(ALL_ROUNDS_MS);
    expect(await outcome).toMatchObject({ kind: 'client', key: 'agentUnavailable' });
    expect(calls.length).toBe(CERT_AGENT_PORTS.length + CERT_PORT_PROBE_ROUNDS - 1);
  });

  it('waits twice as long in each round as in the one before (a busy machine answers in 100-400 ms)', async () => {
    const { fetch, calls } = fakeFetch((url) => (url.includes(`:${P1}/`) ? 'hang' : 'refuse'));
    const outcome = infoOf(agentVendor({ factory: 'tianwei', fetch }).probe());
    await jest.advanceTimersByTimeAsync(certProbeMs(0));
    // The first round is over and the silent port asked again; that second asking waits 200 ms.
    const asked = calls.length;
    await jest.advanceTimersByTimeAsync(certProbeMs(1) - 1);
    expect(calls.length).toBe(asked);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls.length).toBe(asked + 1);
    await jest.advanceTimersByTimeAsync(ALL_ROUNDS_MS);
    expect(await outcome).toMatchObject({ key: 'agentUnavailable' });
    expect([certProbeMs(0), certProbeMs(1), certProbeMs(3)]).toEqual([CERT_PORT_PROBE_MS, 2 * CERT_PORT_PROBE_MS, 8 * CERT_PORT_PROBE_MS]);
  });

  it('skips a port answering with an HTTP error, and reuses the port found', async () => {
    const { fetch, calls } = fakeFetch((url) => (url.includes(`:${P0}/`) ? { status: 404 } : url.endsWith('/version') ? { json: { code: 0, data: { version: '1.2.10' } } } : { json: 'ok' }));
    const vendor = agentVendor({ factory: 'tianwei', fetch });
    await expect(vendor.version()).resolves.toBe('1.2.10');
    await expect(vendor.version()).resolves.toBe('1.2.10');
    expect(calls.map((c) => c.url)).toEqual([`https://127.0.0.1:${P0}/PortRight`, `https://127.0.0.1:${P1}/PortRight`, `https://127.0.0.1:${P1}/version`, `https://127.0.0.1:${P1}/version`]);
  });

  it('rejects with agentUnavailable when no port answers, and probes again on the next try', async () => {
    let up = false;
    const { fetch, calls } = fakeFetch((url) => (up && url.includes(`:${P2}/`) ? { json: 'ok' } : 'refuse'));
    const vendor = agentVendor({ factory: 'tianwei', fetch });
    expect(await infoOf(vendor.probe())).toMatchObject({ kind: 'client', key: 'agentUnavailable' });
    expect(calls.length).toBe(CERT_AGENT_PORTS.length);
    up = true;
    await expect(vendor.probe()).resolves.toEqual({ endpoint: `https://127.0.0.1:${P2}` });
  });
});

describe('tianwei agent: operations', () => {
  const agent = (answers: Record<string, unknown>) => fakeFetch((url) => (url.endsWith('/PortRight') ? { json: 'ok' } : { json: answers[url.slice(url.lastIndexOf('/') + 1)] }));

  it('sends each operation as POST JSON and reads its answer', async () => {
    const { fetch, calls } = agent({
      certs: { code: 0, data: [WIRE_CERT] },
      sign: { code: 0, data: { signedData: 'MIAGCSqG' } },
      verify: { code: 0, data: { valid: true } },
      licence: { code: 0 },
      containers: { code: 0, data: [{ name: 'alice', keyAlgorithm: 'RSA', certificates: ['0A1B'] }] },
    });
    const vendor = agentVendor({ factory: 'tianwei', fetch });
    await expect(vendor.listCertificates()).resolves.toEqual([CERT]);
    await expect(vendor.signDetached({ certificate: CERT, data: 'challenge-1' })).resolves.toBe('MIAGCSqG');
    await expect(vendor.signDetached({ certificate: SM2_CERT, data: 'challenge-2' })).resolves.toBe('MIAGCSqG');
    await expect(vendor.verify({ signedData: 'MIAGCSqG', data: 'challenge-1' })).resolves.toBe(true);
    await expect(vendor.checkLicence('LIC')).resolves.toBeUndefined();
    await expect(vendor.keyContainers()).resolves.toEqual([{ name: 'alice', keyAlgorithm: 'RSA', certificates: ['0a1b'] }]);
    const base = `https://127.0.0.1:${P0}`;
    expect(calls.slice(1).map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', `${base}/certs`, { stores: ['MY', 'Address'] }],
      ['POST', `${base}/sign`, { serialNumber: '0a1b', store: 'MY', data: 'challenge-1', hash: 'SHA1', detached: true }],
      ['POST', `${base}/sign`, { serialNumber: '0c', store: 'MY', data: 'challenge-2', hash: 'SM3', detached: true }],
      ['POST', `${base}/verify`, { signedData: 'MIAGCSqG', data: 'challenge-1' }],
      ['POST', `${base}/licence`, { licence: 'LIC' }],
      ['POST', `${base}/containers`, {}],
    ]);
  });

  it('refuses a hash that does not fit the key before asking the agent', async () => {
    const { fetch, calls } = agent({});
    const vendor = agentVendor({ factory: 'tianwei', fetch });
    expect(await infoOf(vendor.signDetached({ certificate: SM2_CERT, data: 'x', hash: 'SHA1' }))).toEqual({ kind: 'client', key: 'hashKeyMismatch', detail: 'SM2 SHA1' });
    expect(await infoOf(vendor.signDetached({ certificate: CERT, data: 'x', hash: 'SM3' }))).toMatchObject({ key: 'hashKeyMismatch' });
    expect(calls.filter((c) => c.url.endsWith('/sign'))).toEqual([]);
  });

  it("maps the agent's error codes to toolkit errors shown as hex + message", async () => {
    const { fetch } = agent({ licence: { code: TOOLKIT_CODE.invalidLicence, msg: 'serial mismatch' }, sign: { code: 0x80000011 }, certs: { code: 0x8000abcd } });
    const vendor = agentVendor({ factory: 'tianwei', fetch });
    const t = (key: string, params: Record<string, string>) => `[${key}${params.code ? ` ${params.code}` : ''}]`;
    const licence = await infoOf(vendor.checkLicence('LIC'));
    expect(licence).toEqual({ kind: 'toolkit', code: 0x8000000a, name: 'invalidLicence', detail: 'serial mismatch' });
    expect(certErrorText(licence, t)).toBe('0x8000000A [cert.toolkit.invalidLicence]');
    expect(certErrorText(await infoOf(vendor.signDetached({ certificate: CERT, data: 'x' })), t)).toBe('0x80000011 [cert.toolkit.wrongPin]');
    expect(certErrorText(await infoOf(vendor.listCertificates()), t)).toBe('0x8000ABCD [cert.toolkit.unknown 0x8000ABCD]');
  });

  it('refuses answers that are not the protocol: no code, not JSON, half a certificate', async () => {
    const { fetch } = agent({ version: { version: '1' }, certs: { code: 0, data: [{ ...WIRE_CERT, notAfter: 'soon' }] }, sign: { code: 0, data: {} } });
    const vendor = agentVendor({ factory: 'tianwei', fetch });
    expect(await infoOf(vendor.version())).toMatchObject({ key: 'agentProtocol' });
    expect(await infoOf(vendor.listCertificates())).toEqual({ kind: 'client', key: 'agentProtocol', detail: 'certificate: validity' });
    expect(await infoOf(vendor.signDetached({ certificate: CERT, data: 'x' }))).toEqual({ kind: 'client', key: 'agentProtocol', detail: 'answer without signedData' });
  });

  it(`gives an operation ${CERT_AGENT_TIMEOUT_MS} ms, then agentTimeout`, async () => {
    jest.useFakeTimers();
    try {
      const { fetch } = fakeFetch((url) => (url.endsWith('/PortRight') ? { json: 'ok' } : 'hang'));
      const vendor = agentVendor({ factory: 'tianwei', fetch });
      let outcome: unknown = 'pending';
      void vendor.signDetached({ certificate: CERT, data: 'x' }).catch((e: CertError) => (outcome = e.info));
      await jest.advanceTimersByTimeAsync(CERT_AGENT_TIMEOUT_MS - 1);
      expect(outcome).toBe('pending');
      await jest.advanceTimersByTimeAsync(1);
      expect(outcome).toMatchObject({ kind: 'client', key: 'agentTimeout' });
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the toolkit service', () => {
  it(`posts each operation as JSON to loopback port ${CERT_TOOLKIT_PORT}`, async () => {
    const data: Record<string, unknown> = {
      version: { version: '3.1.0' },
      sign: { signedData: 'S' },
      verify: { valid: false },
      enc: { encryptedData: 'E' },
      dec: { data: 'plain' },
      hash: { digest: 'ab' },
      rand: { random: 'Ug==' },
      symm: { data: 'C' },
      certs: [WIRE_CERT],
      csr: { csr: 'MIIC' },
      install: null,
      licence: null,
    };
    const { fetch, calls } = fakeFetch((url) => ({ json: { code: 0, msg: '', data: data[url.slice(url.lastIndexOf('/') + 1)] } }));
    const tk = toolkitClient({ fetch });
    const results = [
      await tk.version(),
      await tk.sign({ serialNumber: '0a1b', store: 'MY', data: 'd', hash: 'SHA256' }),
      await tk.verify({ signedData: 'S', data: 'd' }),
      await tk.enc({ certificate: 'MIIB', data: 'd' }),
      await tk.dec({ serialNumber: '0a1b', store: 'Address', encryptedData: 'E' }),
      await tk.hash({ algorithm: 'SM3', data: 'd' }),
      await tk.rand({ length: 16 }),
      await tk.symm({ algorithm: 'SM4', mode: 'encrypt', key: 'K', data: 'd' }),
      await tk.certs(['Address']),
      await tk.csr({ subject: '/CN=Alice', keyAlgorithm: 'SM2', keySize: 256 }),
      await tk.install({ certificates: ['MIIB'], store: 'MY' }),
      await tk.licence('LIC'),
    ];
    expect(results).toEqual(['3.1.0', 'S', false, 'E', 'plain', 'ab', 'Ug==', 'C', [CERT], 'MIIC', undefined, undefined]);
    const base = `http://127.0.0.1:${CERT_TOOLKIT_PORT}`;
    expect(calls.map((c) => [c.method, c.url.slice(base.length), c.body])).toEqual([
      ['POST', '/version', {}],
      ['POST', '/sign', { detached: true, serialNumber: '0a1b', store: 'MY', data: 'd', hash: 'SHA256' }],
      ['POST', '/verify', { signedData: 'S', data: 'd' }],
      ['POST', '/enc', { certificate: 'MIIB', data: 'd' }],
      ['POST', '/dec', { serialNumber: '0a1b', store: 'Address', encryptedData: 'E' }],
      ['POST', '/hash', { algorithm: 'SM3', data: 'd' }],
      ['POST', '/rand', { length: 16 }],
      ['POST', '/symm', { algorithm: 'SM4', mode: 'encrypt', key: 'K', data: 'd' }],
      ['POST', '/certs', { stores: ['Address'] }],
      ['POST', '/csr', { subject: '/CN=Alice', keyAlgorithm: 'SM2', keySize: 256 }],
      ['POST', '/install', { certificates: ['MIIB'], store: 'MY' }],
      ['POST', '/licence', { licence: 'LIC' }],
    ]);
  });

  it('shows its errors with their hex code; code 1 is the unimplemented method', async () => {
    const { fetch } = fakeFetch(() => ({ json: { code: 1, msg: '' } }));
    const info = await infoOf(toolkitClient({ fetch }).symm({ algorithm: 'AES', mode: 'decrypt', key: 'K', data: 'C' }));
    expect(certErrorText(info, (k) => k)).toBe('0x00000001 cert.toolkit.unimplemented');
  });

  it(`xinan asks a silent toolkit again, up to ${CERT_PORT_PROBE_ROUNDS} times, before telling the client timed out`, async () => {
    jest.useFakeTimers();
    // Silent on its first asking only (a busy machine): found on the second.
    let asked = 0;
    const slow = fakeFetch(() => (asked++ === 0 ? 'hang' : { json: { code: 0, data: { version: '2.0' } } }));
    let endpoint: string | undefined;
    void vendorFor('xinan', { fetch: slow.fetch }).probe().then((r) => (endpoint = r.endpoint));
    await jest.advanceTimersByTimeAsync(CERT_PORT_PROBE_MS);
    expect([endpoint, slow.calls.length]).toEqual([`http://127.0.0.1:${CERT_TOOLKIT_PORT}`, 2]);
    // Silent every time: the timeout, after the last round.
    const silent = fakeFetch(() => 'hang');
    const outcome = infoOf(vendorFor('xinan', { fetch: silent.fetch }).probe());
    await jest.advanceTimersByTimeAsync(ALL_ROUNDS_MS);
    expect([await outcome, silent.calls.length]).toMatchObject([{ kind: 'client', key: 'agentTimeout' }, CERT_PORT_PROBE_ROUNDS]);
    // Refused: told at once, not asked again.
    const refused = fakeFetch(() => 'refuse');
    expect(await infoOf(vendorFor('xinan', { fetch: refused.fetch }).probe())).toMatchObject({ kind: 'client' });
    expect(refused.calls.length).toBe(1);
    jest.useRealTimers();
  });

  it('is what xinan uses: probe by version, the listing, and key containers from it', async () => {
    const { fetch, calls } = fakeFetch((url) => (url.endsWith('/version') ? { json: { code: 0, data: { version: '2.0' } } } : { json: { code: 0, data: [WIRE_CERT, { ...WIRE_CERT, serialNumber: '0B', store: 'Address' }] } }));
    const vendor = vendorFor('xinan', { fetch });
    await expect(vendor.probe()).resolves.toEqual({ endpoint: `http://127.0.0.1:${CERT_TOOLKIT_PORT}` });
    await expect(vendor.keyContainers()).resolves.toEqual([{ name: 'alice', keyAlgorithm: 'RSA', certificates: ['0a1b', '0b'] }]);
    expect(calls.map((c) => c.url.slice(c.url.lastIndexOf('/')))).toEqual(['/version', '/certs']);
  });
});

describe('cfca: callbacks wrapped in promises', () => {
  /** A kit that answers later, as the vendor's does: the test releases each answer. */
  function laterKit() {
    const pending: { method: string; params: unknown; answer: (a: CfcaAnswer) => void }[] = [];
    const kit: CfcaKit = { call: (method, params, callback) => void pending.push({ method, params, answer: callback }) };
    return { kit, pending };
  }

  it('resolves when the callback comes, with the result read like the agent', async () => {
    const { kit, pending } = laterKit();
    const vendor = cfcaVendor({ kit });
    expect(vendor.asynchronous).toBe(true);
    const list = vendor.listCertificates();
    const signed = vendor.signDetached({ certificate: SM2_CERT, data: 'challenge' });
    expect(pending.map((p) => [p.method, p.params])).toEqual([
      ['SelectCertificates', { stores: ['MY', 'Address'] }],
      ['SignMessageDetached', { serialNumber: '0c', store: 'MY', data: 'challenge', hash: 'SM3' }],
    ]);
    pending[1]!.answer({ errorCode: 0, result: { signedData: 'SM2SIG' } });
    pending[0]!.answer({ errorCode: 0, result: [WIRE_CERT] });
    await expect(signed).resolves.toBe('SM2SIG');
    await expect(list).resolves.toEqual([CERT]);
  });

  it('rejects with the toolkit error of a failing callback and ignores a second callback', async () => {
    const { kit, pending } = laterKit();
    const p = cfcaVendor({ kit }).checkLicence('LIC');
    pending[0]!.answer({ errorCode: TOOLKIT_CODE.cancelled, errorMessage: 'user cancelled' });
    pending[0]!.answer({ errorCode: 0 });
    expect(await infoOf(p)).toEqual({ kind: 'toolkit', code: 0x80000010, name: 'cancelled', detail: 'user cancelled' });
  });

  it('turns a kit that throws into the local call failure', async () => {
    const kit: CfcaKit = {
      call: () => {
        throw new Error('CryptoKit not installed');
      },
    };
    expect(await infoOf(callKit(kit, 'GetVersion', {}))).toEqual({ kind: 'toolkit', code: 0x8000000c, name: 'localCall', detail: 'GetVersion: CryptoKit not installed' });
  });

  it(`rejects with agentTimeout when no callback comes within ${CERT_AGENT_TIMEOUT_MS} ms`, async () => {
    jest.useFakeTimers();
    try {
      const { kit } = laterKit();
      let outcome: unknown = 'pending';
      void cfcaVendor({ kit }).version().catch((e: CertError) => (outcome = e.info));
      await jest.advanceTimersByTimeAsync(CERT_AGENT_TIMEOUT_MS);
      expect(outcome).toMatchObject({ kind: 'client', key: 'agentTimeout' });
    } finally {
      jest.useRealTimers();
    }
  });
});

describe("cfca's kit over the reference agent", () => {
  it('probes the agent ports, posts each method to /cfca/{method} and hands the answer to the callback', async () => {
    const { fetch, calls } = fakeFetch((url) => (url.endsWith('/PortRight') ? { json: 'ok' } : { json: { errorCode: 0, result: { version: '5.0.1' } } }));
    const vendor = vendorFor('cfca', { fetch });
    await expect(vendor.version()).resolves.toBe('5.0.1');
    await expect(vendor.version()).resolves.toBe('5.0.1');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', `https://127.0.0.1:${P0}/PortRight`, undefined],
      ['POST', `https://127.0.0.1:${P0}/cfca/GetVersion`, {}],
      ['POST', `https://127.0.0.1:${P0}/cfca/GetVersion`, {}],
    ]);
  });

  it('answers the callback with the local call failure when no agent answers', async () => {
    const { fetch } = fakeFetch(() => 'refuse');
    const answers: CfcaAnswer[] = [];
    await new Promise<void>((resolve) =>
      httpCfcaKit({ fetch, ports: [P0!] }).call('GetVersion', {}, (a) => {
        answers.push(a);
        resolve();
      }),
    );
    expect(answers).toEqual([{ errorCode: TOOLKIT_CODE.localCall, errorMessage: `cert.agentUnavailable: ports ${P0}` }]);
  });
});

describe('the factory value', () => {
  it('chooses the adapter of each vendor and refuses an unknown one', () => {
    const { fetch } = fakeFetch(() => 'refuse');
    expect(['tianwei', 'tianwei2021', 'xinan', 'cfca'].map((f) => [vendorFor(f, { fetch }).factory, vendorFor(f, { fetch }).asynchronous])).toEqual([
      ['tianwei', false],
      ['tianwei2021', false],
      ['xinan', false],
      ['cfca', true],
    ]);
    expect(() => vendorFor('koal', { fetch })).toThrow(CertError);
    expect(() => vendorFor(undefined, { fetch })).toThrow('cert.unknownFactory: undefined');
  });
});
