import { expect } from '@jest/globals';
import { ATTACHMENT_DEFAULT_CATEGORY, ATTACHMENT_SETTING_DEBOUNCE_MS } from '../../src/shared/constants';
import type { AttachmentSetting } from '../../src/shared/attachments';
import type { UploadedFile } from '../../src/shared/contract/upload';
import { choiceProblem, uploadMachine, type UploadInput } from '../../src/machines/upload.machine';
import { connectUpload } from '../../src/machines/upload.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof uploadMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectUpload(s, () => undefined);

const MAX = 1000;
const file = (id: number, name: string, deleteFlag: string, fileBusinessType = ATTACHMENT_DEFAULT_CATEGORY): UploadedFile => ({
  id, orderNo: 'contact-org-acc:7', originalFileName: name, fileExtName: name.split('.').pop()!, fileMBSize: 0, byteSize: 10, createTime: '2026-11-24T00:00:00.000Z', createByName: 'admin', fileBusinessType, deleteFlag, comment: '',
});
const SETTING: AttachmentSetting = { attachmentFlag: true, attachmentOuterUrl: '', isSelfSet: true, defaultIsRequire: false, isLimit: true, attachmentSize: 4, attachmentTypeList: [{ attachmentTypeName: 'Licence', isRequire: true }, { attachmentTypeName: 'Other', isRequire: false }] };
const LOADED = { files: [file(1, 'a.pdf', '1'), file(2, 'locked.txt', '0')], setting: SETTING };
const UPLOADED = file(3, 'new.png', '1', 'Licence');
const UPDATED = { ...file(1, 'a.pdf', '1'), fileBusinessType: 'Other' };
const inputs: UploadInput[] = [
  { orderNo: 'draft:0b0e9d1c-3a53-4c53-9a4e-2f1de2a6d0a1', businessCode: 'contact-org-acc', readOnly: false, maxBytes: MAX },
  { orderNo: 'contact-org-acc:7', businessCode: 'contact-org-acc', readOnly: true, maxBytes: MAX },
];
const ok = (key: string) => ({ key, name: `${key}.png`, size: 10 });
const failedUpload = new Error('The content of x.pdf is not a pdf file');

const idle = (s: Snapshot) => s.matches({ ready: 'idle' });
/** The loaded files as they came, nothing ticked, nothing said, the default category: most events start only here, so the walk stays small. */
const calm = (s: Snapshot) =>
  idle(s) && !s.context.problem && s.context.selected.length === 0 && s.context.files.map((f) => `${f.id}${f.fileBusinessType}`).join() === `1${ATTACHMENT_DEFAULT_CATEGORY},2${ATTACHMENT_DEFAULT_CATEGORY}` && s.context.category === 'Licence';

/**
 * The attachment uploader (issue 13 point 4): files and setting loaded, choices checked before
 * sending (type, size below the limit, count), uploads in turn with progress, deletes confirmed
 * and refused by deleteFlag, bulk actions refused with nothing ticked, bulk delete refused when
 * none may go, category and comment saved, the setting refetched 500 ms after the business's
 * last change, read-only in view and approval.
 */
