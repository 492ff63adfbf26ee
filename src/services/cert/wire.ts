import { clientError } from '../../shared/cert-errors';
import { CERT_STORES } from '../../shared/constants';
import type { CertificateInfo, KeyContainer } from './vendor';

/**
 * Reading what an agent answers into the interface's types, refusing anything else
 * (agentProtocol): the agent is another program, and the rules must not meet half a certificate.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string';

/** Epoch ms from a number or an ISO 8601 string. */
function instant(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (str(v)) {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

export function readCertificate(v: unknown): CertificateInfo {
  const bad = (why: string) => clientError('agentProtocol', `certificate: ${why}`);
  if (!isRecord(v)) throw bad('not an object');
  const { serialNumber, subject, commonName, issuer, keyUsage, keyAlgorithm, keySize, store, certificate, container } = v;
  const notBefore = instant(v.notBefore);
  const notAfter = instant(v.notAfter);
  if (!str(serialNumber) || !/^[0-9a-fA-F]+$/.test(serialNumber)) throw bad('serialNumber');
  if (!str(subject) || !str(issuer)) throw bad('subject or issuer');
  if (notBefore === null || notAfter === null) throw bad('validity');
  if (typeof keyUsage !== 'number' || !Number.isInteger(keyUsage)) throw bad('keyUsage');
  if (keyAlgorithm !== 'RSA' && keyAlgorithm !== 'SM2') throw bad('keyAlgorithm');
  if (typeof keySize !== 'number') throw bad('keySize');
  if (!(CERT_STORES as readonly unknown[]).includes(store)) throw bad('store');
  if (!str(certificate) || certificate === '') throw bad('certificate');
  const cn = str(commonName) ? commonName : (/\/CN=([^/]*)/.exec(subject)?.[1] ?? subject);
  return {
    serialNumber: serialNumber.toLowerCase(),
    subject,
    commonName: cn,
    issuer,
    notBefore,
    notAfter,
    keyUsage,
    keyAlgorithm,
    keySize,
    store: store as CertificateInfo['store'],
    certificate,
    ...(str(container) ? { container } : {}),
  };
}

export function readList<T>(v: unknown, read: (x: unknown) => T, what: string): T[] {
  if (!Array.isArray(v)) throw clientError('agentProtocol', `${what}: not a list`);
  return v.map(read);
}

export function readContainer(v: unknown): KeyContainer {
  if (!isRecord(v) || !str(v.name) || (v.keyAlgorithm !== 'RSA' && v.keyAlgorithm !== 'SM2') || !Array.isArray(v.certificates) || !v.certificates.every(str)) throw clientError('agentProtocol', 'key container');
  return { name: v.name, keyAlgorithm: v.keyAlgorithm, certificates: v.certificates.map((s) => s.toLowerCase()) };
}

export function readField<T>(data: unknown, field: string, test: (x: unknown) => x is T): T {
  if (!isRecord(data) || !test(data[field])) throw clientError('agentProtocol', `answer without ${field}`);
  return data[field] as T;
}
export const isString = (x: unknown): x is string => typeof x === 'string';
export const isBoolean = (x: unknown): x is boolean => typeof x === 'boolean';
