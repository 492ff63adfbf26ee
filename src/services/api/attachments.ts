import { contract, pathOf } from '../../shared/contract';
import type { UploadedFile } from '../../shared/contract/upload';
import type { AttachmentSetting } from '../../shared/attachments';
import { call } from '../http/call';
import { download, request, upload, type UploadProgress } from '../http/client';

/**
 * The attachment calls (src/shared/contract/upload.ts; docs/attachments.md). Uploads are
 * multipart with XHR progress; downloads are fetches carrying the session in their header and
 * saved as blobs: no token ever goes into an address.
 */
export const attachmentApi = {
  list: (orderNo: string) => call(contract.upload.list, { orderNo }) as Promise<UploadedFile[]>,
  setting: (businessCode: string) => call(contract.upload.setting, { businessCode }) as Promise<AttachmentSetting>,
  /** One file, its progress reported as it is sent; refusals are the widget's to say (no toast). */
  upload: (file: File, fields: { orderNo: string; fileBusinessType: string }, onProgress?: (p: UploadProgress) => void) =>
    upload<UploadedFile>({ url: pathOf(contract.upload.upload), files: { file }, fields, onProgress, noErrorTip: true, noLoading: true }),
  /** Bulk delete (one id deletes one file): the ids the server deleted. */
  remove: async (ids: number[]) =>
    ids.length === 1
      ? (await request<null>({ url: pathOf(contract.upload.remove), data: { id: ids[0] }, noErrorTip: true }), ids)
      : (await request<{ deleted: number[] }>({ url: pathOf(contract.upload.removeMany), data: { idList: ids }, noErrorTip: true })).deleted,
  update: (body: { id: number; fileBusinessType?: string; comment?: string }) => request<UploadedFile>({ url: pathOf(contract.upload.updateComment), data: body, noErrorTip: true }),
  /** One file under its own name, or several as one zip. */
  download: async (ids: number[]) => {
    const data = ids.length === 1 ? { id: String(ids[0]) } : { idList: ids.join(',') };
    await download({ method: 'GET', url: pathOf(contract.upload.download), data, noErrorTip: true });
  },
};
