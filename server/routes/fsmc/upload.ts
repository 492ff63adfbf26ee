import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { contract } from '../../../src/shared/contract';
import { ID_LIST_PATTERN, UploadFields, type UploadFieldValues } from '../../../src/shared/contract/upload';
import { ACCEPTED_EXTENSIONS, extensionOf, formatBytes, isAcceptedExtension, isDeletableFlag, isKnownCategory, ownerOf, remainingSlots } from '../../../src/shared/attachments';
import { ATTACHMENT_DEFAULT_CATEGORY, ATTACHMENT_SYSTEM_CODE, DB_ID_MAX, UPLOAD_FILE_NAME_MAX } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { ok, refuse } from '../../http/answer';
import { route } from '../../http/route';
import { formParts, hasControlCharacter, pipePart } from '../../http/multipart';
import { attachmentDisposition } from '../../http/content-disposition';
import { storageNameFor } from '../../services/files';
import { contentFits } from '../../services/attachments/sniff';
import { zipStream } from '../../services/attachments/zip';
import { fileAccess, orderAccess, type Access } from '../../services/attachments/access';
import * as store from '../../services/attachments/store';
import { GUIDE_ATTACHMENT_BUSINESS } from '../../../src/shared/operation-guide';
import { DECISION_ATTACHMENT_BUSINESS } from '../../../src/shared/workflow';

/**
 * The attachment calls (widgets §7 "Files"; docs/attachments.md). Uploads stream to the file
 * store under a server-generated name and are kept only once their size, the business's count
 * and their content have passed; reads and changes go through the record's visibility
 * (server/services/attachments/access.ts). No call takes the session anywhere but its header.
 */

const MIME: Record<string, string> = {
  pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', txt: 'text/plain; charset=utf-8', csv: 'text/csv',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ppt: 'application/vnd.ms-powerpoint', zip: 'application/zip', rar: 'application/vnd.rar',
  odt: 'application/vnd.oasis.opendocument.text', ods: 'application/vnd.oasis.opendocument.spreadsheet', odp: 'application/vnd.oasis.opendocument.presentation',
  odg: 'application/vnd.oasis.opendocument.graphics', odf: 'application/vnd.oasis.opendocument.formula', rtf: 'application/rtf',
};

/** The multipart fields, checked against the contract's bounds (a JSON schema cannot see them). */
function checkFields(raw: Record<string, string>): UploadFieldValues {
  const props = UploadFields.properties as Record<string, { maxLength?: number; minLength?: number; pattern?: string }>;
  for (const name of Object.keys(raw)) if (!(name in props)) throw refuse(CODE.uploadBadField, { field: name }, { status: 400 });
  for (const [name, schema] of Object.entries(props)) {
    const value = raw[name];
    const required = ((UploadFields.required ?? []) as readonly string[]).includes(name);
    if (value === undefined) {
      if (required) throw refuse(CODE.uploadBadField, { field: name }, { status: 400 });
      continue;
    }
    const bad = (schema.maxLength !== undefined && value.length > schema.maxLength) || (schema.minLength !== undefined && value.length < schema.minLength) || (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value));
    if (bad) throw refuse(CODE.uploadBadField, { field: name }, { status: 400 });
  }
  return raw as UploadFieldValues;
}

/**
 * A name within the column's length, its extension kept: cut at the end, a long name would lose
 * it and be refused as a type it is not. By code points, so no character is cut in half.
 */
function shortened(fileName: string): string {
  const chars = [...fileName];
  if (chars.length <= UPLOAD_FILE_NAME_MAX) return fileName;
  const tail = extensionOf(fileName) ? [...fileName.slice(fileName.lastIndexOf('.'))] : [];
  const keep = tail.length < UPLOAD_FILE_NAME_MAX ? tail : [];
  return [...chars.slice(0, UPLOAD_FILE_NAME_MAX - keep.length), ...keep].join('');
}

/** Reads what is left of a part so the request ends cleanly after a refusal. */
const drain = (part: MultipartFile) => pipeline(part.file, new Transform({ transform: (_c, _e, next) => next() })).catch(() => undefined);

