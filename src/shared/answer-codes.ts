/**
 * The answer's shape and the few codes every page's request layer acts on (the HTTP client, the
 * session machine, the home page's first paint). A module of its own so that the login page,
 * which reads only these, does not carry every business code (issue 16: its first screen is
 * weighed against 200 kB gzip). CODE (./codes.ts) holds them too: each code is written once, here.
 */
export const ANSWER_CODE = {
  ok: 0,
  fail: 1,
  loginExpired: -998,
  loginElsewhere: -997,
  /** HTTP 412: the caller must confirm (shell §8); the answer's data are the dialog's parameters. */
  confirmRequired: 1105,
  /** The envelope's key is unknown or retired: fetch a fresh one and send again. */
  envelopeKeyUnknown: 1106,
} as const;

/** The one shape every /api answer has. */
export interface Answer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A page of rows as the spec's paging keys name it (widgets §3). */
export interface Page<T> {
  rows: T[];
  total: number;
}
