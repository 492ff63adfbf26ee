/**
 * What of an error may reach the log. A database error carries the statement's parameters
 * (PGlite attaches `query` and `params`), PostgreSQL's `detail` repeats the offending values
 * ("Key (user_code)=(admin) already exists") and its message quotes a value it could not read:
 * user codes and profile values would land in the log. A database error is logged by its
 * SQLSTATE, routine, table, column and constraint, with every quoted value in its message
 * blanked; any other error is logged as it is.
 */
const QUOTED = /"[^"]*"|'[^']*'/g;

const blank = (text: string) => text.replace(QUOTED, '"…"');

function isDatabaseError(error: unknown): error is Error & Record<string, unknown> {
  if (!(error instanceof Error)) return false;
  const e = error as unknown as Record<string, unknown>;
  return 'severity' in e || 'params' in e || 'query' in e || (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
}

export function safeError(error: unknown): unknown {
  if (!isDatabaseError(error)) return error;
  const message = blank(error.message);
  const stackTail = (error.stack ?? '').split('\n').slice(1).join('\n');
  return {
    type: error.name,
    message,
    stack: `${error.name}: ${message}\n${stackTail}`,
    sqlState: error.code,
    severity: error.severity,
    routine: error.routine,
    table: error.table,
    column: error.column,
    constraint: error.constraint,
  };
}
