import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ENVELOPE_KEY_LIFETIME_MS, ENVELOPE_MAX_SKEW_MS, ENVELOPE_VERSION, type EnvelopeCipher } from '../../src/shared/constants';
import { isEnvelopeCipher, type EnvelopeKey } from '../../src/shared/envelope';

/**
 * Envelope keys and nonces, kept in the database so every server process shares them.
 * A key is handed out while it has at least KEY_HANDOUT_MARGIN_MS to live; an envelope made
 * with a retired key is refused with 1106 and the browser fetches a fresh one.
 */
const KEY_HANDOUT_MARGIN_MS = 3_600_000;
/** Nonces older than this can go: their envelopes' timestamps are refused as stale anyway. */
const NONCE_RETENTION_MS = 2 * ENVELOPE_MAX_SKEW_MS;
/** sys_param row that switches new keys to AES-ECB for back-ends that speak nothing else. */
export const CIPHER_PARAM = 'envelope.cipher';

async function configuredCipher(db: Db): Promise<EnvelopeCipher> {
  const row = await db.selectFrom('sysParam').select('paramValue').where('paramKey', '=', CIPHER_PARAM).executeTakeFirst();
  return isEnvelopeCipher(row?.paramValue) ? row.paramValue : 'AES-GCM';
}

const toKey = (row: { keyId: string; cipher: string; encKey: string; macKey: string }): EnvelopeKey => ({
  keyId: row.keyId,
  cipher: isEnvelopeCipher(row.cipher) ? row.cipher : 'AES-GCM',
  encKey: row.encKey,
  macKey: row.macKey,
  version: ENVELOPE_VERSION,
});

/** The key to hand out now: the newest one of the configured cipher, or a fresh one. */
export async function currentKey(db: Db, now = Date.now()): Promise<EnvelopeKey> {
  const cipher = await configuredCipher(db);
  const row = await db
    .selectFrom('envelopeKey')
    .selectAll()
    .where('cipher', '=', cipher)
    .where('expiresAt', '>', new Date(now + KEY_HANDOUT_MARGIN_MS))
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row) return toKey(row);
  // Two processes may both create one at the same moment: both keys are valid, no harm.
  const fresh = {
    keyId: randomBytes(12).toString('hex'),
    cipher,
    encKey: randomBytes(32).toString('base64'),
    macKey: randomBytes(32).toString('base64'),
    expiresAt: new Date(now + ENVELOPE_KEY_LIFETIME_MS),
  };
  await db.insertInto('envelopeKey').values(fresh).execute();
  return toKey(fresh);
}

/** A key that may still open envelopes, or undefined when unknown or retired. */
export async function liveKey(db: Db, keyId: string, now = Date.now()): Promise<EnvelopeKey | undefined> {
  const row = await db.selectFrom('envelopeKey').selectAll().where('keyId', '=', keyId).where('expiresAt', '>', new Date(now)).executeTakeFirst();
  return row ? toKey(row) : undefined;
}

/**
 * Records a nonce as used; false when it was used before (a replay). The insert is the check,
 * so two processes receiving the same envelope at once cannot both accept it.
 */
export async function claimNonce(db: Db, keyId: string, nonce: string): Promise<boolean> {
  const row = await db
    .insertInto('envelopeNonce')
    .values({ nonce: `${keyId}:${nonce}` })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

export async function sweepNonces(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('envelopeNonce').where('seenAt', '<', new Date(now - NONCE_RETENTION_MS)).execute();
  await db.deleteFrom('envelopeKey').where('expiresAt', '<', sql<Date>`now() - interval '1 day'`).execute();
}
