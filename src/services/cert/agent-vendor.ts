import { hashFor } from '../../shared/cert-rules';
import { clientError, isCertError } from '../../shared/cert-errors';
import { CERT_AGENT_PORTS, CERT_AGENT_TIMEOUT_MS, CERT_PORT_PROBE_ROUNDS, CERT_STORES, certProbeMs } from '../../shared/constants';
import { callJson, globalTimers, withTimeout, type Timers } from './transport';
import type { CertFactory, CertStore, CertVendor, FetchLike, SignRequest, VerifyRequest } from './vendor';
import { isBoolean, isString, readCertificate, readContainer, readField, readList } from './wire';

/**
 * tianwei and tianwei2021 (shell §7): a local agent over HTTPS on one of CERT_AGENT_PORTS.
 * The probe asks GET /PortRight on each port in the spec's order, CERT_PORT_PROBE_MS each, and
 * the first that answers is used for the page's life; operations are POST JSON with
 * CERT_AGENT_TIMEOUT_MS (docs/certificates-client.md has the wire).
 */

export interface AgentVendorOptions {
  factory: Extract<CertFactory, 'tianwei' | 'tianwei2021'>;
  fetch: FetchLike;
  timers?: Timers;
  host?: string;
  ports?: readonly number[];
}

/**
 * The first port, in the given order, whose GET /PortRight answers within CERT_PORT_PROBE_MS; its
 * base URL. A round in which no port answered but some were silent past the probe's time asks
 * those again, each round waiting twice as long (certProbeMs), up to CERT_PORT_PROBE_ROUNDS rounds: a busy machine can take longer than 100 ms over the
 * first HTTPS handshake with a running agent, and its user would otherwise be told no client
 * runs. Refused ports are not asked again, so a machine without an agent is told at once.
 */
export async function probeAgentPorts(fetch: FetchLike, timers: Timers = globalTimers, host = '127.0.0.1', ports: readonly number[] = CERT_AGENT_PORTS): Promise<string> {
  let asking = ports;
  for (let round = 0; round < CERT_PORT_PROBE_ROUNDS && asking.length > 0; round++) {
    const silent: number[] = [];
    for (const port of asking) {
      const base = `https://${host}:${port}`;
      try {
        const res = await withTimeout(certProbeMs(round), timers, (signal) => fetch(`${base}/PortRight`, { method: 'GET', signal }));
        if (res.ok) return base;
      } catch (e) {
        // Not this port: closed, refused, or slower than the probe allows (asked again next round).
        if (isCertError(e) && e.info.kind === 'client' && e.info.key === 'agentTimeout') silent.push(port);
      }
    }
    asking = silent;
  }
  throw clientError('agentUnavailable', `ports ${ports.join(', ')}`);
}

export function agentVendor(options: AgentVendorOptions): CertVendor {
  const { factory, fetch, timers = globalTimers, host = '127.0.0.1', ports = CERT_AGENT_PORTS } = options;
  let endpoint: Promise<string> | null = null;

  function found(): Promise<string> {
    endpoint ??= probeAgentPorts(fetch, timers, host, ports).catch((e: unknown) => {
      endpoint = null; // the user may start the agent and try again
      throw e;
    });
    return endpoint;
  }

  async function op(path: string, body: unknown = {}): Promise<unknown> {
    const base = await found();
    return callJson(`${base}/${path}`, { fetch, timers, timeoutMs: CERT_AGENT_TIMEOUT_MS, body });
  }

  return {
    factory,
    asynchronous: false,
    probe: async () => ({ endpoint: await found() }),
    version: async () => readField(await op('version'), 'version', isString),
    checkLicence: async (licence: string) => {
      await op('licence', { licence });
    },
    listCertificates: async (stores: readonly CertStore[] = CERT_STORES) => readList(await op('certs', { stores }), readCertificate, 'certificates'),
    signDetached: async ({ certificate, data, hash }: SignRequest) => {
      const h = hashFor(certificate.keyAlgorithm, hash);
      if (!h.ok) throw h.error;
      return readField(await op('sign', { serialNumber: certificate.serialNumber, store: certificate.store, data, hash: h.value, detached: true }), 'signedData', isString);
    },
    verify: async ({ signedData, data }: VerifyRequest) => readField(await op('verify', { signedData, data }), 'valid', isBoolean),
    keyContainers: async () => readList(await op('containers'), readContainer, 'key containers'),
  };
}
