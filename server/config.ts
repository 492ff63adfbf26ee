import path from 'node:path';
import { QR_LOGIN_LIFETIME_SECONDS } from '../src/shared/constants';

/** Everything the server reads from its environment, read once, here. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data directory; ignored when databaseUrl is set. */
  dataDir: string;
  /** postgres://… switches from embedded PGlite to a PostgreSQL server. */
  databaseUrl: string | undefined;
  /** Built browser assets (login.html, index.html, locale/). */
  staticDir: string;
  /** Uploaded files live here, outside the web root, under server-generated names. */
  filesDir: string;
  production: boolean;
  /** Idle minutes before a session ends (sliding). */
  sessionIdleMinutes: number;
  /** Hours after which a session ends however active it is. */
  sessionMaxHours: number;
  /**
   * Addresses of reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY, comma
   * separated). Empty by default: otherwise any client could pick its own address and slip
   * past the per-address login throttle.
   */
  trustProxy: string[];
  /**
   * The address users reach the portal at (PUBLIC_URL), for links the server builds (the QR
   * login's confirmation page). Defaults to the listen address.
   */
  publicUrl: string;
  /** Seconds a QR login code lives (QR_LOGIN_LIFETIME_SECONDS; tests shorten it). */
  qrLoginLifetimeSeconds: number;
}

const int = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** PUBLIC_URL when it is an http(s) address; else the listen address (0.0.0.0 reads as localhost). */
function publicUrl(value: string | undefined, host: string, port: number): string {
  if (value) {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http(s) address: ${value}`);
    return url.origin + url.pathname.replace(/\/+$/, '');
  }
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
  const port = int(env.PORT, 8080);
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    publicUrl: publicUrl(env.PUBLIC_URL, host, port),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist/public'),
    filesDir: path.resolve(root, env.FILES_DIR ?? path.join(dataDir, 'files')),
    production: env.NODE_ENV === 'production',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 12),
    trustProxy: (env.TRUST_PROXY ?? '').split(',').map((a) => a.trim()).filter(Boolean),
    qrLoginLifetimeSeconds: int(env.QR_LOGIN_LIFETIME_SECONDS, QR_LOGIN_LIFETIME_SECONDS),
  };
}
