import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Db } from '../db/database';
import { QR_CONFIRM_ROUTE } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';

/**
 * QR-code login (issue 5 point 1). The login page gets a one-time id shown as a QR image of
 * the app's confirmation page; a logged-in user opening that page (as a phone would) confirms
 * it; the login page's next poll receives a session for that user, once. The id is a bearer
 * secret, so only its SHA-256 is stored.
 */
export type QrStatus = 'waiting' | 'confirmed' | 'expired' | 'consumed';

const hashId = (qrId: string) => createHash('sha256').update(qrId).digest('hex');

/**
 * The app page that confirms a code, as an absolute address the phone can open. Built from the
 * configured public address, never from the request's Host header: a forged Host would
 * otherwise put a link to another site into the QR image.
 */
export function confirmUrl(publicUrl: string, qrId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/index.html#${QR_CONFIRM_ROUTE}/${encodeURIComponent(qrId)}`;
}

/** How the QR images are drawn: medium error correction, a quiet zone of one module, 240 px. */
export const QR_IMAGE_OPTIONS = { errorCorrectionLevel: 'M', margin: 1, width: 240 } as const;
export const qrImage = (text: string) => QRCode.toDataURL(text, QR_IMAGE_OPTIONS);
/** Codes are worthless after their lifetime; rows older than this are removed. */
const KEEP_QR_ROWS_MS = 86_400_000;

/** Housekeeping (plugins/housekeeping.ts), never on a request. */
export async function sweepQrLogins(db: Db, now: number): Promise<void> {
  await db.deleteFrom('qrLogin').where('expiresAt', '<', new Date(now - KEEP_QR_ROWS_MS)).execute();
}

export async function generateQr(db: Db, request: FastifyRequest, lifetimeSeconds: number, now = Date.now()) {
  const qrId = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now + lifetimeSeconds * 1000);
  await db
    .insertInto('qrLogin')
    .values({
      idHash: hashId(qrId),
      status: 'waiting',
      userId: null,
      clientAddress: request.ip.slice(0, 64),
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 300) || null,
      expiresAt,
      confirmedAt: null,
      consumedAt: null,
      confirmSessionHash: null,
    })
    .execute();
  const url = confirmUrl(request.server.config.publicUrl, qrId);
  return { qrId, qrImage: await qrImage(url), confirmUrl: url, expiresAt: expiresAt.toISOString() };
}

const statusOf = (row: { status: string; expiresAt: Date }, now: number): QrStatus =>
  row.status === 'consumed' ? 'consumed' : row.expiresAt.getTime() <= now ? 'expired' : (row.status as QrStatus);

async function find(db: Db, qrId: string) {
  return db
    .selectFrom('qrLogin')
    .select(['idHash', 'status', 'userId', 'clientAddress', 'userAgent', 'createdAt', 'expiresAt'])
    .where('idHash', '=', hashId(qrId))
    .executeTakeFirst();
}

/**
 * The waiting page's poll. A confirmed code is consumed by exactly one poll, which gets the
 * user to log in; the update's condition makes two simultaneous polls unable to both win.
 */
export async function pollQr(db: Db, qrId: string, now = Date.now()): Promise<{ status: QrStatus; expiresAt: string | null; userId?: number; keepSessionHash?: string | null }> {
  const row = await find(db, qrId);
  if (!row) return { status: 'expired', expiresAt: null };
  const status = statusOf(row, now);
  const expiresAt = row.expiresAt.toISOString();
  if (status !== 'confirmed') return { status, expiresAt };
  const won = await db
    .updateTable('qrLogin')
    .set({ status: 'consumed', consumedAt: new Date(now) })
    .where('idHash', '=', row.idHash)
    .where('status', '=', 'confirmed')
    .where('expiresAt', '>', new Date(now))
    .returning(['userId', 'confirmSessionHash'])
    .executeTakeFirst();
  if (!won?.userId) return { status: 'consumed', expiresAt };
  return { status: 'confirmed', expiresAt, userId: won.userId, keepSessionHash: won.confirmSessionHash };
}

/** What the confirming user sees before saying yes: which browser asks, and until when. */
export async function qrDetail(db: Db, qrId: string, now = Date.now()) {
  const row = await find(db, qrId);
  if (!row) throw refuse(CODE.qrUnknown);
  return { status: statusOf(row, now), createdAt: row.createdAt, expiresAt: row.expiresAt, clientAddress: row.clientAddress, userAgent: row.userAgent };
}

/** `sessionHash` is the confirming session's: the login this grants leaves it running. */
export async function confirmQr(db: Db, qrId: string, userId: number, sessionHash: string, now = Date.now()): Promise<void> {
  const row = await find(db, qrId);
  if (!row) throw refuse(CODE.qrUnknown);
  const status = statusOf(row, now);
  if (status === 'expired') throw refuse(CODE.qrExpired);
  if (status !== 'waiting') throw refuse(CODE.qrUsed);
  const done = await db
    .updateTable('qrLogin')
    .set({ status: 'confirmed', userId, confirmedAt: new Date(now), confirmSessionHash: sessionHash })
    .where('idHash', '=', row.idHash)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw refuse(CODE.qrUsed);
}
