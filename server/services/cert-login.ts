import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { CERT_CHALLENGE_BYTES, CERT_CHALLENGE_SECONDS, CERT_FACTORIES, CERT_FACTORY_PARAM, CERT_FLAG_SECONDS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import type { AuthInfo, VendorInfo } from '../../src/shared/contract/cert';
import { refuse } from '../http/answer';
import { hashToken } from '../security/sessions';
import { verifyDetachedSignature, type SignerCertificate } from './cert/verify';

/**
 * Certificate login and business confirmation (issue 14 point 5, docs/certificates.md): the
 * vendor information, the one-time challenges, the signature check against the bound
 * certificate, and the validation flag. Time comes from the server's clock (tests move it).
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Serials compare as numbers written in hex: case and leading zeros do not matter. */
export const normaliseSerial = (hex: string) => hex.toLowerCase().replace(/^0+(?=.)/, '');

/** The trust, or 2919 when this deployment configured none (production without CERT_CA_FILES). */
export function requireTrust(request: FastifyRequest) {
  const trust = request.server.certTrust.get();
  if (!trust) throw refuse(CODE.certNotConfigured);
  return trust;
}

/**
 * The vendor: CERT_FACTORY, unless an administrator enabled the system parameter `cert.factory`
 * (read per call: a change applies at once, nothing to invalidate).
 */
export async function vendorInfo(request: FastifyRequest): Promise<VendorInfo> {
  const trust = requireTrust(request);
  const { config, db } = request.server;
  // A resource table: not in the typed schema (server/resources/store.ts reads them likewise).
  const param: { paramValue: string } | undefined = await (db as unknown as Kysely<any>)
    .selectFrom('sysParamSetting')
    .select('paramValue')
    .where('paramCode', '=', CERT_FACTORY_PARAM)
    .where('enabled', '=', true)
    .where('recordState', '=', 'approved')
    .executeTakeFirst();
  const override = param?.paramValue?.trim();
  const factory = override && (CERT_FACTORIES as readonly string[]).includes(override) ? (override as VendorInfo['factory']) : config.certFactory;
  return { factory, license: config.certLicence, issuerPattern: trust.issuerPatternText, minToolkitVersion: config.certMinToolkitVersion };
}

/**
 * Challenges a day past their expiry tell nothing more (a replay of them is refused as unknown).
 * Housekeeping (plugins/housekeeping.ts), never on a request.
 */
export async function sweepCertChallenges(db: Db, now: number): Promise<void> {
  await db.deleteFrom('certChallenge').where('expiresAt', '<', new Date(now - 86_400_000)).execute();
}

/** A new challenge: CERT_CHALLENGE_BYTES random bytes as base64url, stored as its SHA-256 only. */
export async function issueChallenge(db: Db, now: number): Promise<Pick<AuthInfo, 'challenge' | 'expiresAt'>> {
  const challenge = randomBytes(CERT_CHALLENGE_BYTES).toString('base64url');
  const expiresAt = now + CERT_CHALLENGE_SECONDS * 1000;
  await db.insertInto('certChallenge').values({ challengeHash: sha256(challenge), expiresAt: new Date(expiresAt), createdAt: new Date(now) }).execute();
  return { challenge, expiresAt };
}

/**
 * Uses the challenge up before anything else is checked: the conditional update is the check,
 * so a replay is refused even when the first attempt failed later, on any process.
 */
export async function consumeChallenge(db: Db, challenge: string, now: number): Promise<void> {
  const hash = sha256(challenge);
  const used = await db
    .updateTable('certChallenge')
    .set({ usedAt: new Date(now) })
    .where('challengeHash', '=', hash)
    .where('usedAt', 'is', null)
    .returning('expiresAt')
    .executeTakeFirst();
  if (!used) {
    const known = await db.selectFrom('certChallenge').select('challengeHash').where('challengeHash', '=', hash).executeTakeFirst();
    throw refuse(known ? CODE.certChallengeUsed : CODE.certChallengeUnknown);
  }
  if (new Date(used.expiresAt).getTime() < now) throw refuse(CODE.certChallengeExpired);
}

/**
 * The signature over the challenge (its text, UTF-8), by a certificate we trust; a refusal with
 * its reason's code (2900–2913). Certificate details never go back to the caller.
 */
export function verifyChallengeSignature(request: FastifyRequest, signedData: string, challenge: string): SignerCertificate {
  const result = verifyDetachedSignature({ signedData, expected: challenge, now: new Date(request.server.clock.now()) }, requireTrust(request));
  if (!result.ok) {
    request.log.info({ reason: result.reason, detail: result.detail }, 'certificate signature refused');
    throw refuse(result.code);
  }
  return result.certificate;
}

/** The user's bound certificate is the one that signed: else 2917 (also for an unknown user, so the answer does not tell). */
export function checkBinding(bound: string | null | undefined, certificate: SignerCertificate): void {
  if (!bound || normaliseSerial(bound) !== normaliseSerial(certificate.serial)) throw refuse(CODE.certNotBound);
}

/** The validation flag: a request token of purpose 'cert', bound to the session and the function, dated by the server's clock. */
export async function issueCertFlag(db: Db, sessionHash: string, funcCode: string, now: number): Promise<string> {
  const flag = randomBytes(24).toString('base64url');
  await db.deleteFrom('requestToken').where('sessionHash', '=', sessionHash).where('purpose', '=', 'cert').where('createdAt', '<', new Date(now - CERT_FLAG_SECONDS * 1000)).execute();
  await db.insertInto('requestToken').values({ tokenHash: hashToken(flag), sessionHash, purpose: 'cert', route: funcCode, createdAt: new Date(now) }).execute();
  return flag;
}

/**
 * Uses the flag up for this function: the conditional update is the check (two requests with
 * one flag cannot both pass). 2922 when it was this session's flag for this function but too
 * old; 2921 for anything else (used, another function's, another session's, made up).
 */
export async function consumeCertFlag(db: Db, flag: string, sessionHash: string, funcCode: string, now: number): Promise<void> {
  const cutoff = new Date(now - CERT_FLAG_SECONDS * 1000);
  const where = db
    .updateTable('requestToken')
    .set({ usedAt: new Date(now) })
    .where('tokenHash', '=', hashToken(flag))
    .where('sessionHash', '=', sessionHash)
    .where('purpose', '=', 'cert')
    .where('route', '=', funcCode)
    .where('usedAt', 'is', null);
  const result = await where.where('createdAt', '>=', cutoff).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const stale = await db
    .selectFrom('requestToken')
    .select(sql<number>`1`.as('one'))
    .where('tokenHash', '=', hashToken(flag))
    .where('sessionHash', '=', sessionHash)
    .where('purpose', '=', 'cert')
    .where('route', '=', funcCode)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  throw refuse(stale ? CODE.certFlagExpired : CODE.certFlagInvalid);
}
