import path from 'node:path';
import { CERT_FACTORIES, CERT_TEST_LICENCE, QR_LOGIN_LIFETIME_SECONDS, UPLOAD_MAX_BYTES } from '../src/shared/constants';
import { isHttpsOrigin } from '../src/shared/embedded-protocol';

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
  /**
   * The product licences' signing key (LICENCE_KEY_FILE: an Ed25519 private key, PKCS#8 PEM).
   * By default in the file store, which every process of a deployment shares, made there (mode
   * 0600) the first time a licence is signed (docs/licences.md).
   */
  licenceKeyFile: string;
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
  /**
   * Path prefix the portal is served under (BASE_PATH, e.g. `/portal/`), always with leading
   * and trailing slash; `/` by default. Pages, assets and the API all live below it.
   */
  basePath: string;
  /**
   * After SIGTERM, seconds the process keeps serving while /readyz already answers 503, so a
   * load balancer that polls readiness takes it out before it stops accepting connections.
   */
  shutdownDrainSeconds: number;
  /** Then, seconds in-flight requests get to finish before their connections are cut. */
  shutdownTimeoutSeconds: number;
  /** At start, how long an unreachable PostgreSQL is retried before the process gives up. */
  databaseRetrySeconds: number;
  /**
   * Other sites whose pages an edit form may embed (EMBEDDED_PAGE_ORIGINS, comma-separated
   * https origins such as `https://reports.example.com`). Empty by default: only this site's own
   * paths (docs/embedded-pages.md).
   */
  embeddedPageOrigins: string[];
  /** The largest single upload in bytes (UPLOAD_MAX_BYTES; default the spec's 500 MB, widgets §9). */
  uploadMaxBytes: number;
  /**
   * The program that turns Office files into pdf for the previewer (OFFICE_CONVERTER, default
   * `soffice` on PATH: LibreOffice headless). Empty or `none`: no converter, Office files are
   * offered for download instead (docs/previewer.md).
   */
  officeConverter: string;
  /** Seconds one conversion may take before it is stopped (OFFICE_CONVERT_TIMEOUT_SECONDS). */
  officeConvertTimeoutSeconds: number;
  /** Where converted pdfs are kept, by the source's sha256 (OFFICE_PREVIEW_DIR; under the data directory, outside the web root). */
  officePreviewDir: string;
  /**
   * Whether this process looks for pending export jobs by itself (EXPORT_JOB_LOOP, default on;
   * `off`: recovery at start only). The server tests turn it off and run jobs step by step, so
   * no timer of the runner's sends statements in the middle of what a test measures.
   */
  exportJobLoop: boolean;
  /**
   * Whether this process generates reminders from their configurations on a timer
   * (REMIND_JOB_LOOP, default on; docs/reminders.md). The server tests turn it off and run
   * the generation themselves at the time their clock says; a write of a configuration still
   * generates (off the request path).
   */
  remindJobLoop: boolean;
  /**
   * Certificate login and confirmation (docs/certificates.md, "Configuration"). The trusted CA
   * certificates (CERT_CA_FILES, comma-separated PEM files, each may hold several) and their CRLs
   * (CERT_CRL_FILES). With none configured outside production, the test PKI in certPkiDir is
   * trusted; in production, certificate calls answer 2919.
   */
  certCaFiles: string[];
  certCrlFiles: string[];
  /** The licence's issuer pattern (CERT_ISSUER_PATTERN, a regular expression over "/C=CN/O=…/CN=…"); required with CERT_CA_FILES. */
  certIssuerPattern: string | undefined;
  /** The licence handed to the local toolkit (CERT_LICENCE); outside production CERT_TEST_LICENCE by default. */
  certLicence: string;
  /** The vendor (CERT_FACTORY, default tianwei); an enabled sys-param `cert.factory` overrides it at run time. */
  certFactory: (typeof CERT_FACTORIES)[number];
  /** The least toolkit version the browser accepts (CERT_MIN_TOOLKIT_VERSION, default 1.0.0). */
  certMinToolkitVersion: string;
  /** CERT_REQUIRE_CRL (default true): no current CRL of the issuer refuses the certificate. */
  certRequireCrl: boolean;
  /** The development test PKI's directory (CERT_PKI_DIR, default <DATA_DIR>/pki): the reference agent is started on the same one. */
  certPkiDir: string;
}

