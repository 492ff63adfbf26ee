import { Body, Id, Nothing, Required, Text, Timestamp, Type, endpoint, type Static } from './define';
import { EXPORT_ASYNC, EXPORT_CONFIRM_ABOVE, EXPORT_FILE_NAME_MAX, EXPORT_FORBIDDEN_ABOVE, EXPORT_JOB_KEEP_HOURS, EXPORT_TYPE_ALL, PAGE_LIMIT_MAX, PAGE_START_MAX } from '../constants';

/**
 * The export call (widgets §2 "Export dialog", §3 "Export request/response", §5 "Export",
 * §7 "Dictionaries, export and import"; issue 13; docs/export.md), written once for the
 * browser's export dialog and the server's route.
 *
 * Request (POST, in the envelope like every call):
 * - `fileName`: what the user typed, at most EXPORT_FILE_NAME_MAX (50) characters. The server
 *   strips `\ / : * ? " < > |` again and adds the extension of `fileType`; a name with nothing
 *   left is refused (2503).
 * - `fileType`: a value of the FileType dictionary (`csv`, `xlsx`).
 * - `exportColumn`: the table's column fields to write, in order (the visible columns the user
 *   kept); at least one; a field that is not a column of the table is refused (2504).
 * - `exportType`: the scope, a value of the ExportType dictionary: EXPORT_TYPE_ALL ('02') all rows
 *   the query finds, EXPORT_SCOPE_PAGE ('01') the page `query.start`/`query.limit` only.
 *   DECISIONS "Export thresholds": in code this is `scope`; the answer's `exportType` is `mode`.
 * - `total`: what the table showed. Informational only: the server counts the rows itself.
 * - `tableUrl`: the table's query call, exactly as the resource contract names it
 *   (`exportTableUrl(def.code)` = `/api/fsmc/<code>/query`). It only selects one of the server's
 *   registered resource queries (unknown: 2500); it is never fetched. The caller needs the same
 *   function grant as for that query (403 otherwise).
 * - `query`: the body the table's last query sent (its filters, `sort`, `start`, `limit`),
 *   checked against that resource's query schema (400 when it does not fit). The rows are those
 *   the table would show: the same filters and sort, cut to the caller's data authorisation.
 *
 * Answer:
 * - a synchronous export (a page, or all rows up to EXPORT_CONFIRM_ABOVE = 10,000): the file
 *   itself, `Content-Disposition: attachment; filename="<ascii>"; filename*=UTF-8''<name>`
 *   (read it with `download()` of src/services/http/client.ts, which takes the name from it);
 * - otherwise the JSON envelope `{code, msg, data}`: above EXPORT_FORBIDDEN_ABOVE (1,000,000)
 *   rows code 2501 ("data volume exceeds 1 million, export forbidden"); between the two, an
 *   asynchronous job: code 0 with `data.exportType` = EXPORT_ASYNC (2), the `mode`, and
 *   `data.jobId`, the job to follow in the export-jobs list below (at most
 *   EXPORT_JOBS_WAITING_MAX of a user's jobs wait at once: 2510). Any non-zero code: show its
 *   msg (widgets §8).
 *
 * The jobs (docs/export.md, "Jobs"): `jobs` lists the caller's own, newest first, with their
 * progress (`rowsDone` of `total`), status, file and failure (a sentence in the caller's
 * language); `job` is one of them; `downloadJob` answers a done job's file (content-disposition
 * as above; the owner only, anyone else is told there is no such job, 2505); `deleteJob` removes
 * a job and its file (a running one stops after its batch). A finished job is kept
 * EXPORT_JOB_KEEP_HOURS hours.
 */

/** The FileType dictionary's values: the formats the server writes. */
export const EXPORT_FILE_TYPES = ['csv', 'xlsx'] as const;
export type ExportFileType = (typeof EXPORT_FILE_TYPES)[number];
/** The ExportType dictionary's "current page" value ('02', EXPORT_TYPE_ALL, is all data). */
export const EXPORT_SCOPE_PAGE = '01';
export const EXPORT_SCOPES = [EXPORT_SCOPE_PAGE, EXPORT_TYPE_ALL] as const;
/** The most columns one export writes (ours; no table has more). */
export const EXPORT_COLUMNS_MAX = 200;
/** The answer's `exportType` (mode) of a synchronous export, when one is ever sent as JSON. */
export const EXPORT_SYNC = 1;

