import fs from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { loadTrust, type TrustStore } from '../services/cert/verify';
import { loadOrGeneratePki } from '../../agent/pki/generate';

/**
 * What certificate login and confirmation trust (docs/certificates.md, "Configuration"): the
 * configured CA certificates and CRLs, or, outside production with none configured, the
 * development test PKI the reference agent holds the keys of. `get()` answers null when nothing
 * is trusted (production without CERT_CA_FILES): the certificate calls then answer 2919.
 */
/** The trust store with the licence's issuer pattern as configured (RegExp.source would escape its slashes). */
export type CertTrustStore = TrustStore & { issuerPatternText: string };

export interface CertTrust {
  get(): CertTrustStore | null;
  /** True when the trust is the generated test PKI (logged at start, documented). */
  readonly testPki: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    certTrust: CertTrust;
  }
}

/** Every PEM block of a file (a CA file may hold several certificates, a CRL file several CRLs); a DER file as hex. */
export function readPemBlocks(file: string, label: 'CERTIFICATE' | 'X509 CRL'): string[] {
  const bytes = fs.readFileSync(file);
  const text = bytes.toString('latin1');
  const blocks = text.match(new RegExp(`-----BEGIN ${label}-----[\\s\\S]+?-----END ${label}-----`, 'g'));
  if (blocks) return blocks;
  if (bytes[0] === 0x30) return [bytes.toString('hex')];
  throw new Error(`${file} holds no ${label}`);
}

/**
 * Configured CAs are read at start, so a bad file stops the server there, not at the first
 * login. The generated test PKI is loaded (generated when absent, about a second) on the first
 * certificate call instead, once per process: every other test and development start would
 * otherwise pay for it, and parallel test processes race to write the same file.
 */
export function certTrustOf(config: ServerConfig): CertTrust {
  if (config.certCaFiles.length) {
    if (!config.certIssuerPattern) throw new Error('CERT_ISSUER_PATTERN must be set with CERT_CA_FILES (the licence covers which issuers)');
    const issuerPattern = config.certIssuerPattern;
    const store: CertTrustStore = {
      ...loadTrust({
        caCertificatesPem: config.certCaFiles.flatMap((f) => readPemBlocks(f, 'CERTIFICATE')),
        crlsPem: config.certCrlFiles.flatMap((f) => readPemBlocks(f, 'X509 CRL')),
        issuerPattern,
        requireCrl: config.certRequireCrl,
      }),
      issuerPatternText: issuerPattern,
    };
    return { get: () => store, testPki: false };
  }
  if (config.production) return { get: () => null, testPki: false };
  let store: CertTrustStore | undefined;
  return {
    testPki: true,
    get() {
      if (!store) {
        const { trust } = loadOrGeneratePki(config.certPkiDir);
        const issuerPattern = config.certIssuerPattern ?? trust.issuerPattern;
        store = { ...loadTrust({ ...trust, issuerPattern, requireCrl: config.certRequireCrl }), issuerPatternText: issuerPattern };
      }
      return store;
    },
  };
}

export default fp(async function certTrust(app: FastifyInstance) {
  app.decorate('certTrust', certTrustOf(app.config));
  if (app.certTrust.testPki) app.log.info(`certificates: trusting the development test PKI in ${app.config.certPkiDir}`);
});
