import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

/**
 * A portal server of a test's own, beside the shared one of playwright.config.ts: for tests
 * that stop and restart a server, or that need a setting the shared server does not have
 * (a short QR lifetime, say). Each gets a port of its own above E2E_PORT.
 */
export type OwnServer = { child: ChildProcessWithoutNullStreams; url: string; output: () => string };

const dist = process.env.DIST_DIR ?? 'dist';
export const ownServerPort = (offset: number) => Number(process.env.E2E_PORT ?? 18080) + offset;

/** Starts the built server on `dataDir`; resolves once it printed its login address. */
export function startOwnServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const child = spawn(process.execPath, [path.join(dist, 'server', 'main.mjs')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: path.join(dist, 'public'), LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    child.stdout.on('data', () => {
      if (out.includes('/login.html#/login')) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${port}`, output: () => out });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
}

/** Stops the server with `signal`; resolves with its exit code. */
export const stopOwnServer = (child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
