import { describe, expect, it } from '@jest/globals';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { certErrorText, TOOLKIT_CODE, type CertErrorInfo } from '../../src/shared/cert-errors';
import { CERT_AGENT_PORTS, HEADERS } from '../../src/shared/constants';
import { certFailure, wireCertificate } from '../support/listed-certificates';
import { certActors, withParams, type CertCalls, type CertEnvironment } from '../../src/services/cert/actors';
import type { AuthInfo, VendorInfo } from '../../src/shared/contract/cert';
import type { CertificateInfo, FetchLike } from '../../src/services/cert/vendor';
import type { RequestOptions } from '../../src/services/http/client';

/**
 * The certificate machine's real effects (src/services/cert/actors.ts) over doubles: a fetch
 * double playing the tianwei agent's wire (docs/certificates-client.md) and a double of the
 * contract's certificate calls. What is checked: the order of the client rules, what goes to
 * the server and the agent, and every failure as a CertError (hex code for the toolkit's).
 */

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const NOW = Date.UTC(2026, 5, 1);
const [PORT] = CERT_AGENT_PORTS;
const AGENT = `https://127.0.0.1:${PORT}`;

const wire = wireCertificate;
// One fit to sign; one expired; one of another issuer; one that cannot sign.
const LISTED = [wire('0a01'), wire('0a02', { notAfter: '2026-02-01T00:00:00Z' }), wire('0a03', { issuer: '/C=CN/O=Elsewhere/CN=Other CA' }), wire('0a04', { keyUsage: 32 })];
const VENDOR: VendorInfo = { factory: 'tianwei', license: 'LICENCE-1', issuerPattern: 'O=Test Treasury CA', minToolkitVersion: '1.2.9' };

type Agent = { version?: string; certs?: unknown[]; licence?: number; sign?: number };

/** The agent's wire: the first port answers the probe; operations answer `{ code, msg, data }`. */
function agentFetch(agent: Agent = {}) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const answer = (code: number, data: unknown = null) => ({ ok: true, status: 200, json: async () => ({ code, msg: '', data }) });
  const fetch: FetchLike = async (url, init) => {
    const body = init.body === undefined ? undefined : JSON.parse(init.body);
    calls.push({ url, method: init.method, body });
    if (!url.startsWith(AGENT)) throw new TypeError('Failed to fetch');
    const op = url.slice(AGENT.length + 1);
    if (op === 'PortRight') return { ok: true, status: 200, json: async () => ({}) };
    if (op === 'version') return answer(0, { version: agent.version ?? '1.2.10' });
    if (op === 'licence') return answer(agent.licence ?? 0);
    if (op === 'certs') return answer(0, agent.certs ?? LISTED);
    if (op === 'sign') return answer(agent.sign ?? 0, agent.sign ? null : { signedData: 'MIIB-SIGNED' });
    return answer(TOOLKIT_CODE.unimplemented);
  };
  return { fetch, calls, ops: () => calls.map((c) => c.url.slice(AGENT.length + 1)) };
}

/** The contract's certificate calls, recorded; the server's answers given. */
function serverCalls(over: Partial<CertCalls> = {}) {
  const sent: Array<[string, unknown]> = [];
  const calls: CertCalls = {
    factoryAndLicense: async (body) => (sent.push(['factoryAndLicense', body]), VENDOR),
    authInfo: async () => (sent.push(['authInfo', undefined]), { ...VENDOR, challenge: 'Q2hhbGxlbmdlLTEyOC1iaXRzLW9r', expiresAt: NOW + 60_000 } satisfies AuthInfo),
    validateCert: async (body) => (sent.push(['validateCert', body]), 'FLAG-7'),
    ...over,
  };
  return { calls, sent };
}

function setup(options: { agent?: Agent; calls?: Partial<CertCalls>; userAgent?: string; user?: string | null } = {}) {
  const agent = agentFetch(options.agent);
  const server = serverCalls(options.calls);
  const requests: RequestOptions[] = [];
  const assigned: string[] = [];
  const env: CertEnvironment = {
    fetch: agent.fetch,
    calls: server.calls,
    userAgent: () => options.userAgent ?? CHROME,
    now: () => NOW,
    loggedInUserCode: () => (options.user === undefined ? 'staff' : options.user),
    request: async (o) => (requests.push(o), { saved: true }),
    assign: (url) => void assigned.push(url),
  };
  return { actors: certActors(env), agent, server, requests, assigned };
}