/** The `tableUrl` naming a resource's query (the only kind the server exports). */
export const exportTableUrl = (resourceCode: string) => `/api/fsmc/${resourceCode}/query`;

const Field = Text(64, { min: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });

export const ExportRequest = Body({
  fileName: Required(EXPORT_FILE_NAME_MAX),
  fileType: Type.Enum([...EXPORT_FILE_TYPES]),
  exportColumn: Type.Array(Field, { minItems: 1, maxItems: EXPORT_COLUMNS_MAX }),
  exportType: Type.Enum([...EXPORT_SCOPES]),
  total: Type.Integer({ minimum: 0 }),
  tableUrl: Required(200),
  // The resource's own query schema checks it once the resource is known.
  query: Type.Object({ start: Type.Integer({ minimum: 1, maximum: PAGE_START_MAX }), limit: Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX }) }, { additionalProperties: true }),
});
export type ExportRequest = Static<typeof ExportRequest>;

/** An export job's states: waiting for a process, being written, its file ready, or failed with a reason. */
export const EXPORT_JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

export const ExportJob = Type.Object({
  id: Id,
  /** The file's name, extension included (what the download is saved as). */
  fileName: Type.String(),
  fileType: Type.Enum([...EXPORT_FILE_TYPES]),
  status: Type.Enum([...EXPORT_JOB_STATUSES]),
  /** The rows the server counted when the job was asked. */
  total: Type.Integer({ minimum: 0 }),
  /** The rows written so far (the progress). */
  rowsDone: Type.Integer({ minimum: 0 }),
  /** Why the job failed, in the caller's language; null unless failed. */
  failure: Type.Union([Type.String(), Type.Null()]),
  byteSize: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  createdAt: Timestamp,
  finishedAt: Type.Union([Timestamp, Type.Null()]),
  /** When a finished job and its file are removed. */
  expiresAt: Type.Union([Timestamp, Type.Null()]),
});
export type ExportJob = Static<typeof ExportJob>;

const JobId = Body({ id: Id });

export const exportCalls = {
  export: endpoint({
    path: '/api/fsmc/common/export',
    summary: `Exports the rows of a resource's table (tableUrl, query: its filters and sort, cut to the caller's data authorisation) as csv or xlsx, streamed: a page, or all rows up to ${EXPORT_CONFIRM_ABOVE}, answer the file (content-disposition with the UTF-8 name); above ${EXPORT_FORBIDDEN_ABOVE} rows 2501; between, a background job: data.exportType ${EXPORT_ASYNC} with data.jobId (2510 when the caller has too many waiting). Unknown tableUrl 2500; the query's function grant is needed (403).`,
    body: ExportRequest,
    data: Type.Object({ exportType: Type.Integer(), jobId: Type.Optional(Id) }),
    file: true,
  }),
  jobs: endpoint({
    method: 'GET',
    path: '/api/fsmc/common/export/jobs',
    summary: `The caller's export jobs, newest first: status, progress (rowsDone of total), file name and size, the failure in the caller's language; finished jobs are kept ${EXPORT_JOB_KEEP_HOURS} hours.`,
    data: Type.Array(ExportJob),
    client: { noLoading: true },
  }),
  job: endpoint({
    path: '/api/fsmc/common/export/job',
    summary: 'One of the caller\'s export jobs (2505 when the caller has none with this id).',
    body: JobId,
    flags: { read: true },
    data: ExportJob,
    client: { noLoading: true },
  }),
  downloadJob: endpoint({
    path: '/api/fsmc/common/export/job/download',
    summary: 'The file of one of the caller\'s done export jobs (content-disposition with the UTF-8 name); 2505 no such job of the caller\'s, 2506 not done, 2509 the file is gone.',
    body: JobId,
    flags: { read: true },
    data: Nothing,
    file: true,
  }),
  deleteJob: endpoint({
    path: '/api/fsmc/common/export/job/delete',
    summary: 'Removes one of the caller\'s export jobs and its file; a running job stops after the batch in hand (2505 no such job of the caller\'s).',
    body: JobId,
    data: Nothing,
  }),
};


