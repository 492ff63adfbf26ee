import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { LOGIN_PAGE_FILES, USER_TYPE_ADMIN } from '../../src/shared/constants';
import type { SessionUser } from '../security/sessions';
import { SEED_FILES } from '../db/seed-data/files';
import type { FastifyRequest } from 'fastify';
import { fileAccess, type OwnerRef } from './attachments/access';
import { ownerOf } from '../../src/shared/attachments';

/**
 * The file store: metadata in upload_file, bytes in FILES_DIR (outside the web root) under a
 * server-generated name, so no name a user typed ever reaches the file system.
 */
export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
export const storageNameFor = (fileName: string) => `${randomUUID()}${path.extname(fileName).toLowerCase().replace(/[^.a-z0-9]/g, '')}`;

/** Files whose bytes anyone may read: the login page's logos. */
export const isPublic = (file: { orderNo: string }) => file.orderNo === LOGIN_PAGE_FILES;

/**
 * Who may read a stored file: anyone, a login logo; otherwise the user who stored it, or an
 * administrator. File ids are sequential, so this check, not the id, is what keeps one user's
 * files from another. Attachments of records are read more widely: `mayOpen` below.
 */
export function mayRead(file: { orderNo: string; createdBy: number | null }, reader: Pick<SessionUser, 'id' | 'userType'> | null): boolean {
  if (isPublic(file)) return true;
  if (!reader) return false;
  return reader.userType === USER_TYPE_ADMIN || (file.createdBy !== null && file.createdBy === reader.id);
}

/**
 * Who may read a stored file, with attachments (issue 13, docs/attachments.md): a file attached
 * to a record is read by whoever may read that record (its resource's function and the caller's
 * data scope), a draft's by its uploader; any other file as `mayRead` says. The one check every
 * route that hands out a file's bytes (view-file, download-file, the previewer) goes through.
 */
export async function mayOpen(db: Db, file: OwnerRef, request: FastifyRequest): Promise<boolean> {
  if (isPublic(file)) return true;
  if (!request.user) return false;
  const kind = ownerOf(file.orderNo)?.kind;
  if (file.resourceCode || kind === 'draft' || kind === 'guide' || kind === 'decisionDraft' || kind === 'decision') return (await fileAccess(db, request, file)) !== 'none';
  return mayRead(file, request.user);
}

/**
 * Relative to the page (both pages sit at the portal's root), so it holds under a BASE_PATH
 * prefix or a reverse proxy's path without the server knowing where it is mounted.
 */
export const viewUrl = (id: number) => `api/fsmc/components/upload/view-file?id=${id}`;

/**
 * Writes the bytes of seeded files (shipped with the server) that the store lacks, and brings
 * a seeded file stored as an earlier version (the login logo whose name was cut off) to the
 * one shipped now, bytes and record: a store seeded before would otherwise keep the old one.
 */
export async function restoreSeedFiles(db: Db, filesDir: string): Promise<void> {
  const byHash = new Map(SEED_FILES.map((f) => [sha256(f.content), f]));
  const replaced = new Map(SEED_FILES.flatMap((f) => (f.replaces ?? []).map((hash) => [hash, f] as const)));
  const rows = await db.selectFrom('uploadFile').select(['id', 'storageName', 'sha256']).where('sha256', 'in', [...byHash.keys(), ...replaced.keys()]).execute();
  for (const row of rows) {
    const target = path.join(filesDir, row.storageName);
    const newer = replaced.get(row.sha256);
    if (!newer && fs.existsSync(target)) continue;
    fs.mkdirSync(filesDir, { recursive: true });
    const file = newer ?? byHash.get(row.sha256)!;
    fs.writeFileSync(target, file.content);
    // After the bytes: stopped between the two, the next start finds the old hash and writes again.
    if (newer) await db.updateTable('uploadFile').set({ sha256: sha256(newer.content), byteSize: Buffer.byteLength(newer.content) }).where('id', '=', row.id).execute();
  }
}

export async function fileList(db: Db, orderNo: string, filter: { systemCode?: string; fileBusinessType?: string } = {}, reader: Pick<SessionUser, 'id' | 'userType'> | null = null) {
  let q = db
    .selectFrom('uploadFile as f')
    .leftJoin('appUser as u', 'u.id', 'f.createdBy')
    .select(['f.id', 'f.originalFileName', 'f.fileExtName', 'f.byteSize', 'f.createdAt', 'u.userName', 'f.fileBusinessType', 'f.comment'])
    .where('f.orderNo', '=', orderNo)
    .where('f.deletedAt', 'is', null);
  if (filter.systemCode) q = q.where('f.systemCode', '=', filter.systemCode);
  if (filter.fileBusinessType) q = q.where('f.fileBusinessType', '=', filter.fileBusinessType);
  // The list shows only what its reader may open (mayRead, as a query).
  if (orderNo !== LOGIN_PAGE_FILES && reader?.userType !== USER_TYPE_ADMIN) q = q.where('f.createdBy', '=', reader?.id ?? -1);
  const rows = await q.orderBy('f.id').execute();
  return rows.map((r) => ({
    id: r.id,
    originalFileName: r.originalFileName,
    fileExtName: r.fileExtName,
    fileMBSize: Math.round((r.byteSize / 1024 / 1024) * 100) / 100,
    createTime: r.createdAt,
    createByName: r.userName ?? '',
    fileBusinessType: r.fileBusinessType,
    // Seeded and system files are not the user's to delete.
    deleteFlag: '0',
    comment: r.comment ?? '',
    url: viewUrl(r.id),
  }));
}

export async function findFile(db: Db, id: number) {
  return db
    .selectFrom('uploadFile')
    .select(['id', 'orderNo', 'originalFileName', 'mimeType', 'storageName', 'byteSize', 'createdBy', 'resourceCode', 'recordId'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}