const list = (value: string | undefined, root: string) => (value ?? '').split(',').map((f) => f.trim()).filter(Boolean).map((f) => path.resolve(root, f));

/** CERT_FACTORY: one of the four vendors, or the server refuses to start. */
export function certFactory(value: string | undefined): ServerConfig['certFactory'] {
  const v = value || 'tianwei';
  if (!(CERT_FACTORIES as readonly string[]).includes(v)) throw new Error(`CERT_FACTORY must be one of ${CERT_FACTORIES.join(', ')}: ${v}`);
  return v as ServerConfig['certFactory'];
}

const int = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
/** Like int, but 0 is a meaningful choice (no drain, no retry). */
const seconds = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** `portal`, `/portal`, `/portal/` all mean `/portal/`; empty means `/`. */
export function normaliseBasePath(value: string | undefined): string {
  const segments = (value ?? '').split('/').filter(Boolean);
  return segments.length ? `/${segments.join('/')}/` : '/';
}

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

/** EMBEDDED_PAGE_ORIGINS: each entry an https origin, or the server refuses to start. */
export function embeddedPageOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
  for (const o of origins) if (!isHttpsOrigin(o)) throw new Error(`EMBEDDED_PAGE_ORIGINS must list https origins (https://host[:port]): ${o}`);
  return origins;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
  const port = env.PORT === '0' ? 0 : int(env.PORT, 8080);
  const host = env.HOST ?? '127.0.0.1';
  const filesDir = path.resolve(root, env.FILES_DIR ?? path.join(dataDir, 'files'));
  return {
    // 0 lets the system pick a free port (tests); the address printed at start is the real one.
    port,
    host,
    publicUrl: publicUrl(env.PUBLIC_URL, host, port),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist/public'),
    filesDir,
    licenceKeyFile: path.resolve(root, env.LICENCE_KEY_FILE ?? path.join(filesDir, 'keys', 'product-licence.pem')),
    production: env.NODE_ENV === 'production',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 12),
    trustProxy: (env.TRUST_PROXY ?? '').split(',').map((a) => a.trim()).filter(Boolean),
    qrLoginLifetimeSeconds: int(env.QR_LOGIN_LIFETIME_SECONDS, QR_LOGIN_LIFETIME_SECONDS),
    basePath: normaliseBasePath(env.BASE_PATH),
    shutdownDrainSeconds: seconds(env.SHUTDOWN_DRAIN_SECONDS, 0),
    shutdownTimeoutSeconds: seconds(env.SHUTDOWN_TIMEOUT_SECONDS, 10),
    databaseRetrySeconds: seconds(env.DATABASE_RETRY_SECONDS, 30),
    embeddedPageOrigins: embeddedPageOrigins(env.EMBEDDED_PAGE_ORIGINS),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES),
    officeConverter: env.OFFICE_CONVERTER === 'none' ? '' : (env.OFFICE_CONVERTER ?? 'soffice'),
    officeConvertTimeoutSeconds: int(env.OFFICE_CONVERT_TIMEOUT_SECONDS, 60),
    officePreviewDir: path.resolve(root, env.OFFICE_PREVIEW_DIR ?? path.join(dataDir, 'office-preview')),
    exportJobLoop: env.EXPORT_JOB_LOOP !== 'off',
    remindJobLoop: env.REMIND_JOB_LOOP !== 'off',
    certCaFiles: list(env.CERT_CA_FILES, root),
    certCrlFiles: list(env.CERT_CRL_FILES, root),
    certIssuerPattern: env.CERT_ISSUER_PATTERN || undefined,
    certLicence: env.CERT_LICENCE ?? (env.NODE_ENV === 'production' ? '' : CERT_TEST_LICENCE),
    certFactory: certFactory(env.CERT_FACTORY),
    certMinToolkitVersion: env.CERT_MIN_TOOLKIT_VERSION || '1.0.0',
    certRequireCrl: env.CERT_REQUIRE_CRL !== 'false',
    certPkiDir: path.resolve(root, env.CERT_PKI_DIR ?? path.join(dataDir, 'pki')),
  };
}
