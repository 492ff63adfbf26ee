import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

/**
 * Built portal servers of a test's own, on ports the system picks (PORT=0): the deployment
 * tests start several, stop them with signals and read their one-line refusals.
 */
const dist = process.env.DIST_DIR ?? 'dist';

export interface Proc {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export function spawnServer(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [path.join(dist, 'server', 'main.mjs')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: path.join(dist, 'public'), LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export interface Server extends Proc {
  /** http://127.0.0.1:port, without BASE_PATH. */
  origin: string;
  port: number;
}

/** Starts a server and resolves once it printed its address (the real port). */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const proc = spawnServer(env);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${proc.output()}`)), 120_000);
    proc.child.stdout.on('data', () => {
      const m = /open http:\/\/127\.0\.0\.1:(\d+)\//.exec(proc.output());
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    void proc.exited.then((code) => (clearTimeout(timer), reject(new Error(`server exited ${code}:\n${proc.output()}`))));
  });
  return { ...proc, port, origin: `http://127.0.0.1:${port}` };
}

export async function stop(proc: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (!proc) return null;
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.child.exitCode;
  proc.child.kill(signal);
  return proc.exited;
}
