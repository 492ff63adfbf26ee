import { clientError } from '../../shared/cert-errors';
import { CERT_FACTORIES } from '../../shared/constants';
import { agentVendor } from './agent-vendor';
import { cfcaVendor, httpCfcaKit, type CfcaKit } from './cfca-vendor';
import type { Timers } from './transport';
import type { CertFactory, CertVendor, FetchLike } from './vendor';
import { xinanVendor } from './xinan-vendor';

export const isCertFactory = (v: unknown): v is CertFactory => typeof v === 'string' && (CERT_FACTORIES as readonly string[]).includes(v);

export interface VendorDeps {
  fetch: FetchLike;
  timers?: Timers;
  /** cfca's kit when the vendor's own is in the page; default: over the reference agent. */
  cfcaKit?: CfcaKit;
  /** Where the local programs listen: the spec's loopback ports unless a test's agent took others. */
  endpoints?: { host?: string; agentPorts?: readonly number[]; toolkitPort?: number };
}

/** The adapter for `data.factory` of queryFactoryAndLicense; an unknown value is unknownFactory. */
export function vendorFor(factory: unknown, deps: VendorDeps): CertVendor {
  if (!isCertFactory(factory)) throw clientError('unknownFactory', String(factory));
  const timers = deps.timers ? { timers: deps.timers } : {};
  const { host, agentPorts, toolkitPort } = deps.endpoints ?? {};
  const at = { ...(host ? { host } : {}), ...(agentPorts ? { ports: agentPorts } : {}) };
  switch (factory) {
    case 'tianwei':
    case 'tianwei2021':
      return agentVendor({ factory, fetch: deps.fetch, ...timers, ...at });
    case 'xinan':
      return xinanVendor({ fetch: deps.fetch, ...timers, ...(host ? { host } : {}), ...(toolkitPort ? { port: toolkitPort } : {}) });
    case 'cfca':
      return cfcaVendor({ kit: deps.cfcaKit ?? httpCfcaKit({ fetch: deps.fetch, ...timers, ...at }), ...timers });
  }
}
