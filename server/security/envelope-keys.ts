import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database';
import { ENVELOPE_KEY_LIFETIME_MS, ENVELOPE_MAX_SKEW_MS, ENVELOPE_VERSION, type EnvelopeCipher } from '../../src/shared/constants';
import { isEnvelopeCipher, serverAgree, type EnvelopeKey, type EnvelopeKeyOffer } from '../../src/shared/envelope';
import { announceChange } from './request-cache';
import { batched } from '../db/batched';

/**
 * Envelope keys and nonces, kept in the database so every server process shares them. Each
 * key is agreed with one client (X25519 + HKDF, src/shared/envelope.ts): the server stores the
 * derived key, the client derives the same, and neither travels. A key is bound to the session
 * of the login it carried, or of its first authenticated request; from then on it opens only
 * that session's envelopes. An envelope made with a retired or unknown key is refused with
 * 1106 and the browser agrees a fresh one.
 */
/** Nonces older than this can go: their envelopes' timestamps are refused as stale anyway. */
const NONCE_RETENTION_MS = 2 * ENVELOPE_MAX_SKEW_MS;
/** sys_param row that switches new keys to AES-ECB for back-ends that speak nothing else. */
export const CIPHER_PARAM = 'envelope.cipher';

export interface StoredKey extends EnvelopeKey {
  /** SHA-256 of the session token the key is bound to, or null while unbound. */
  sessionHash: string | null;
  /** Epoch ms: from then on the key opens nothing (a cache checks it by itself). */
  expiresAt: number;
}

async function configuredCipher(db: Db): Promise<EnvelopeCipher> {
  const row = await db.selectFrom('sysParam').select('paramValue').where('paramKey', '=', CIPHER_PARAM).executeTakeFirst();
  return isEnvelopeCipher(row?.paramValue) ? row.paramValue : 'AES-GCM';
}

/**
 * Agrees a key with the client whose ephemeral public key is given, stores it and answers the
 * server's half. Undefined when the public key is unusable (a point of small order).
 */
export async function agreeKey(db: Db, clientPublic: Uint8Array, now = Date.now()): Promise<EnvelopeKeyOffer | undefined> {
  const cipher = await configuredCipher(db);
  const keyId = randomBytes(12).toString('hex');
  let agreed: ReturnType<typeof serverAgree>;
  try {
    agreed = serverAgree(clientPublic, keyId);
  } catch {
    return undefined;
  }
  await db
    .insertInto('envelopeKey')
    .values({ keyId, cipher, encKey: agreed.encKey, macKey: agreed.macKey, expiresAt: new Date(now + ENVELOPE_KEY_LIFETIME_MS), sessionHash: null })
    .execute();
  return { keyId, cipher, serverPublicKey: agreed.serverPublicKey, version: ENVELOPE_VERSION };
}

/** A key that may still open envelopes, or undefined when unknown or retired. */
export async function liveKey(db: Db, keyId: string, now = Date.now()): Promise<StoredKey | undefined> {
  const row = await db.selectFrom('envelopeKey').selectAll().where('keyId', '=', keyId).where('expiresAt', '>', new Date(now)).executeTakeFirst();
  if (!row) return undefined;
  return { keyId: row.keyId, cipher: isEnvelopeCipher(row.cipher) ? row.cipher : 'AES-GCM', encKey: row.encKey, macKey: row.macKey, version: ENVELOPE_VERSION, sessionHash: row.sessionHash, expiresAt: row.expiresAt.getTime() };
}

/**
 * Binds an unbound key to a session at its first authenticated use; true when the key is now
 * bound to that session. The conditional update is the check: two sessions racing for one key
 * cannot both win.
 */
export async function claimKeyForSession(db: Db, keyId: string, sessionHash: string): Promise<boolean> {
  await db.updateTable('envelopeKey').set({ sessionHash }).where('keyId', '=', keyId).where('sessionHash', 'is', null).execute();
  const row = await db.selectFrom('envelopeKey').select('sessionHash').where('keyId', '=', keyId).executeTakeFirst();
  return row?.sessionHash === sessionHash;
}

/** A login binds the key its envelope came under to the new session, whatever it was bound to. */
export async function bindKeyToSession(db: Db, keyId: string, sessionHash: string): Promise<void> {
  await db.updateTable('envelopeKey').set({ sessionHash }).where('keyId', '=', keyId).execute();
  announceChange({ keyId });
}

/**
 * The group commit's statement: $1 is the batch's distinct nonces; answers those that were new.
 *
 * It commits without waiting for its WAL flush (synchronous_commit off for this one statement's
 * transaction: set_config's third argument makes it local). That takes a disk flush out of every
 * enveloped request's path before its handler runs, and loses no replay check that matters: WAL
 * is flushed in order, so the moment anything the request then writes is durable, its nonce is
 * too. Only a PostgreSQL crash within the WAL writer's delay could forget a claim, and then only
 * one whose request's own writes were lost with it: a replay could do no more than the first
 * delivery did. The volatile set_config keeps the CTE from being inlined away. In eight alternated
 * runs on PostgreSQL under 50 connections the envelope's p50 cost fell from 18.9 to 12.5 % (means;
 * bench/README.md, stop 33): a small gain, for nothing given up.
 */
const CLAIM_NONCES_SQL = `with durable_with_the_writes_after_it as (select set_config('synchronous_commit', 'off', true))
insert into envelope_nonce (nonce) select unnest($1::varchar[]) from durable_with_the_writes_after_it
on conflict (nonce) do nothing returning nonce`;
/** At most this many nonces go in one INSERT. */
const NONCE_BATCH_MAX = 200;
const nonceClaims = new WeakMap<Db, (nonce: string) => Promise<boolean>>();

/**
 * Records a nonce as used; false when it was used before (a replay). The insert is the check,
 * so two processes receiving the same envelope at once cannot both accept it. Claims made while
 * another is being written go together in one multi-row insert (db/batched.ts); of equal nonces
 * in one batch only the first is new.
 */
export function claimNonce(db: Db, keyId: string, nonce: string): Promise<boolean> {
  let claim = nonceClaims.get(db);
  if (!claim) {
    claim = batched(async (nonces: string[]) => {
      // One statement text with one array parameter whatever the batch's size, compiled once:
      // nothing for Kysely to build and transform per batch (it was most of a claim's CPU).
      const { rows } = await db.executeQuery<{ nonce: string }>(CompiledQuery.raw(CLAIM_NONCES_SQL, [[...new Set(nonces)]]));
      const inserted = new Set(rows.map((r) => r.nonce));
      return nonces.map((n) => inserted.delete(n));
    }, NONCE_BATCH_MAX);
    nonceClaims.set(db, claim);
  }
  return claim(`${keyId}:${nonce}`);
}

/** Housekeeping (plugins/housekeeping.ts), never on a request. */
export async function sweepNonces(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('envelopeNonce').where('seenAt', '<', new Date(now - NONCE_RETENTION_MS)).execute();
  await db.deleteFrom('envelopeKey').where('expiresAt', '<', sql<Date>`now() - interval '1 day'`).execute();
}
