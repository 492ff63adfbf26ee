import net from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL that a test can cut (every connection reset, new
 * ones refused, as when the database host goes away) and restore: the network failure a
 * pg_terminate_backend cannot show.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Listens on a port the system picks; restore() listens on that same port again. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let port = 0;
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.resetAndDestroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  return { get port() {
    return port;
  }, cut: stop, restore: listen, close: stop };
}
