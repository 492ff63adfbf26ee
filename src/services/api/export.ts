import { pathOf } from '../../shared/contract';
import { EXPORT_ASYNC } from '../../shared/constants';
import { exportCalls, type ExportJob, type ExportRequest } from '../../shared/contract/export';
import { call } from '../http/call';
import { download, downloadOrData, remove, type Downloaded, type RemoveResult } from '../http/client';

/** What an export became: the file (saved already), or a background job to follow in the export-jobs list. */
export type ExportOutcome = { mode: 'file'; file: Downloaded } | { mode: 'job'; jobId: number };

/**
 * The export call (src/shared/contract/export.ts): a file is saved under the name the server
 * gave in content-disposition and the success tip shown (`download`); an answer of mode
 * EXPORT_ASYNC is a job. A refusal is not toasted: the export dialog says it beside what the
 * user chose.
 */
export async function exportFile(body: ExportRequest): Promise<ExportOutcome> {
  const got = await downloadOrData<{ exportType: number; jobId?: number }>({ method: 'POST', url: pathOf(exportCalls.export), data: body, noErrorTip: true });
  if (!('data' in got)) return { mode: 'file', file: got };
  if (got.data?.exportType !== EXPORT_ASYNC || !got.data.jobId) throw new Error(`unexpected export answer: ${JSON.stringify(got.data)}`);
  return { mode: 'job', jobId: got.data.jobId };
}

/** The caller's export jobs, newest first (a poll: no loading overlay, no toast; the list says a failure itself). */
export const listExportJobs = (): Promise<ExportJob[]> => call(exportCalls.jobs, undefined, { noErrorTip: true });

/** A done job's file, saved as a blob under its name (the session travels in the header, never in a URL). */
export const downloadExportJob = (id: number): Promise<Downloaded> => download({ method: 'POST', url: pathOf(exportCalls.downloadJob), data: { id } });

/** Removes a job and its file, once the user confirms (shell §7's delete); declined, nothing is sent. */
export const deleteExportJob = (id: number): Promise<RemoveResult<null>> => remove<null>({ url: pathOf(exportCalls.deleteJob), data: { id } });