const run = <T>(logic: AnyActorLogic, input: unknown) => toPromise(createActor(logic, { input }).start()) as Promise<T>;
// The messages' shape as the view says them: hex + message for the toolkit's, the message alone otherwise.
const say = (info: CertErrorInfo) => certErrorText(info, (key, params) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`);

describe('listCertificates: the client rules in order, then the listing', () => {
  it('asks the vendor for the user, probes the agent, checks version and licence, and offers only what the rules keep', async () => {
    const { actors, agent, server } = setup();
    const listed = await run<CertificateInfo[]>(actors.listCertificates, { userName: 'u1' });
    expect(listed.map((c) => c.serialNumber)).toEqual(['0a01']);
    expect(server.sent).toEqual([['factoryAndLicense', { userName: 'u1' }]]);
    expect(agent.ops()).toEqual(['PortRight', 'version', 'licence', 'certs']);
    expect(agent.calls.find((c) => c.url.endsWith('/licence'))!.body).toEqual({ licence: 'LICENCE-1' });
  });

  it('names the logged-in user when none is given, and keeps the probed agent for the page: a second listing does not probe', async () => {
    const { actors, agent, server } = setup();
    await run(actors.listCertificates, { userName: null });
    await run(actors.listCertificates, { userName: '' });
    expect(server.sent).toEqual([
      ['factoryAndLicense', { userName: 'staff' }],
      ['factoryAndLicense', { userName: 'staff' }],
    ]);
    expect(agent.ops().filter((op) => op === 'PortRight')).toHaveLength(1);
  });

  it('with nobody logged in and no name given, names no user', async () => {
    const { actors, server } = setup({ user: null });
    await run(actors.listCertificates, { userName: null });
    expect(server.sent).toEqual([['factoryAndLicense', { userName: null }]]);
  });

  it('refuses an unsupported browser before calling anyone', async () => {
    const { actors, agent, server } = setup({ userAgent: SAFARI });
    const info = await certFailure(run(actors.listCertificates, { userName: 'u1' }));
    expect(info).toMatchObject({ kind: 'client', key: 'unsupportedBrowser' });
    expect([server.sent, agent.calls]).toEqual([[], []]);
  });

  it('refuses a toolkit below the minimum version as the toolkit\'s version mismatch (hex code), before the licence', async () => {
    const { actors, agent } = setup({ agent: { version: '1.2.8' } });
    const info = await certFailure(run(actors.listCertificates, { userName: 'u1' }));
    expect(info).toMatchObject({ kind: 'toolkit', code: TOOLKIT_CODE.versionMismatch });
    expect(say(info)).toBe('0x8000000B cert.toolkit.versionMismatch');
    expect(agent.ops()).not.toContain('licence');
  });

  it('passes the toolkit\'s licence refusal on with its hex code, without listing', async () => {
    const { actors, agent } = setup({ agent: { licence: TOOLKIT_CODE.invalidLicence } });
    const info = await certFailure(run(actors.listCertificates, { userName: 'u1' }));
    expect(say(info)).toBe('0x8000000A cert.toolkit.invalidLicence');
    expect(agent.ops()).not.toContain('certs');
  });

  it('an empty list after the rules answers no certificate: the machine\'s empty state says "no licensed certificate"', async () => {
    const { actors } = setup({ agent: { certs: [LISTED[1], LISTED[2]] } });
    await expect(run(actors.listCertificates, { userName: 'u1' })).resolves.toEqual([]);
  });

  it('no agent answering is agentUnavailable; the server\'s refusal is passed on as it came', async () => {
    const refused = new Error('没有配置证书厂商');
    const { actors } = setup({ calls: { factoryAndLicense: async () => Promise.reject(refused) } });
    await expect(run(actors.listCertificates, { userName: 'u1' })).rejects.toBe(refused);
    const offline = setup();
    const env = { ...offline, actors: certActors({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')), calls: offline.server.calls, userAgent: () => CHROME, now: () => NOW, loggedInUserCode: () => null, request: async () => null, assign: () => undefined }) };
    expect(await certFailure(run(env.actors.listCertificates, { userName: 'u1' }))).toMatchObject({ kind: 'client', key: 'agentUnavailable' });
  });
});

describe('sign, validateCert, the business call and navigation', () => {
  const chosen = async (actors: ReturnType<typeof setup>['actors']) => (await run<CertificateInfo[]>(actors.listCertificates, { userName: 'u1' }))[0]!;

  it('signs a fresh server challenge with the chosen certificate and hands both on', async () => {
    const { actors, agent, server } = setup();
    const certificate = await chosen(actors);
    const out = await run(actors.sign, { certificate, userName: 'u1' });
    expect(out).toEqual({ signedData: 'MIIB-SIGNED', challenge: 'Q2hhbGxlbmdlLTEyOC1iaXRzLW9r' });
    expect(server.sent.at(-1)).toEqual(['authInfo', undefined]);
    expect(agent.calls.at(-1)!.body).toMatchObject({ serialNumber: '0a01', store: 'MY', data: 'Q2hhbGxlbmdlLTEyOC1iaXRzLW9r', detached: true });
  });

  it('a refusal at the key is a toolkit error with its hex code', async () => {
    const { actors } = setup({ agent: { sign: TOOLKIT_CODE.cancelled } });
    const certificate = await chosen(actors);
    expect(say(await certFailure(run(actors.sign, { certificate, userName: 'u1' })))).toBe('0x80000010 cert.toolkit.cancelled');
  });

  it('validateCert sends the signature, the challenge and the function, and answers the server\'s flag', async () => {
    const { actors, server } = setup();
    const flag = await run(actors.validateCert, { signedData: 'MIIB-SIGNED', userName: null, challenge: 'Q2hhbGxlbmdlLTEyOC1iaXRzLW9r', funcCode: '/pay/submit', serialNumber: '0a01' });
    expect(flag).toBe('FLAG-7');
    expect(server.sent).toEqual([['validateCert', { signedData: 'MIIB-SIGNED', userName: 'staff', challenge: 'Q2hhbGxlbmdlLTEyOC1iaXRzLW9r', funcCode: '/pay/submit' }]]);
  });

  it('the business call carries the flag in valid-flag; an html function is opened with its parameters as query', async () => {
    const { actors, requests, assigned } = setup();
    expect(await run(actors.businessRequest, { url: '/api/fsmc/pay/submit', method: 'PUT', params: { id: 7 }, validFlag: 'FLAG-7' })).toEqual({ saved: true });
    expect(requests).toEqual([{ url: '/api/fsmc/pay/submit', method: 'PUT', data: { id: 7 }, headers: { [HEADERS.validFlag]: 'FLAG-7' } }]);
    await run(actors.navigate, { url: '/pay/detail', params: { id: 7, tab: 'a b' } });
    expect(assigned).toEqual(['/pay/detail?id=7&tab=a+b']);
    expect(withParams('/x?y=1', {})).toBe('/x?y=1');
    expect(withParams('/x?y=1', { z: 2, no: null })).toBe('/x?y=1&z=2');
  });
});
