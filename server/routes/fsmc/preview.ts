import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound, refuse } from '../../http/answer';
import { route } from '../../http/route';
import { DB_ID_MAX } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { contract } from '../../../src/shared/contract';
import { extensionOf, previewKindOfFile } from '../../../src/shared/preview';
import { findFile, mayOpen } from '../../services/files';
import { officeConverter } from '../../services/office-preview';

/**
 * The previewer's Office conversion (docs/previewer.md): an Office file the caller may read,
 * answered as pdf (inline, nosniff), converted by LibreOffice on the first request and kept by
 * its sha256. The session comes in the JwtToken header (the session guard), never in the
 * address; read access is mayOpen's (whoever may see the record the file is attached to).
 */
export default async function previewRoutes(app: FastifyInstance) {
  const converter = officeConverter({ command: app.config.officeConverter, timeoutSeconds: app.config.officeConvertTimeoutSeconds, cacheDir: app.config.officePreviewDir });

  route(app, contract.preview.office, async (request, reply) => {
    const at = request.url.split('?')[0]!;
    const id = Number((request.params as { id: string }).id);
    const file = id <= DB_ID_MAX ? await findFile(app.db, id) : undefined;
    // A file of a record the caller may not see answers as if it did not exist (mayOpen: the one check of every route that hands out a file).
    if (!file || !(await mayOpen(app.db, file, request))) throw notFound(at);
    const source = path.join(app.config.filesDir, file.storageName);
    if (!fs.existsSync(source)) throw notFound(at);
    const fileName = file.originalFileName;
    if (previewKindOfFile(fileName) !== 'office') throw refuse(CODE.previewNotOffice, { fileName });
    if (!(await converter.available())) throw refuse(CODE.previewConverterMissing);
    const sha = await app.db.selectFrom('uploadFile').select('sha256').where('id', '=', file.id).executeTakeFirst();
    const outcome = await converter.convert(source, extensionOf(fileName), sha?.sha256 ?? '');
    if (!outcome.ok) {
      if (outcome.reason === 'timeout') throw refuse(CODE.previewConversionTimeout, { fileName, seconds: app.config.officeConvertTimeoutSeconds });
      throw refuse(CODE.previewConversionFailed, { fileName });
    }
    const pdfName = `${fileName.replace(/\.[^.]*$/, '')}.pdf`;
    reply
      .header('Content-Type', 'application/pdf')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(pdfName)}`)
      .header('Cache-Control', 'private, no-store');
    return reply.send(fs.createReadStream(outcome.pdf));
  });
}
