import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { AppError } from '../http/answer';

/**
 * scrypt at OWASP's recommended cost (N=2^17, r=8, p=1: 128 MiB per hash), memory-hard and
 * built into Node, so no native addon. The stored form carries its parameters, so raising
 * them later re-hashes on the next successful login without breaking old hashes.
 *
 * SCRYPT_LOG_N lowers N for the server test suite only (it logs in hundreds of times); it is
 * read once, accepted from 10 to 20, and never set by `npm start` or the end-to-end server.
 */
export const OWASP_LOG_N = 17;
function logN(): number {
  const n = Number(process.env.SCRYPT_LOG_N);
  return Number.isInteger(n) && n >= 10 && n <= 20 ? n : OWASP_LOG_N;
}
const PARAMS = { N: 2 ** logN(), r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEM = 256 * 1024 * 1024;

/**
 * At most PASSWORD_HASH_CONCURRENCY hashes run at once in this process; up to
 * PASSWORD_HASH_QUEUE more wait their turn, and any beyond are refused with 1204 (HTTP 503), so
 * a burst of logins costs a bounded amount of memory and CPU whatever its size.
 */
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_HASH_CONCURRENCY) {
    if (waiting.length >= PASSWORD_HASH_QUEUE) throw new AppError(503, CODE.passwordCheckBusy);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so running stays counted.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many hashes run and wait now (tests check the cap holds). */
export const hashLoad = () => ({ running, waiting: waiting.length });

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

/** A dummy hash to verify against when the user does not exist, so timing does not tell. */
export const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
