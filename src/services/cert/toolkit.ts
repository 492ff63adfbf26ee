import { CERT_AGENT_TIMEOUT_MS, CERT_TOOLKIT_PORT, certProbeMs } from '../../shared/constants';
import { callJson, globalTimers, type Timers } from './transport';
import type { CertStore, FetchLike, HashAlgorithm } from './vendor';
import { isString, readCertificate, readField, readList } from './wire';

/**
 * The local certificate toolkit service (shell §7): loopback port CERT_TOOLKIT_PORT, one POST
 * JSON operation per path, answering `{ code, msg, data }`; a non-zero code is a toolkit error
 * of the §8 table. Payload field names are ours (the spec names only the operations):
 * docs/certificates-client.md.
 */

export type SymmetricAlgorithm = 'SM4' | 'AES';

export interface ToolkitOptions {
  fetch: FetchLike;
  timers?: Timers;
  host?: string;
  port?: number;
}

export function toolkitClient({ fetch, timers = globalTimers, host = '127.0.0.1', port = CERT_TOOLKIT_PORT }: ToolkitOptions) {
  const base = `http://${host}:${port}`;
  const op = (path: string, body: unknown, timeoutMs = CERT_AGENT_TIMEOUT_MS) => callJson(`${base}/${path}`, { fetch, timers, timeoutMs, body });
  const text = async (path: string, body: unknown, field: string) => readField(await op(path, body), field, isString);

  return {
    base,
    /** Answers quickly or not at all: the probe's budget, not an operation's. */
    version: (timeoutMs = CERT_AGENT_TIMEOUT_MS) => op('version', {}, timeoutMs).then((d) => readField(d, 'version', isString)),
    probeVersion: (round = 0) => op('version', {}, certProbeMs(round)).then((d) => readField(d, 'version', isString)),
    licence: async (licence: string) => {
      await op('licence', { licence });
    },
    certs: async (stores: readonly CertStore[]) => readList(await op('certs', { stores }), readCertificate, 'certificates'),
    /** Detached PKCS#7/CMS over the UTF-8 bytes of data; base64 DER. */
    sign: (p: { serialNumber: string; store: CertStore; data: string; hash: HashAlgorithm; detached?: boolean }) => text('sign', { detached: true, ...p }, 'signedData'),
    verify: async (p: { signedData: string; data: string }) => readField(await op('verify', p), 'valid', (x): x is boolean => typeof x === 'boolean'),
    /** Envelope (PKCS#7 EnvelopedData) for the certificate's key; base64 DER. */
    enc: (p: { certificate: string; data: string }) => text('enc', p, 'encryptedData'),
    dec: (p: { serialNumber: string; store: CertStore; encryptedData: string }) => text('dec', p, 'data'),
    /** Digest as lowercase hex. */
    hash: (p: { algorithm: HashAlgorithm; data: string }) => text('hash', p, 'digest'),
    /** Random bytes, base64. */
    rand: (p: { length: number }) => text('rand', p, 'random'),
    symm: (p: { algorithm: SymmetricAlgorithm; mode: 'encrypt' | 'decrypt'; key: string; iv?: string; data: string }) => text('symm', p, 'data'),
    /** PKCS#10 request, base64 DER. */
    csr: (p: { subject: string; keyAlgorithm: 'RSA' | 'SM2'; keySize: number; container?: string }) => text('csr', p, 'csr'),
    install: async (p: { certificates: string[]; store: CertStore; container?: string }) => {
      await op('install', p);
    },
  };
}
export type ToolkitClient = ReturnType<typeof toolkitClient>;
