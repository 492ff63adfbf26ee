import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { hashToken } from './sessions';

/**
 * One-time tokens bound to a session: `submit` tokens stop a form sent twice by a double click
 * from creating two records; `confirm` tokens are the validation flag a 412 confirmation is
 * sent again with, bound to the route that asked; `cert` tokens the validation flag a certificate
 * confirmation answers (services/cert-login.ts). Only their hashes are stored.
 */
export type TokenPurpose = 'submit' | 'confirm' | 'cert';

/** A session holds few live tokens: older unused ones are dropped when a new one is issued. */
const KEEP_UNUSED = 20;

export async function issueToken(db: Db, sessionHash: string, purpose: TokenPurpose, route: string | null = null): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insertInto('requestToken').values({ tokenHash: hashToken(token), sessionHash, purpose, route }).execute();
  const stale = await db
    .selectFrom('requestToken')
    .select('tokenHash')
    .where('sessionHash', '=', sessionHash)
    .where('purpose', '=', purpose)
    .orderBy('createdAt', 'desc')
    .offset(KEEP_UNUSED)
    .limit(1000)
    .execute();
  if (stale.length) await db.deleteFrom('requestToken').where('tokenHash', 'in', stale.map((r) => r.tokenHash)).execute();
  return token;
}

/**
 * Marks the token used and says whether it was live. The conditional update is the check, so
 * two requests carrying the same token (a double click) cannot both pass, on any process.
 */
export async function consumeToken(db: Db, token: string | undefined, sessionHash: string, purpose: TokenPurpose, route: string | null = null): Promise<boolean> {
  if (!token) return false;
  let query = db
    .updateTable('requestToken')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', hashToken(token))
    .where('sessionHash', '=', sessionHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null);
  if (route !== null) query = query.where('route', '=', route);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
