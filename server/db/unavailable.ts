/**
 * Whether a query failed because the database is out of reach (restarting, its backends
 * terminated, the network cut) rather than because of the query: such a failure answers 503
 * "try again shortly", and the pool reconnects by itself once PostgreSQL is back.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash, starting), 53300 (too many connections). */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
const MESSAGES = /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Connection ended|terminating connection/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || SQLSTATE.test(code)) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    // pg's AggregateError (every address of a host refused)
    if (Array.isArray((e as { errors?: unknown[] }).errors) && (e as { errors: unknown[] }).errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