export default async function uploadRoutes(app: FastifyInstance) {
  const filesDir = app.config.filesDir;
  const limit = app.config.uploadMaxBytes;
  const tooLarge = () => refuse(CODE.uploadTooLarge, { limit: formatBytes(limit) }, { status: 413 });

  /** A file the caller may at least read (2706 otherwise: another's file says nothing). */
  async function readable(request: FastifyRequest, ids: readonly number[], need: Access = 'read') {
    // An id past the database's integer range names no file (the query's digits allow ten).
    if (ids.some((id) => id > DB_ID_MAX)) throw refuse(CODE.uploadFileNotFound);
    const files = await store.storedFiles(app.db, ids);
    if (files.length !== new Set(ids).size) throw refuse(CODE.uploadFileNotFound);
    const access = await Promise.all(files.map((f) => fileAccess(app.db, request, f)));
    if (access.some((a) => a === 'none')) throw refuse(CODE.uploadFileNotFound);
    if (need === 'change' && access.some((a) => a !== 'change')) throw refuse(CODE.uploadRecordLocked);
    return files;
  }

  // One file an upload: busboy's files limit stops a second (FilesLimitError); the rest it cannot read is malformed.
  const unreadable = (error: unknown) => refuse(error instanceof app.multipartErrors.FilesLimitError ? CODE.uploadSingleFile : CODE.uploadMalformed, {}, { status: 400 });

  route(app, contract.upload.upload, async (request) => {
    if (!request.isMultipart()) throw refuse(CODE.uploadNoFile, {}, { status: 400 });
    const raw: Record<string, string> = {};
    let kept: { storageName: string; fileName: string; ext: string; bytes: number; sha256: string; fields: UploadFieldValues; category: string } | null = null;
    // A written file is removed on any failure until its row exists: the body may still turn out
    // malformed or carry a second file after it, and the insert itself may fail.
    let written: string | null = null;
    try {
      // throwFileSizeLimit off: a part over the limit ends truncated and is refused here (2700, naming the limit).
      // defParamCharset: browsers send a file name's UTF-8 bytes as they are (RFC 7578), not latin1.
      const parts = request.parts({ limits: { fileSize: limit, files: 1 }, throwFileSizeLimit: false, defParamCharset: 'utf8' } as Parameters<typeof request.parts>[0]);
      for await (const part of formParts(parts, unreadable)) {
        if (part.type === 'field') {
          raw[part.fieldname] = String(part.value);
          continue;
        }
        // Every check that needs no byte of the file runs before one is written.
        const fields = (() => {
          try {
            return checkFields(raw);
          } catch (error) {
            void drain(part);
            throw error;
          }
        })();
        const refuseEarly = async (error: Error) => {
          await drain(part);
          return error;
        };
        const given = part.filename || '';
        if (hasControlCharacter(given)) throw await refuseEarly(refuse(CODE.uploadBadFileName, {}, { status: 400 }));
        const fileName = shortened(path.basename(given));
        const ext = extensionOf(fileName);
        if (!fileName) throw await refuseEarly(refuse(CODE.uploadNoFile, {}, { status: 400 }));
        if (!isAcceptedExtension(ext)) throw await refuseEarly(refuse(CODE.uploadTypeNotAccepted, { ext: ext || '-', accepted: ACCEPTED_EXTENSIONS.join(', ') }));
        const target = await orderAccess(app.db, request, fields.orderNo);
        if (target.access === 'none') throw await refuseEarly(refuse(CODE.uploadOwnerUnknown, { orderNo: fields.orderNo }));
        if (target.access !== 'change') throw await refuseEarly(refuse(CODE.uploadRecordLocked));
        const setting = target.businessCode ? await store.settingOf(app.db, target.businessCode) : null;
        if (setting && !setting.attachmentFlag) throw await refuseEarly(refuse(CODE.uploadOff));
        if (setting?.attachmentOuterUrl) throw await refuseEarly(refuse(CODE.uploadExternal, { url: setting.attachmentOuterUrl }));
        // A decision draft is shared by the record's reviewers: each counts only their own files.
        const own = ownerOf(fields.orderNo)?.kind === 'decisionDraft' ? request.user!.id : undefined;
        if (setting && remainingSlots(setting, await store.countFiles(app.db, fields.orderNo, own)) <= 0) throw await refuseEarly(refuse(CODE.uploadCountLimit, { max: setting.attachmentSize }));
        const category = fields.fileBusinessType ?? ATTACHMENT_DEFAULT_CATEGORY;
        if (setting && !isKnownCategory(setting, category)) throw await refuseEarly(refuse(CODE.uploadCategoryUnknown, { type: category }));

        // Streamed to disk under a generated name, hashed on the way; nothing of it is kept in memory.
        const storageName = storageNameFor(fileName);
        const location = path.join(filesDir, storageName);
        fs.mkdirSync(filesDir, { recursive: true });
        const hash = createHash('sha256');
        let bytes = 0;
        const meter = new Transform({
          transform(chunk: Buffer, _e, next) {
            hash.update(chunk);
            bytes += chunk.length;
            next(null, chunk);
          },
        });
        written = location;
        await pipePart(part, [meter, fs.createWriteStream(location, { flags: 'wx' })], unreadable);
        if (part.file.truncated) throw tooLarge();
        const fits = await contentFits(location, ext);
        if (!fits.fits) throw refuse(CODE.uploadContentMismatch, { fileName, ext });
        kept = { storageName, fileName, ext, bytes, sha256: hash.digest('hex'), fields, category };
      }
      if (!kept) throw refuse(CODE.uploadNoFile, {}, { status: 400 });
      const { fields, fileName, ext } = kept;
      const owner = ownerOf(fields.orderNo);
      const row = await app.db
        .insertInto('uploadFile')
        .values({
          orderNo: fields.orderNo,
          systemCode: fields.systemCode ?? ATTACHMENT_SYSTEM_CODE,
          fileBusinessType: kept.category,
          originalFileName: fileName,
          fileExtName: ext,
          mimeType: MIME[ext] ?? 'application/octet-stream',
          byteSize: kept.bytes,
          sha256: kept.sha256,
          storageName: kept.storageName,
          comment: fields.comment || null,
          createdBy: request.user!.id,
          deleteFlag: '1',
          resourceCode: owner?.kind === 'record' ? owner.resourceCode : null,
          recordId: owner?.kind === 'record' ? owner.recordId : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      written = null;
      return ok(await store.oneFile(app.db, row.id, request.lang));
    } catch (error) {
      if (written) fs.rmSync(written, { force: true });
      throw error;
    }
  });

  /** The files under an orderNo the caller may read: a record's if they may read it; of a draft, their own. */
  async function filesUnder(request: FastifyRequest, orderNo: string, filter: { systemCode?: string; fileBusinessType?: string }) {
    if ((await orderAccess(app.db, request, orderNo)).access === 'none') throw refuse(CODE.uploadFileNotFound);
    const kind = ownerOf(orderNo)?.kind;
    const draft = kind === 'draft' || kind === 'decisionDraft';
    return store.listFiles(app.db, orderNo, { ...filter, ...(draft ? { createdBy: request.user!.id } : {}) }, request.lang);
  }

  route(app, contract.upload.list, async (request) => {
    const { orderNo, ...filter } = request.body;
    return ok(await filesUnder(request, orderNo, filter));
  });

  route(app, contract.upload.attachments, async (request) => {
    const { orderNo, systemCode } = request.body;
    return ok((await filesUnder(request, orderNo, { systemCode })).map((f) => ({ id: f.id, originalFileName: f.originalFileName })));
  });

  route(app, contract.upload.remove, async (request) => {
    const [file] = await readable(request, [request.body.id], 'change');
    if (!isDeletableFlag(file!.deleteFlag)) throw refuse(CODE.uploadNotDeletable, { fileName: file!.originalFileName });
    await store.deleteFiles(app.db, filesDir, [file!], new Date(app.clock.now()));
    return ok(null);
  });

  route(app, contract.upload.removeMany, async (request) => {
    const ids = [...new Set(request.body.idList)];
    if (ids.length === 0) throw refuse(CODE.uploadEmptySelection);
    const files = (await readable(request, ids, 'change')).filter((f) => isDeletableFlag(f.deleteFlag));
    if (files.length === 0) throw refuse(CODE.uploadNoneDeletable);
    await store.deleteFiles(app.db, filesDir, files, new Date(app.clock.now()));
    return ok({ deleted: files.map((f) => f.id) });
  });

  route(app, contract.upload.updateComment, async (request) => {
    const { id, fileBusinessType, comment } = request.body;
    const [file] = await readable(request, [id], 'change');
    const owner = ownerOf(file!.orderNo);
    const business = owner?.kind === 'record' ? owner.resourceCode : owner?.kind === 'guide' ? GUIDE_ATTACHMENT_BUSINESS : owner?.kind === 'decisionDraft' ? DECISION_ATTACHMENT_BUSINESS : null;
    if (fileBusinessType !== undefined && business) {
      const setting = await store.settingOf(app.db, business);
      if (!isKnownCategory(setting, fileBusinessType)) throw refuse(CODE.uploadCategoryUnknown, { type: fileBusinessType });
    }
    await app.db
      .updateTable('uploadFile')
      .set({ ...(fileBusinessType !== undefined ? { fileBusinessType } : {}), ...(comment !== undefined ? { comment: comment || null } : {}) })
      .where('id', '=', id)
      .execute();
    return ok(await store.oneFile(app.db, id, request.lang));
  });

  route(app, contract.upload.download, async (request, reply) => {
    const { id, idList } = request.query;
    if (!id && !idList) throw refuse(CODE.uploadEmptySelection);
    if (idList && !new RegExp(ID_LIST_PATTERN).test(idList)) throw refuse(CODE.uploadEmptySelection);
    const ids = id ? [Number(id)] : [...new Set(idList!.split(',').map(Number))];
    const files = await readable(request, ids);
    reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store');
    if (id) {
      const file = files[0]!;
      const location = path.join(filesDir, file.storageName);
      if (!fs.existsSync(location)) throw refuse(CODE.uploadFileNotFound);
      reply.header('Content-Type', 'application/octet-stream').header('Content-Length', String(file.byteSize)).header('Content-Disposition', attachmentDisposition(file.originalFileName));
      return reply.send(fs.createReadStream(location));
    }
    const missing = files.find((f) => !fs.existsSync(path.join(filesDir, f.storageName)));
    if (missing) throw refuse(CODE.uploadFileNotFound);
    const name = `${request.t('upload.zipName')}.zip`;
    reply.header('Content-Type', 'application/zip').header('Content-Disposition', attachmentDisposition(name));
    return reply.send(zipStream(files.map((f) => ({ path: path.join(filesDir, f.storageName), name: f.originalFileName }))));
  });

  route(app, contract.upload.setting, async (request) => ok(await store.settingOf(app.db, request.body.businessCode)));
}
