import { pathOf } from '../../shared/contract';
import { exportCalls, type ExportRequest } from '../../shared/contract/export';
import { download, type Downloaded } from '../http/client';

/**
 * The export call (src/shared/contract/export.ts): the file is saved under the name the server
 * gave in content-disposition and the success tip shown (`download`). A refusal is not toasted:
 * the export dialog says it beside what the user chose.
 */
export function exportFile(body: ExportRequest): Promise<Downloaded> {
  return download({ method: 'POST', url: pathOf(exportCalls.export), data: body, noErrorTip: true });
}
