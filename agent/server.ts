/**
 * The reference local agent (issue 14 point 6): one loopback-only process answering every
 * certificate vendor's wire (docs/certificates-client.md "Wire protocols"):
 * - tianwei / tianwei2021: HTTPS on the agent ports (GET /PortRight, POST /{op}), and cfca's
 *   kit over the same server (POST /cfca/{Method});
 * - the toolkit service (xinan): plain HTTP on CERT_TOOLKIT_PORT, POST /{op};
 * - the control endpoint: plain HTTP, failures and disguises for tests (control.ts).
 * Every listener binds 127.0.0.1 only. The portal's page is another origin, so the agent and
 * toolkit answer CORS preflights (and Private Network Access's) for whatever origin asks: the
 * process only ever hears its own machine. docs/certificates-agent.md.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { TOOLKIT_CODE } from '../src/shared/cert-errors';
import { CERT_AGENT_PORTS, CERT_TOOLKIT_PORT } from '../src/shared/constants';
import type { CfcaMethod } from '../src/services/cert/cfca-vendor';
import { ControlError, createControl, OPERATIONS, type Control, type Operation } from './control';
import { createOperations, type Answer, type Operations } from './operations';
import { loadOrGeneratePki, type TestPki } from './pki/generate';
import { storesFromPki } from './store';
import { loadOrGenerateAgentTls, type AgentTls } from './tls';

/** The control endpoint's default port: the toolkit's plus one. */
export const AGENT_CONTROL_PORT = CERT_TOOLKIT_PORT + 1;
/** What `version` reports unless told otherwise. */
export const AGENT_DEFAULT_VERSION = '2.1.0';
/** The only address any listener binds. */
export const AGENT_HOST = '127.0.0.1';
/** The largest request body read (a CMS signature with its certificate is a few KB). */
const BODY_LIMIT = 1 << 20;

/** cfca's kit methods and the operation each is. */
export const CFCA_METHODS: Record<CfcaMethod, Operation> = {
  GetVersion: 'version',
  CheckLicense: 'licence',
  SelectCertificates: 'certs',
  SignMessageDetached: 'sign',
  VerifyMessageDetached: 'verify',
  GetKeyContainers: 'containers',
};

export interface AgentOptions {
  /** Where the PKI (pki.json) and the TLS material (agent-tls.json, agent-ca.pem) live; generated when absent. */
  pkiDir: string;
  /** Already loaded PKI (tests); read or generated from pkiDir otherwise. */
  pki?: TestPki;
  /** HTTPS ports of the agent, each listened on; 0 picks a free one. Default: the first of CERT_AGENT_PORTS. */
  ports?: number[];
  /** The toolkit service's port; null: not started. Default CERT_TOOLKIT_PORT. */
  toolkitPort?: number | null;
  /** The control endpoint's port; null: not started (in-process control only). Default AGENT_CONTROL_PORT. */
  controlPort?: number | null;
  /** The licence string `licence` accepts. */
  licence: string;
  version?: string;
  now?: () => Date;
}

export interface RunningAgent {
  /** The bound HTTPS ports, in the order given. */
  ports: number[];
  /** Every listener's bound address (all 127.0.0.1). */
  addresses: AddressInfo[];
  toolkitPort: number | null;
  controlPort: number | null;
  tls: AgentTls;
  pki: TestPki;
  control: Control;
  operations: Operations;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}

/** The body as JSON; undefined when it is not JSON (answered as a parameter error). */
function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > BODY_LIMIT) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text === '' ? {} : JSON.parse(text));
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', reject);
  });
}

/** CORS for the portal's page (any origin: only this machine can reach the listener). */
function cors(req: IncomingMessage, res: ServerResponse) {
  const origin = req.headers.origin;
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'content-type');
    // Chrome's Private Network Access: a public page may ask a loopback address only if it says yes.
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
    res.setHeader('Access-Control-Max-Age', '600');
  }
}

const isOperation = (s: string): s is Operation => (OPERATIONS as readonly string[]).includes(s);
const isCfcaMethod = (s: string): s is CfcaMethod => Object.hasOwn(CFCA_METHODS, s);
const cfcaAnswer = (a: Answer) => (a.code === 0 ? { errorCode: 0, result: a.data ?? null } : { errorCode: a.code, errorMessage: a.msg });

