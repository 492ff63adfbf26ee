import { fromPromise } from 'xstate';
import type { BusinessRequestInput, ListCertificatesInput, NavigateInput, SignInput, SignOutput, ValidateCertInput, ValidFlag } from '../../machines/certificate.machine';
import { clientError } from '../../shared/cert-errors';
import { certUserName, listable, supportedBrowser, versionAtLeast } from '../../shared/cert-rules';
import { HEADERS } from '../../shared/constants';
import { cert, type AuthInfo, type VendorInfo } from '../../shared/contract/cert';
import type { BodyOf } from '../../shared/contract';
import { call } from '../http/call';
import { request, type RequestOptions } from '../http/client';
import { session } from '../storage';
import { vendorFor, type VendorDeps } from './factory';
import type { CertificateInfo, CertVendor } from './vendor';

/**
 * The certificate machine's effects for real (issue 14; docs/certificates-client.md "Using
 * it"): the server's certificate calls of the contract, the vendor's local agent, the business
 * call and the page change. Everything the browser gives (fetch, user agent, clock, location)
 * comes in as `CertEnvironment`, so the tests run it with doubles.
 */

/** The contract's certificate calls (src/shared/contract/cert.ts) through the app's client. */
export interface CertCalls {
  factoryAndLicense(body: BodyOf<typeof cert.factoryAndLicense>): Promise<VendorInfo>;
  authInfo(): Promise<AuthInfo>;
  validateCert(body: BodyOf<typeof cert.validateCert>): Promise<string>;
}

/** The component says a failure of these itself (its status line or warning): no toast as well. */
const quiet = { noErrorTip: true };

export const certCalls: CertCalls = {
  factoryAndLicense: (body) => call(cert.factoryAndLicense, body, quiet),
  authInfo: () => call(cert.authInfo, undefined, quiet),
  validateCert: (body) => call(cert.validateCert, body),
};

export interface CertEnvironment extends Omit<VendorDeps, 'fetch'> {
  fetch: VendorDeps['fetch'];
  calls: CertCalls;
  userAgent: () => string;
  now: () => number;
  /** The logged-in user's code: a certificate call naming no user names them (shell §5). */
  loggedInUserCode: () => string | null;
  /** The business call after a validation (shell §4 b). */
  request: (options: RequestOptions) => Promise<unknown>;
  /** Leaves the page (shell §4 b redirect, §4 c html function). */
  assign: (url: string) => void;
}

/** An html function's address with the component's parameters as its query (shell §4 c). */
export function withParams(url: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) query.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * The actors, sharing one vendor per factory: its probed agent endpoint is kept for the life of
 * the environment (the page's, for `browserCertActors`), so only the first listing probes.
 */
export function certActors(env: CertEnvironment) {
  const vendors = new Map<string, CertVendor>();
  const vendorOf = (factory: string): CertVendor => {
    let vendor = vendors.get(factory);
    if (!vendor) {
      vendor = vendorFor(factory, { fetch: env.fetch, ...(env.timers ? { timers: env.timers } : {}), ...(env.cfcaKit ? { cfcaKit: env.cfcaKit } : {}) });
      vendors.set(factory, vendor);
    }
    return vendor;
  };
  const userNameOf = (given: string | null) => certUserName(given, env.loggedInUserCode() ?? '') || null;

  return {
    /** Browser, vendor, agent, toolkit version, licence, then the listing by the client rules. */
    listCertificates: fromPromise<CertificateInfo[], ListCertificatesInput>(async ({ input }) => {
      const browser = supportedBrowser(env.userAgent());
      if (!browser.ok) throw browser.error;
      const info = await env.calls.factoryAndLicense({ userName: userNameOf(input.userName) });
      const vendor = vendorOf(info.factory);
      await vendor.probe();
      const version = await vendor.version();
      // Below the minimum is the toolkit's own "mismatching toolkit version" (DECISIONS "Toolkit version").
      const fits = versionAtLeast(version, info.minToolkitVersion);
      if (!fits.ok) throw fits.error;
      await vendor.checkLicence(info.license);
      const listed = listable(await vendor.listCertificates(), { issuerPattern: info.issuerPattern }, env.now());
      // Nothing left after the rules is the machine's `empty` state, which says so in the spec's
      // words; as a thrown error it would read "the certificates could not be read".
      if (!listed.ok && listed.error.info.kind === 'client' && listed.error.info.key === 'noLicensedCertificate') return [];
      if (!listed.ok) throw listed.error;
      return listed.value;
    }),
    /** A fresh one-time challenge from the server, signed detached by the chosen certificate. */
    sign: fromPromise<SignOutput, SignInput>(async ({ input }) => {
      if (!input.certificate) throw clientError('noCertificateSelected');
      const auth = await env.calls.authInfo();
      const signedData = await vendorOf(auth.factory).signDetached({ certificate: input.certificate, data: auth.challenge });
      return { signedData, challenge: auth.challenge };
    }),
    /** Business confirmation: the server checks the signature and answers the flag for funcCode. */
    validateCert: fromPromise<ValidFlag, ValidateCertInput>(({ input }) =>
      env.calls.validateCert({ signedData: input.signedData, userName: userNameOf(input.userName), challenge: input.challenge, funcCode: input.funcCode ?? '' }),
    ),
    /** The function's json call with the validation flag in the valid-flag header. */
    businessRequest: fromPromise<unknown, BusinessRequestInput>(({ input }) =>
      env.request({ url: input.url, method: input.method, data: input.params, headers: { [HEADERS.validFlag]: input.validFlag } }),
    ),
    navigate: fromPromise<void, NavigateInput>(async ({ input }) => env.assign(withParams(input.url, input.params))),
  };
}

export type CertActors = ReturnType<typeof certActors>;

let pageActors: CertActors | null = null;

/** The actors over the browser itself, one set per page (so one probed agent per page). */
export function browserCertActors(): CertActors {
  return (pageActors ??= certActors({
    fetch: (url, init) => window.fetch(url, init),
    calls: certCalls,
    userAgent: () => navigator.userAgent,
    now: () => Date.now(),
    loggedInUserCode: () => session.get('loginUserInfo')?.userCode ?? null,
    request: (options) => request(options),
    assign: (url) => window.location.assign(url),
  }));
}
