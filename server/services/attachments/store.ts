import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ATTACHMENT_DEFAULT_CATEGORY } from '../../../src/shared/constants';
import { NO_SETTING, attachmentProblem, megabytes, recordOrderNo, type AttachmentSetting } from '../../../src/shared/attachments';
import { CODE } from '../../../src/shared/codes';
import type { UploadedFile } from '../../../src/shared/contract/upload';
import type { Db } from '../../db/database';
import { refuse } from '../../http/answer';
import { localised } from '../../i18n';

/**
 * The attachments' rows (upload_file, migration 0003 and 0020) and the settings per business
 * (attach_type_set, attach_type). Bytes live in the file store (server/services/files.ts);
 * deleting a file marks the row and removes its bytes.
 */

export async function settingOf(db: Db, businessCode: string): Promise<AttachmentSetting> {
  const any = db as unknown as Kysely<any>;
  const set = await any.selectFrom('attachTypeSet').selectAll().where('businessCode', '=', businessCode).where('enabled', '=', true).executeTakeFirst();
  if (!set) return NO_SETTING;
  const types = await any
    .selectFrom('attachType')
    .select(['attachmentTypeName', 'isRequire'])
    .where('businessCode', '=', businessCode)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return {
    attachmentFlag: set.attachmentFlag,
    attachmentOuterUrl: set.attachmentOuterUrl ?? '',
    isSelfSet: set.isSelfSet,
    defaultIsRequire: set.defaultIsRequire,
    isLimit: set.isLimit,
    attachmentSize: set.attachmentSize,
    attachmentTypeList: types.map((t) => ({ attachmentTypeName: t.attachmentTypeName as string, isRequire: t.isRequire as boolean })),
  };
}

const columns = ['f.id', 'f.orderNo', 'f.originalFileName', 'f.fileExtName', 'f.byteSize', 'f.createdAt', 'u.userName', 'u.userNameEn', 'f.fileBusinessType', 'f.deleteFlag', 'f.comment'] as const;

type FileRowDb = { id: number; orderNo: string; originalFileName: string; fileExtName: string; byteSize: number | string; createdAt: Date; userName: string | null; userNameEn: string | null; fileBusinessType: string; deleteFlag: string | null; comment: string | null };

/** The uploader's name in the reader's language. */
export function asUploadedFile(r: FileRowDb, lang = 'zh-CN'): UploadedFile {
  const bytes = Number(r.byteSize);
  return {
    id: r.id,
    orderNo: r.orderNo,
    originalFileName: r.originalFileName,
    fileExtName: r.fileExtName,
    fileMBSize: megabytes(bytes),
    byteSize: bytes,
    createTime: r.createdAt as unknown as string,
    createByName: localised(lang, r.userName ?? '', r.userNameEn),
    fileBusinessType: r.fileBusinessType,
    deleteFlag: r.deleteFlag ?? '',
    comment: r.comment ?? '',
  };
}

export async function listFiles(db: Db, orderNo: string, filter: { systemCode?: string; fileBusinessType?: string; createdBy?: number } = {}, lang = 'zh-CN'): Promise<UploadedFile[]> {
  let q = db.selectFrom('uploadFile as f').leftJoin('appUser as u', 'u.id', 'f.createdBy').select([...columns]).where('f.orderNo', '=', orderNo).where('f.deletedAt', 'is', null);
  if (filter.systemCode) q = q.where('f.systemCode', '=', filter.systemCode);
  if (filter.fileBusinessType) q = q.where('f.fileBusinessType', '=', filter.fileBusinessType);
  if (filter.createdBy !== undefined) q = q.where('f.createdBy', '=', filter.createdBy);
  return (await q.orderBy('f.id').execute()).map((r) => asUploadedFile(r as FileRowDb, lang));
}

export async function oneFile(db: Db, id: number, lang = 'zh-CN'): Promise<UploadedFile> {
  const r = await db.selectFrom('uploadFile as f').leftJoin('appUser as u', 'u.id', 'f.createdBy').select([...columns]).where('f.id', '=', id).executeTakeFirstOrThrow();
  return asUploadedFile(r as FileRowDb, lang);
}

/** The stored files among these ids (not deleted), with what access and the store need. */
export async function storedFiles(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('uploadFile')
    .select(['id', 'orderNo', 'resourceCode', 'recordId', 'createdBy', 'originalFileName', 'mimeType', 'storageName', 'byteSize', 'deleteFlag'])
    .where('id', 'in', [...ids])
    .where('deletedAt', 'is', null)
    .orderBy('id')
    .execute();
}

/** The files under an orderNo (only one uploader's, when given). */
export async function countFiles(db: Db, orderNo: string, createdBy?: number): Promise<number> {
  let q = db.selectFrom('uploadFile').select((eb) => eb.fn.countAll<string>().as('n')).where('orderNo', '=', orderNo).where('deletedAt', 'is', null);
  if (createdBy !== undefined) q = q.where('createdBy', '=', createdBy);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Marks the files deleted and removes their bytes (a missing file is no failure). */
export async function deleteFiles(db: Db, filesDir: string, files: ReadonlyArray<{ id: number; storageName: string }>, now: Date): Promise<void> {
  if (files.length === 0) return;
  await db.updateTable('uploadFile').set({ deletedAt: now }).where('id', 'in', files.map((f) => f.id)).execute();
  await Promise.all(files.map((f) => fs.rm(path.join(filesDir, f.storageName), { force: true })));
}

export async function categoriesUnder(db: Db, orderNo: string): Promise<string[]> {
  const rows = await db.selectFrom('uploadFile').select('fileBusinessType').where('orderNo', '=', orderNo).where('deletedAt', 'is', null).execute();
  return rows.map((r) => r.fileBusinessType);
}

/**
 * The save's check (widgets §5 "upload required"): the files under orderNo satisfy the
 * business's setting, or the save is refused naming the first missing type (2709) or asking
 * for any file (2710).
 */
export async function requireAttachments(db: Db, businessCode: string, orderNo: string): Promise<void> {
  const problem = attachmentProblem(await settingOf(db, businessCode), await categoriesUnder(db, orderNo));
  if (problem?.kind === 'required') throw refuse(CODE.uploadRequired, { type: problem.type });
  if (problem?.kind === 'requiredAny') throw refuse(CODE.uploadRequiredAny);
}

/** An add that named its draft: the draft's files (the caller's own) move to the new record. */
export async function bindDraft(db: Db, draftOrderNo: string, userId: number, resourceCode: string, recordId: number): Promise<void> {
  await db
    .updateTable('uploadFile')
    .set({ orderNo: recordOrderNo(resourceCode, recordId), resourceCode, recordId })
    .where('orderNo', '=', draftOrderNo)
    .where('createdBy', '=', userId)
    .where('deletedAt', 'is', null)
    .execute();
}

export const DEFAULT_CATEGORY = ATTACHMENT_DEFAULT_CATEGORY;