/** The wire handler of the agent (`withCfca`) or of the toolkit service. */
function wireHandler(operations: Operations, withCfca: boolean) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return send(res, 403, { code: TOOLKIT_CODE.localCall, msg: 'loopback only' });
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      return res.end();
    }
    const path = (req.url ?? '/').split('?')[0]!;
    if (withCfca && req.method === 'GET' && path === '/PortRight') return send(res, 200, { code: 0, msg: '' });
    if (req.method !== 'POST') return send(res, 405, { code: TOOLKIT_CODE.unimplemented, msg: `${req.method} ${path}` });
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return send(res, 413, { code: TOOLKIT_CODE.parameterType, msg: 'body too large' });
    }
    const cfca = withCfca ? /^\/cfca\/([A-Za-z]+)$/.exec(path) : null;
    if (cfca) {
      const method = cfca[1]!;
      if (!isCfcaMethod(method)) return send(res, 404, { errorCode: TOOLKIT_CODE.unimplemented, errorMessage: method });
      return send(res, 200, cfcaAnswer(await operations.run(CFCA_METHODS[method], body ?? null)));
    }
    const op = path.slice(1);
    if (!isOperation(op)) return send(res, 404, { code: TOOLKIT_CODE.unimplemented, msg: op });
    send(res, 200, await operations.run(op, body ?? null));
  };
}

function controlHandler(control: Control) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return send(res, 403, { error: 'loopback only' });
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' && path === '/control/state') return send(res, 200, control.state());
    if (req.method === 'POST' && path === '/control/reset') {
      control.reset();
      return send(res, 200, control.state());
    }
    if (req.method === 'POST' && path === '/control') {
      try {
        const body = await readJson(req);
        if (body === undefined) return send(res, 400, { error: 'not JSON' });
        control.apply(body as never);
        return send(res, 200, control.state());
      } catch (e) {
        return send(res, 400, { error: e instanceof ControlError ? e.message : 'bad request' });
      }
    }
    send(res, 404, { error: `${req.method} ${path}` });
  };
}

/** Serves a handler, never letting a failure in it become an unanswered request. */
const guarded = (h: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>) => (req: IncomingMessage, res: ServerResponse) => {
  h(req, res).catch(() => {
    if (!res.headersSent) send(res, 500, { code: TOOLKIT_CODE.localCall, msg: 'agent failure' });
    else res.destroy();
  });
};

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, AGENT_HOST, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const closeServer = (s: Server) =>
  new Promise<void>((resolve) => {
    s.close(() => resolve());
    s.closeAllConnections();
  });

export async function startAgent(options: AgentOptions): Promise<RunningAgent> {
  const pki = options.pki ?? loadOrGeneratePki(options.pkiDir);
  const tls = loadOrGenerateAgentTls(options.pkiDir, options.now?.());
  const control = createControl();
  const operations = createOperations({
    entries: storesFromPki(pki),
    licence: options.licence,
    version: options.version ?? AGENT_DEFAULT_VERSION,
    control,
    ...(options.now ? { now: options.now } : {}),
  });
  const servers: Server[] = [];
  const close = () => Promise.all(servers.map(closeServer)).then(() => undefined);
  try {
    const agentHandler = guarded(wireHandler(operations, true));
    const ports: number[] = [];
    for (const port of options.ports ?? [CERT_AGENT_PORTS[0]]) {
      const s = createHttpsServer({ key: tls.keyPem, cert: tls.certPem }, agentHandler);
      servers.push(s);
      ports.push(await listen(s, port));
    }
    let toolkitPort: number | null = null;
    const wantedToolkit = options.toolkitPort === undefined ? CERT_TOOLKIT_PORT : options.toolkitPort;
    if (wantedToolkit !== null) {
      const s = createHttpServer(guarded(wireHandler(operations, false)));
      servers.push(s);
      toolkitPort = await listen(s, wantedToolkit);
    }
    let controlPort: number | null = null;
    const wantedControl = options.controlPort === undefined ? AGENT_CONTROL_PORT : options.controlPort;
    if (wantedControl !== null) {
      const s = createHttpServer(guarded(controlHandler(control)));
      servers.push(s);
      controlPort = await listen(s, wantedControl);
    }
    const addresses = servers.map((s) => s.address() as AddressInfo);
    return { ports, addresses, toolkitPort, controlPort, tls, pki, control, operations, close };
  } catch (e) {
    await close();
    throw e;
  }
}
