import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../src/shared/contract';
import { CODE } from '../../../src/shared/codes';
import { EXPORT_ASYNC, EXPORT_JOB_KEEP_HOURS } from '../../../src/shared/constants';
import { ok, refuse } from '../../http/answer';
import { asAttachment } from '../../http/content-disposition';
import { route } from '../../http/route';
import { planExport, sendExport } from '../../services/export/export';
import { createExportJob, deleteJob, jobFilePath, jobView, listJobs, ownJob } from '../../services/export/jobs';
import { csvWriter } from '../../services/export/csv-writer';
import { xlsxWriter } from '../../services/export/xlsx-writer';

/**
 * The export of any resource's table and its background jobs (issue 13; docs/export.md). Up to
 * EXPORT_CONFIRM_ABOVE rows the file comes now; above, the validated request becomes a job
 * (answer mode EXPORT_ASYNC with its id), which the caller follows and downloads here. Each job
 * call reads the caller's own jobs only.
 */
export default async function exportRoutes(app: FastifyInstance) {
  route(app, contract.export.export, async (request, reply) => {
    const plan = await planExport(request, request.body);
    if (plan.mode === 'job') return ok({ exportType: EXPORT_ASYNC, jobId: await createExportJob(request, plan, request.body) });
    return sendExport(request, reply, plan);
  });

  route(app, contract.export.jobs, async (request) => ok((await listJobs(app.db, request.user!.id)).map((row) => jobView(row, request.t))));

  route(app, contract.export.job, async (request) => ok(jobView(await ownJob(app.db, request.user!.id, request.body.id), request.t)));

  route(app, contract.export.downloadJob, async (request, reply) => {
    const job = await ownJob(app.db, request.user!.id, request.body.id);
    if (job.status !== 'done' || !job.storageName) throw refuse(CODE.exportJobNotDone);
    let file: fs.ReadStream;
    try {
      // Opened before a header is sent, so a missing file is a refusal, not a cut download.
      const fd = await fs.promises.open(jobFilePath(app.config.filesDir, job.storageName), 'r');
      file = fd.createReadStream();
    } catch {
      throw refuse(CODE.exportJobFileGone, { hours: EXPORT_JOB_KEEP_HOURS });
    }
    const type = (job.fileType === 'xlsx' ? xlsxWriter() : csvWriter()).contentType;
    return asAttachment(reply, job.fileName, type).send(file);
  });

  route(app, contract.export.deleteJob, async (request) => {
    await deleteJob(app.db, app.config.filesDir, await ownJob(app.db, request.user!.id, request.body.id));
    return ok(null);
  });
}