describeModel(uploadMachine, {
  inputs,
  events: {
    'FILES.ADD': (s: Snapshot) => (calm(s) ? [{ files: [ok('p1'), ok('p2')] }, { files: [{ key: 'big', name: 'big.pdf', size: MAX }] }, { files: [{ key: 'exe', name: 'run.exe', size: 1 }] }, { files: [ok('c1'), ok('c2'), ok('c3')] }, { files: [] }] : []),
    'UPLOAD.PROGRESS': (s: Snapshot) => (s.matches({ ready: 'uploading' }) && s.context.percent === 0 && s.context.queue.length === 2 ? [{ key: s.context.queue[0]!.key, percent: 50 }, { key: 'other', percent: 70 }] : []),
    'CATEGORY.CHOOSE': (s: Snapshot) => (calm(s) && s.context.category === 'Licence' ? [{ value: 'Other' }, { value: 'Nonsense' }] : []),
    'SELECT.TOGGLE': (s: Snapshot) => (calm(s) ? [{ id: 1 }, { id: 2 }] : []),
    'SELECT.ALL': (s: Snapshot) => (calm(s) ? [{ checked: true }] : s.context.selected.length === 2 && !s.context.problem ? [{ checked: false }] : []),
    'DELETE.REQUEST': (s: Snapshot) => (calm(s) ? [{ id: 1 }, { id: 2 }] : []),
    'BULK.DELETE': (s: Snapshot) => (calm(s) || (s.context.selected.length > 0 && !s.context.problem) ? [{}] : []),
    'FILE.DOWNLOAD': (s: Snapshot) => (calm(s) ? [{ id: 2 }] : []),
    'BULK.DOWNLOAD': (s: Snapshot) => (calm(s) || (s.context.selected.length > 0 && !s.context.problem) ? [{}] : []),
    'CONFIRM.OK': [{}],
    'CONFIRM.CANCEL': [{}],
    'FILE.UPDATE': (s: Snapshot) => (calm(s) ? [{ id: 1, fileBusinessType: 'Other' }] : []),
    'BUSINESS.CHANGE': (s: Snapshot) => (calm(s) && s.context.businessCode === 'contact-org-acc' ? [{ businessCode: 'counter-party' }] : s.matches({ ready: 'settingDue' }) && s.context.businessCode === 'counter-party' ? [{ businessCode: 'contact-org-acc' }] : []),
    'ORDER.CHANGE': (s: Snapshot) => (calm(s) && s.context.orderNo.startsWith('draft:') ? [{ orderNo: 'contact-org-acc:7' }] : []),
    'PROBLEM.DISMISS': (s: Snapshot) => (s.context.problem ? [{}] : []),
    RETRY: [{}],
  },
  actors: {
    loadAttachments: { outputs: [LOADED] },
    loadSetting: { outputs: [SETTING] },
    uploadFile: { outputs: [UPLOADED], errors: [failedUpload] },
    removeFiles: { outputs: [[1]] },
    downloadFiles: { outputs: [undefined] },
    updateFile: { outputs: [UPDATED] },
  },
  serializeState: ((s: Snapshot) =>
    JSON.stringify([s.value, s.context.orderNo, s.context.readOnly, s.context.businessCode, s.context.files.map((f) => `${f.id}${f.fileBusinessType}`), s.context.selected, s.context.queue.length, s.context.percent, s.context.category, s.context.problem?.kind ?? null, s.context.pendingDelete, s.context.downloadIds])) as never,
  onState: (s) => {
    const api = view(s);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.state });
    // Read-only: nothing that changes a file is offered (widgets §4 "Form type").
    if (s.context.readOnly) {
      expect([api.getDropzoneProps().hidden, api.getBulkDeleteProps().hidden]).toEqual([true, true]);
      for (const f of s.context.files) expect(api.getDeleteProps(f).hidden).toBe(true);
      expect(s.context.queue).toEqual([]);
    } else {
      // Delete only when deleteFlag is empty or 1 (widgets §5).
      for (const f of s.context.files) expect(api.getDeleteProps(f).hidden).toBe(f.deleteFlag === '0');
    }
    expect(s.context.files.length).toBeLessThanOrEqual(SETTING.attachmentSize);
  },
  states: {
    loading: (s, _step, run) => {
      expect(view(s).busy).toBe(true);
      expect(run.inputs.loadAttachments?.at(-1)).toEqual({ orderNo: s.context.orderNo, businessCode: s.context.businessCode });
    },
    failed: (s) => {
      const api = view(s);
      expect(api.failure).toBe('model: loadAttachments failed');
      expect(api.getRetryProps().hidden).toBe(false);
    },
    'ready.idle': (s) => {
      const api = view(s);
      expect(api.busy).toBe(false);
      expect(api.getProgressProps().hidden).toBe(true);
      // The required type is missing until a file is filed under it.
      expect(api.missing).toEqual(s.context.files.some((f) => f.fileBusinessType === 'Licence') ? null : { key: 'upload.required', params: { type: 'Licence' } });
      const problem = s.context.problem;
      expect(api.getProblemProps().hidden).toBe(!problem);
      if (problem?.kind === 'emptySelection') expect(s.context.selected).toEqual([]);
      if (problem?.kind === 'noneDeletable') expect(api.deletableSelected).toEqual([]);
      if (problem?.kind === 'tooLarge') expect(api.problem).toEqual({ key: 'upload.problem.tooLarge', params: { name: 'big.pdf', limit: '1000 B' } });
      if (problem?.kind === 'countLimit') expect(api.problem?.params).toEqual({ max: 4 });
      if (problem?.kind === 'notAccepted') expect(api.problem?.params).toEqual({ name: 'run.exe', ext: 'exe' });
      if (problem?.kind === 'notDeletable') expect(api.problem?.params).toEqual({ name: s.context.readOnly ? expect.any(String) : 'locked.txt' });
      if (problem?.kind === 'failed') expect([failedUpload.message, 'model: removeFiles failed', 'model: downloadFiles failed', 'model: updateFile failed', 'model: loadSetting failed']).toContain(api.problem?.text);
    },
    'ready.uploading': (s, _step, run) => {
      const api = view(s);
      expect(api.uploading?.name).toBe(s.context.queue[0]!.name);
      expect(api.getProgressProps()).toMatchObject({ hidden: false, value: s.context.percent });
      expect(api.getDropzoneProps().disabled).toBe(true);
      expect(run.inputs.uploadFile?.at(-1)).toMatchObject({ orderNo: s.context.orderNo, key: s.context.queue[0]!.key, category: s.context.category });
      expect(choiceProblem({ ...s.context, queue: [] }, s.context.queue)).toBeNull();
    },
    'ready.confirming': (s) => {
      const api = view(s);
      expect(api.getConfirmProps().open).toBe(true);
      expect(s.context.pendingDelete.length).toBeGreaterThan(0);
      // Only deletable files are ever asked about.
      for (const id of s.context.pendingDelete) expect(s.context.files.find((f) => f.id === id)?.deleteFlag).toBe('1');
    },
    'ready.removing': (s, _step, run) => {
      expect(view(s).getBulkDeleteProps().disabled).toBe(true);
      expect(run.inputs.removeFiles?.at(-1)).toEqual({ ids: s.context.pendingDelete });
    },
    'ready.downloading': (s, _step, run) => {
      expect(view(s).getBulkDownloadProps().loading).toBe(true);
      // The ticked files, or the one row's file.
      expect(run.inputs.downloadFiles?.at(-1)).toEqual({ ids: s.context.downloadIds });
      expect(s.context.downloadIds).toEqual(s.context.selected.length ? s.context.selected : [2]);
    },
    'ready.saving': (s, _step, run) => {
      expect(s.context.readOnly).toBe(false);
      expect(run.inputs.updateFile?.at(-1)).toEqual({ id: 1, fileBusinessType: 'Other' });
    },
    'ready.settingDue': (s, _step, run) => {
      expect(view(s).busy).toBe(false);
      // Nothing fetched until the changes stop for the debounce.
      expect(run.clock.dueTime(ATTACHMENT_SETTING_DEBOUNCE_MS)).toBeDefined();
    },
    'ready.loadingSetting': (s, _step, run) => {
      expect(run.inputs.loadSetting?.at(-1)).toEqual({ businessCode: s.context.businessCode });
    },
  },
});
