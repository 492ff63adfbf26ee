/**
 * A start-up failure the operator can act on (database unreachable, data directory unusable or
 * in use): main.ts prints its message as one line, without a stack, and exits with EXIT_CODE.
 */
export class StartupError extends Error {
  static readonly EXIT_CODE = 2;
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** The one-line cause of a system error: `EACCES: permission denied` rather than a stack. */
export function causeOf(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const code = e?.code && !String(e.message ?? '').startsWith(e.code) ? `${e.code}: ` : '';
  return `${code}${String(e?.message ?? error).split('\n')[0]}`;
}
