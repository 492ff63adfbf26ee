import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { Value } from 'typebox/value';
import { contract } from '../../../src/shared/contract';
import { IMPORT_FILE_FIELD, ImportFields, type ImportFieldValues } from '../../../src/shared/contract/import';
import { IMPORT_MAX_BYTES, IMPORT_REPORT_KEEP_HOURS, IMPORT_TEMP_STALE_MS, IMPORT_UNPACKED_MAX_BYTES } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { formatBytes } from '../../../src/shared/attachments';
import { ok, refuse } from '../../http/answer';
import { route } from '../../http/route';
import { formParts, hasControlCharacter, pipePart } from '../../http/multipart';
import { asAttachment } from '../../http/content-disposition';
import { requireFunc } from '../../services/permissions';
import { translator } from '../../i18n';
import { fileTypeOf, importable, planImport, runImport, writeFuncs, type ImportPlan } from '../../services/import/import';
import { readSheet, UnpackedTooLarge, UnreadableFile } from '../../services/import/read-sheet';
import { ownReport } from '../../services/import/reports';
import { XLSX_TYPE, reportWorkbook, templateWorkbook } from '../../services/import/workbooks';

/**
 * The import calls (issue 13 point 3; docs/import.md): a resource's template, the import of a
 * filled one, and a refused import's error report. Every call needs the resource's function (the
 * grant that lets its user add records); the report, its importer. The file streams to a
 * temporary file in the file store (FILES_DIR, outside the web root, a server-generated name),
 * is read from there and removed whatever happens.
 */

