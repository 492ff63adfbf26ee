import { hashFor } from '../../shared/cert-rules';
import { CERT_PORT_PROBE_ROUNDS, CERT_STORES } from '../../shared/constants';
import { isCertError } from '../../shared/cert-errors';
import { globalTimers, type Timers } from './transport';
import { toolkitClient } from './toolkit';
import type { CertStore, CertVendor, FetchLike, KeyContainer } from './vendor';

/**
 * xinan: the vendor's toolkit service on loopback port CERT_TOOLKIT_PORT (shell §7). The spec
 * does not say which flavour uses which local program; xinan is the one that uses the toolkit
 * alone (docs/certificates-client.md). Key containers are read from the certificates' listing.
 */
export function xinanVendor({ fetch, timers = globalTimers, host, port }: { fetch: FetchLike; timers?: Timers; host?: string; port?: number }): CertVendor {
  const toolkit = toolkitClient({ fetch, timers, ...(host ? { host } : {}), ...(port ? { port } : {}) });
  return {
    factory: 'xinan',
    asynchronous: false,
    // As the agent's port probe: a toolkit silent past the probe's time is asked again, waiting
    // twice as long each time (certProbeMs), up to CERT_PORT_PROBE_ROUNDS times (a busy machine's first answer can take longer than 100 ms,
    // and its user would be told the client timed out); one that refuses is told at once.
    probe: async () => {
      for (let round = 0; ; round++) {
        try {
          await toolkit.probeVersion(round);
          return { endpoint: toolkit.base };
        } catch (e) {
          const silent = isCertError(e) && e.info.kind === 'client' && e.info.key === 'agentTimeout';
          if (!silent || round + 1 >= CERT_PORT_PROBE_ROUNDS) throw e;
        }
      }
    },
    version: () => toolkit.version(),
    checkLicence: (licence) => toolkit.licence(licence),
    listCertificates: (stores: readonly CertStore[] = CERT_STORES) => toolkit.certs(stores),
    signDetached: async ({ certificate, data, hash }) => {
      const h = hashFor(certificate.keyAlgorithm, hash);
      if (!h.ok) throw h.error;
      return toolkit.sign({ serialNumber: certificate.serialNumber, store: certificate.store, data, hash: h.value });
    },
    verify: (request) => toolkit.verify(request),
    keyContainers: async () => {
      const byName = new Map<string, KeyContainer>();
      for (const c of await toolkit.certs(CERT_STORES)) {
        if (!c.container) continue;
        const k = byName.get(c.container) ?? { name: c.container, keyAlgorithm: c.keyAlgorithm, certificates: [] };
        k.certificates.push(c.serialNumber);
        byName.set(c.container, k);
      }
      return [...byName.values()];
    },
  };
}
