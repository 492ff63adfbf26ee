import { pathOf } from '../../shared/contract';
import { IMPORT_FILE_FIELD, importCalls, type ImportRefusal, type ImportResult } from '../../shared/contract/import';
import { CODE } from '../../shared/codes';
import { HEADERS } from '../../shared/constants';
import type { ImportRequest, ImportRowsRefusal } from '../../machines/import.machine';
import { ApiError, download, upload, type UploadProgress } from '../http/client';
import { requestHeaders } from '../http/headers';
import { requestToken } from '../http/request-token';

/**
 * The import calls (src/shared/contract/import.ts; docs/import.md) for the import dialog. The
 * import is a multipart upload through the client's XMLHttpRequest `upload` (fetch reports no
 * upload progress), carrying a fresh request token (the import creates records) and
 * contentFilter=false; a refusal for the file's rows comes back as an ImportRowsRefusal the
 * machine tells apart. No refusal is toasted: the dialog says it.
 */

export function downloadImportTemplate(resource: string, templateType: string): Promise<unknown> {
  return download({ url: pathOf(importCalls.template), data: { resource, templateType }, noErrorTip: true });
}

export function downloadImportReport(id: string): Promise<unknown> {
  return download({ url: pathOf(importCalls.report), data: { id }, noErrorTip: true });
}

export async function importFile(resource: string, request: ImportRequest, onProgress: (progress: UploadProgress) => void): Promise<ImportResult> {
  const session = requestHeaders();
  // A token of its own: the one the page holds may be spent by the time the file is up.
  await requestToken.refresh(session);
  const token = await requestToken.current();
  const [file] = request.files as unknown as File[];
  try {
    return await upload<ImportResult>({
      url: pathOf(importCalls.import),
      fields: {
        resource,
        templateType: request.templateType,
        // The contract's bound; the file part carries the name that is read.
        fileNames: request.files.map((f) => f.name).join(',').slice(0, 255),
        importType: request.importType,
        importTypeDate: request.range ? `${request.range.from},${request.range.to}` : '',
      },
      files: { [IMPORT_FILE_FIELD]: file! },
      headers: token ? { [HEADERS.requestToken]: token } : {},
      noErrorTip: true,
      noLoading: true,
      onProgress,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === CODE.importRowsInvalid) {
      const data = error.data as ImportRefusal;
      const refusal: ImportRowsRefusal = { message: error.message, errorCount: data.errorCount, reportId: data.reportId };
      throw refusal;
    }
    throw error;
  } finally {
    // The token went with this request: the next create fetches its own.
    void requestToken.refresh(session);
  }
}
