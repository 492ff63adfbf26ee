import { hashFor } from '../../shared/cert-rules';
import { clientError, isCertError, toolkitError, TOOLKIT_CODE, TOOLKIT_OK } from '../../shared/cert-errors';
import { CERT_AGENT_TIMEOUT_MS, CERT_STORES } from '../../shared/constants';
import { probeAgentPorts } from './agent-vendor';
import { globalTimers, withTimeout, type Timers } from './transport';
import type { CertStore, CertVendor, FetchLike } from './vendor';
import { isBoolean, isString, readCertificate, readContainer, readField, readList } from './wire';

/**
 * cfca, the asynchronous flavour (shell §4): its kit takes a call and answers later through a
 * callback, as the vendor's browser kit does. Each call is wrapped in a promise that settles on
 * the first callback (a second one is ignored) or rejects after CERT_AGENT_TIMEOUT_MS.
 */

export type CfcaMethod = 'GetVersion' | 'CheckLicense' | 'SelectCertificates' | 'SignMessageDetached' | 'VerifyMessageDetached' | 'GetKeyContainers';

export interface CfcaAnswer {
  /** 0 success; otherwise a toolkit code of the §8 table. */
  errorCode: number;
  errorMessage?: string;
  result?: unknown;
}

/** The kit: the vendor's object in the page, or httpCfcaKit for the reference agent. */
export interface CfcaKit {
  call(method: CfcaMethod, params: Record<string, unknown>, callback: (answer: CfcaAnswer) => void): void;
}

export function callKit(kit: CfcaKit, method: CfcaMethod, params: Record<string, unknown>, timers: Timers = globalTimers): Promise<unknown> {
  return withTimeout(
    CERT_AGENT_TIMEOUT_MS,
    timers,
    () =>
      new Promise<unknown>((resolve, reject) => {
        let settled = false;
        try {
          kit.call(method, params, (answer) => {
            if (settled) return;
            settled = true;
            if (!answer || typeof answer.errorCode !== 'number') reject(clientError('agentProtocol', `${method}: no errorCode`));
            else if (answer.errorCode !== TOOLKIT_OK) reject(toolkitError(answer.errorCode, answer.errorMessage || undefined));
            else resolve(answer.result);
          });
        } catch (e) {
          settled = true;
          reject(isCertError(e) ? e : toolkitError(TOOLKIT_CODE.localCall, `${method}: ${e instanceof Error ? e.message : String(e)}`));
        }
      }),
  );
}

/**
 * The kit over the reference agent: POST {base}/cfca/{method} with the params, the answer
 * `{ errorCode, errorMessage?, result? }` handed to the callback. The base is the first agent
 * port that answers the probe.
 */
export function httpCfcaKit({ fetch, timers = globalTimers, host, ports }: { fetch: FetchLike; timers?: Timers; host?: string; ports?: readonly number[] }): CfcaKit {
  let base: Promise<string> | null = null;
  return {
    call(method, params, callback) {
      base ??= probeAgentPorts(fetch, timers, host, ports).catch((e: unknown) => {
        base = null;
        throw e;
      });
      base
        .then((b) => fetch(`${b}/cfca/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(params) }))
        .then((res) => res.json())
        .then(
          (answer) => callback(answer as CfcaAnswer),
          (e: unknown) => callback(isCertError(e) && e.info.kind === 'toolkit' ? { errorCode: e.info.code } : { errorCode: TOOLKIT_CODE.localCall, errorMessage: e instanceof Error ? e.message : String(e) }),
        );
    },
  };
}

export function cfcaVendor({ kit, timers = globalTimers }: { kit: CfcaKit; timers?: Timers }): CertVendor {
  const call = (method: CfcaMethod, params: Record<string, unknown> = {}) => callKit(kit, method, params, timers);
  return {
    factory: 'cfca',
    asynchronous: true,
    probe: async () => ({ endpoint: `cfca:${readField(await call('GetVersion'), 'version', isString)}` }),
    version: async () => readField(await call('GetVersion'), 'version', isString),
    checkLicence: async (licence) => {
      await call('CheckLicense', { licence });
    },
    listCertificates: async (stores: readonly CertStore[] = CERT_STORES) => readList(await call('SelectCertificates', { stores }), readCertificate, 'certificates'),
    signDetached: async ({ certificate, data, hash }) => {
      const h = hashFor(certificate.keyAlgorithm, hash);
      if (!h.ok) throw h.error;
      return readField(await call('SignMessageDetached', { serialNumber: certificate.serialNumber, store: certificate.store, data, hash: h.value }), 'signedData', isString);
    },
    verify: async ({ signedData, data }) => readField(await call('VerifyMessageDetached', { signedData, data }), 'valid', isBoolean),
    keyContainers: async () => readList(await call('GetKeyContainers'), readContainer, 'key containers'),
  };
}