/** The multipart fields against the contract's schema (a JSON body schema cannot see them): 2614 names the first bad one. */
function checkFields(raw: Record<string, string>): ImportFieldValues {
  if (Value.Check(ImportFields, raw)) return raw as ImportFieldValues;
  const first = [...Value.Errors(ImportFields, raw)][0] as { instancePath?: string; params?: { requiredProperties?: string[]; additionalProperties?: string[] } } | undefined;
  const field = first?.params?.requiredProperties?.[0] ?? first?.params?.additionalProperties?.[0] ?? first?.instancePath?.replace(/^\//, '') ?? '-';
  throw refuse(CODE.importBadField, { field: field || '-' }, { status: 400 });
}

/** Reads what is left of a part so the request ends cleanly after a refusal. */
const drain = (part: MultipartFile) => pipeline(part.file, new Transform({ transform: (_c, _e, next) => next() })).catch(() => undefined);

export default async function importRoutes(app: FastifyInstance) {
  const tempDir = path.join(app.config.filesDir, 'import-tmp');
  // A file a process left when it died mid-import. Only old ones: another process sharing the
  // file store (PostgreSQL, several processes) may be reading a fresh one right now.
  app.addHook('onReady', async () => {
    const now = app.clock.now();
    const names = await fs.promises.readdir(tempDir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(tempDir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > IMPORT_TEMP_STALE_MS) await fs.promises.rm(file, { force: true });
    }
  });

  /** The resource and template a call names, once the caller may write the resource (403 otherwise). */
  async function writable(request: FastifyRequest, code: string, templateType: string) {
    const found = importable(code, templateType);
    await requireFunc(writeFuncs(found.def))(request);
    return found;
  }

  route(app, contract.import.template, async (request, reply) => {
    const { def, template } = await writable(request, request.body.resource, request.body.templateType);
    if (!template) throw refuse(CODE.importUnknown, { resource: def.label[request.lang], templateType: request.body.templateType });
    const bytes = await templateWorkbook(def, template.columns, request.lang, template.label[request.lang]);
    const fileName = `${request.t('import.template.fileName', { resource: def.label[request.lang] })}.xlsx`;
    return asAttachment(reply, fileName, XLSX_TYPE).send(bytes);
  });

  // A file after the second is past busboy's files limit (the second is refused as 2603 already); the rest it cannot read is malformed.
  const unreadable = (error: unknown) => (error instanceof app.multipartErrors.FilesLimitError ? refuse(CODE.importSingleFile) : refuse(CODE.importMalformed, {}, { status: 400 }));

  route(app, contract.import.import, async (request) => {
    if (!request.isMultipart()) throw refuse(CODE.importNoFile, {}, { status: 400 });
    const raw: Record<string, string> = {};
    let plan: ImportPlan | null = null;
    let saved: { file: string; name: string } | null = null;
    try {
      // throwFileSizeLimit off: a part over the limit ends truncated and is refused here (2608, naming the limit).
      // defParamCharset: browsers send a file name's UTF-8 bytes as they are (RFC 7578), not latin1.
      const parts = request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 2 }, throwFileSizeLimit: false, defParamCharset: 'utf8' } as Parameters<typeof request.parts>[0]);
      for await (const part of formParts(parts, unreadable)) {
        if (part.type === 'field') {
          raw[part.fieldname] = String(part.value);
          continue;
        }
        try {
          // Every rule that needs no byte of the file is checked before one is written.
          if (part.fieldname !== IMPORT_FILE_FIELD) throw refuse(CODE.importBadField, { field: part.fieldname }, { status: 400 });
          if (saved) throw refuse(CODE.importSingleFile);
          const fields = checkFields(raw);
          const { def } = await writable(request, fields.resource, fields.templateType);
          plan = planImport(def, fields, request.lang);
          if (hasControlCharacter(part.filename || '')) throw refuse(CODE.importBadFileName, {}, { status: 400 });
          const name = path.basename(part.filename || '');
          if (!name) throw refuse(CODE.importNoFile);
          fileTypeOf(name);
          fs.mkdirSync(tempDir, { recursive: true });
          saved = { file: path.join(tempDir, randomUUID()), name };
        } catch (error) {
          await drain(part);
          throw error;
        }
        await pipePart(part, [fs.createWriteStream(saved.file, { flags: 'wx', mode: 0o600 })], unreadable);
        if (part.file.truncated) throw refuse(CODE.importTooLarge, { limit: formatBytes(IMPORT_MAX_BYTES) }, { status: 413 });
      }
      if (!saved || !plan) {
        // No file: the form's rules that come before it still speak first.
        const fields = checkFields(raw);
        const { def } = await writable(request, fields.resource, fields.templateType);
        planImport(def, fields, request.lang);
        throw refuse(CODE.importNoFile);
      }
      const type = fileTypeOf(saved.name);
      let rows;
      try {
        rows = await readSheet(saved.file, type);
      } catch (error) {
        if (error instanceof UnreadableFile) throw refuse(CODE.importFileUnreadable, { fileName: saved.name, ext: type });
        if (error instanceof UnpackedTooLarge) throw refuse(CODE.importUnpackedTooLarge, { fileName: saved.name, limit: formatBytes(IMPORT_UNPACKED_MAX_BYTES) });
        throw error;
      }
      return ok(await runImport(app.db, request, plan, rows, app.clock.now()));
    } finally {
      if (saved) fs.rmSync(saved.file, { force: true });
    }
  });

  route(app, contract.import.report, async (request, reply) => {
    const report = await ownReport(app.db, request.user!.id, request.body.id, app.clock.now());
    if (!report) throw refuse(CODE.importReportUnknown, { hours: IMPORT_REPORT_KEEP_HOURS });
    // The headings in the language the problems were written in.
    const t = translator(report.lang === 'en-US' ? 'en-US' : 'zh-CN');
    const def = importable(report.resourceCode, '').def;
    const bytes = await reportWorkbook(report.errors, t);
    const fileName = `${t('import.report.fileName', { resource: def.label[report.lang === 'en-US' ? 'en-US' : 'zh-CN'] })}.xlsx`;
    return asAttachment(reply, fileName, XLSX_TYPE).send(bytes);
  });
}
