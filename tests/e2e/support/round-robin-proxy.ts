import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The test's own reverse proxy, standing in for nginx where the machine has none, and behaving
 * as docs/deploy/nginx.conf does: round robin over the backends; a backend whose connection is
 * refused is taken out and the request goes to the next one, whatever its method (nothing was
 * sent); any other failure before an answer is retried only for GET and HEAD, as nginx does
 * without `non_idempotent`; X-Forwarded-For and X-Forwarded-Proto are set; the path goes
 * through unchanged (BASE_PATH on the backends). Beyond nginx OSS it also polls /readyz, as a
 * load balancer with active health checks does, so a draining backend is out before it stops.
 */
export interface Backend {
  host: string;
  port: number;
  up: boolean;
  served: number;
}

export interface RoundRobinProxy {
  origin: string;
  backends: Backend[];
  /** Requests answered 502 because no backend could take them. */
  failed: number;
  /** Resolves once the backend on `port` passed a readiness check. */
  waitUp(port: number): Promise<void>;
  close(): Promise<void>;
}

const HEALTH_EVERY_MS = 100;

export async function startRoundRobinProxy(ports: number[]): Promise<RoundRobinProxy> {
  const backends: Backend[] = ports.map((port) => ({ host: '127.0.0.1', port, up: false, served: 0 }));
  let next = 0;
  let failed = 0;
  const waiters: { port: number; resolve: () => void }[] = [];
  const markUp = (b: Backend, up: boolean) => {
    b.up = up;
    if (up) for (const w of waiters.filter((w) => w.port === b.port)) (waiters.splice(waiters.indexOf(w), 1), w.resolve());
  };

  const check = (b: Backend) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: b.host, port: b.port, path: '/readyz', agent: false, timeout: 1000 }, (res) => {
        res.resume();
        markUp(b, res.statusCode === 200);
        resolve();
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => (markUp(b, false), resolve()));
    });
  let polling = true;
  const poll = async () => {
    while (polling) {
      await Promise.all(backends.map(check));
      await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
    }
  };
  void poll();

  const pick = (tried: Set<Backend>): Backend | undefined => {
    for (let i = 0; i < backends.length; i++) {
      const b = backends[(next + i) % backends.length]!;
      if (b.up && !tried.has(b)) {
        next = (next + i + 1) % backends.length;
        return b;
      }
    }
    return backends.find((b) => !tried.has(b));
  };

  const forward = (b: Backend, req: http.IncomingMessage, body: Buffer) =>
    new Promise<{ res: http.IncomingMessage } | { error: NodeJS.ErrnoException }>((resolve) => {
      const headers = { ...req.headers, connection: 'close', 'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '), 'x-forwarded-proto': 'http' };
      const up = http.request({ host: b.host, port: b.port, method: req.method, path: req.url, headers, agent: false }, (res) => resolve({ res }));
      up.on('error', (error) => resolve({ error }));
      up.end(body);
    });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const tried = new Set<Backend>();
    for (let b = pick(tried); b; b = pick(tried)) {
      tried.add(b);
      const result = await forward(b, req, body);
      if ('res' in result) {
        b.served++;
        res.writeHead(result.res.statusCode ?? 502, result.res.headers);
        result.res.pipe(res);
        return;
      }
      markUp(b, false);
      const idempotent = req.method === 'GET' || req.method === 'HEAD';
      if (result.error.code !== 'ECONNREFUSED' && !idempotent) break;
    }
    failed++;
    res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 502, msg: 'no backend', data: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    backends,
    get failed() {
      return failed;
    },
    waitUp: (port) => (backends.find((b) => b.port === port)?.up ? Promise.resolve() : new Promise((resolve) => waiters.push({ port, resolve }))),
    close: () => {
      polling = false;
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
