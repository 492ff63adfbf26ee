/**
 * The HTTPS certificate of the agent's loopback server (tianwei's agent is HTTPS, shell §7):
 * a small CA of its own ("Treasury Test Agent TLS CA") and a server certificate for 127.0.0.1
 * and localhost, built with the test PKI's certificate builder. Kept next to the PKI
 * (agent-tls.json, and agent-ca.pem to trust in a browser or a test) and reused until it is
 * about to expire. Its own CA, not the PKI's: trusting it for TLS must not make the login
 * certificates' CA a web CA.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCertificate } from './pki/build';
import { generateKeyPair } from './pki/keys';

export const AGENT_TLS_FILE = 'agent-tls.json';
export const AGENT_CA_FILE = 'agent-ca.pem';
export const AGENT_TLS_CA_SUBJECT = '/C=CN/O=Treasury Portal Test/CN=Treasury Test Agent TLS CA';
const DAY = 86_400_000;
/** Browsers cap a server certificate's life at 398 days; stay under it. */
const SERVER_DAYS = 397;
/** Regenerated when less than this is left. */
const RENEW_BEFORE_DAYS = 7;

export interface AgentTls {
  caPem: string;
  certPem: string;
  keyPem: string;
  notAfter: string;
}

export function generateAgentTls(now: Date = new Date()): AgentTls {
  const t = now.getTime();
  const caKey = generateKeyPair('rsa', 2048);
  const ca = buildCertificate({
    subject: AGENT_TLS_CA_SUBJECT,
    issuer: AGENT_TLS_CA_SUBJECT,
    notBefore: new Date(t - DAY),
    notAfter: new Date(t + 10 * 365 * DAY),
    subjectKey: caKey,
    issuerKey: caKey,
    isCa: true,
    keyUsage: ['keyCertSign', 'cRLSign'],
  });
  const key = generateKeyPair('rsa', 2048);
  const notAfter = new Date(t + SERVER_DAYS * DAY);
  const server = buildCertificate({
    subject: '/C=CN/O=Treasury Portal Test/CN=127.0.0.1',
    issuer: AGENT_TLS_CA_SUBJECT,
    notBefore: new Date(t - DAY),
    notAfter,
    subjectKey: key,
    issuerKey: caKey,
    isCa: false,
    keyUsage: ['digitalSignature', 'keyEncipherment'],
    extraExtensions: [
      { extname: 'subjectAltName', array: [{ ip: '127.0.0.1' }, { dns: 'localhost' }] },
      { extname: 'extKeyUsage', array: [{ name: 'serverAuth' }] },
    ],
  });
  return { caPem: ca.pem, certPem: server.pem, keyPem: key.privateKey, notAfter: notAfter.toISOString() };
}

/** Reads `dir/agent-tls.json`, generating it (and agent-ca.pem) when absent or about to expire. */
export function loadOrGenerateAgentTls(dir: string, now: Date = new Date()): AgentTls {
  const file = join(dir, AGENT_TLS_FILE);
  if (existsSync(file)) {
    const tls = JSON.parse(readFileSync(file, 'utf8')) as AgentTls;
    if (Date.parse(tls.notAfter) - now.getTime() > RENEW_BEFORE_DAYS * DAY) {
      if (!existsSync(join(dir, AGENT_CA_FILE))) writeFileSync(join(dir, AGENT_CA_FILE), tls.caPem);
      return tls;
    }
  }
  const tls = generateAgentTls(now);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(tls, null, 2), { mode: 0o600 });
  writeFileSync(join(dir, AGENT_CA_FILE), tls.caPem);
  return tls;
}
