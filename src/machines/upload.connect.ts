import type { SnapshotFrom } from 'xstate';
import { ACCEPT_ATTRIBUTE, attachmentProblem, canDelete, categoriesOf, previewKindOf, remainingSlots, type AttachmentProblem } from '../shared/attachments';
import type { UploadedFile } from '../shared/contract/upload';
import { deletableSelection, type ChosenFile, type UploadEvent, type UploadProblem, type uploadMachine } from './upload.machine';

type Snapshot = SnapshotFrom<typeof uploadMachine>;

export type UploadState = 'loading' | 'failed' | 'idle' | 'uploading' | 'confirming' | 'removing' | 'downloading' | 'saving' | 'settingDue' | 'loadingSetting';

function leafOf(value: Snapshot['value']): UploadState {
  if (typeof value === 'string') return value as UploadState;
  return (Object.values(value)[0] ?? 'idle') as UploadState;
}

/** A problem as a message key of the `upload` locale module and its parameters. */
export function problemText(problem: UploadProblem): { key: string; params?: Record<string, unknown>; text?: string } {
  switch (problem.kind) {
    case 'failed':
      return { key: '', text: problem.message };
    case 'tooLarge':
      return { key: 'upload.problem.tooLarge', params: { name: problem.name, limit: problem.limit } };
    case 'notAccepted':
      return { key: 'upload.problem.notAccepted', params: { name: problem.name, ext: problem.ext || '-' } };
    case 'countLimit':
      return { key: 'upload.problem.countLimit', params: { max: problem.max } };
    case 'notDeletable':
      return { key: 'upload.problem.notDeletable', params: { name: problem.name } };
    default:
      return { key: `upload.problem.${problem.kind}` };
  }
}

/** The required-attachment check as the edit form's save says it (the "upload required" message). */
export function requiredText(problem: AttachmentProblem): { key: string; params?: Record<string, unknown> } | null {
  if (!problem) return null;
  return problem.kind === 'required' ? { key: 'upload.required', params: { type: problem.type } } : { key: 'upload.requiredAny' };
}

/**
 * The uploader's anatomy (Zag.js style): `root`, the `dropzone` (drag or click; a hidden
 * `input`), the `category` chooser for new uploads, the `progress` of the file uploading, the
 * `table` of files with a `select-all` box and per `row` its `select` box, `category`, `comment`,
 * `download`, `preview` and `delete`, the bulk `bulk-download` and `bulk-delete`, the delete
 * `confirm` with `confirm-ok` and `confirm-cancel`, and the `problem`. Each carries `data-part`
 * and `data-state`; read-only (view and approval) shows no control that changes anything.
 */
export function connectUpload(snapshot: Snapshot, send: (event: UploadEvent) => void) {
  const state = leafOf(snapshot.value);
  const { files, selected, setting, readOnly, queue, percent, category, problem, failure, pendingDelete } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const ready = snapshot.matches('ready');
  const locked = !ready || busy || state === 'confirming';
  const chosen = new Set(selected);
  const part = (name: string) => ({ 'data-part': name, 'data-state': state });
  const categories = categoriesOf(setting);
  const full = remainingSlots(setting, files.length) <= 0;
  const addFiles = (list: ChosenFile[]) => send({ type: 'FILES.ADD', files: list });
  return {
    state,
    busy,
    readOnly,
    files,
    setting,
    categories,
    /** Attachments are off for this business: the form shows no uploader. */
    hidden: ready && !setting.attachmentFlag,
    /** Kept at an external address: the uploader links there instead. */
    outerUrl: setting.attachmentOuterUrl,
    failure: state === 'failed' ? failure : null,
    problem: problem ? problemText(problem) : null,
    /** The first required type missing, or the default requirement unmet (the save checks this). */
    missing: requiredText(attachmentProblem(setting, files.map((f) => f.fileBusinessType))),
    uploading: state === 'uploading' ? { name: queue[0]?.name ?? '', percent, remaining: queue.length } : null,
    confirming: state === 'confirming' ? { count: pendingDelete.length, name: pendingDelete.length === 1 ? (files.find((f) => f.id === pendingDelete[0])?.originalFileName ?? '') : '' } : null,
    getRootProps: () => ({ ...part('root'), 'data-readonly': readOnly ? '' : undefined, 'aria-busy': busy }),
    /** Drag or click: the dropzone's hidden input takes the accepted types; read-only or full, it is off. */
    getDropzoneProps: () => ({ ...part('dropzone'), hidden: readOnly, disabled: locked || readOnly || full, accept: ACCEPT_ATTRIBUTE, onFiles: addFiles }),
    getCategoryProps: () => ({ ...part('category'), hidden: readOnly || categories.length < 2, disabled: locked, value: category, options: categories, onChange: (value: string) => send({ type: 'CATEGORY.CHOOSE', value }) }),
    getProgressProps: () => ({ ...part('progress'), hidden: state !== 'uploading', value: percent, 'aria-valuenow': percent, 'aria-valuemin': 0, 'aria-valuemax': 100 }),
    getSelectAllProps: () => ({
      'data-part': 'select-all',
      'data-state': files.length > 0 && chosen.size === files.length ? 'checked' : chosen.size === 0 ? 'unchecked' : 'indeterminate',
      checked: files.length > 0 && chosen.size === files.length ? true : chosen.size === 0 ? false : ('indeterminate' as const),
      disabled: files.length === 0 || locked,
      onCheckedChange: (details: { checked: boolean | 'indeterminate' }) => send({ type: 'SELECT.ALL', checked: details.checked === true }),
    }),
    getRowProps: (file: UploadedFile) => ({ 'data-part': 'row', 'data-state': chosen.has(file.id) ? 'selected' : 'idle', 'data-key': String(file.id) }),
    getSelectProps: (file: UploadedFile) => ({
      'data-part': 'select',
      'data-state': chosen.has(file.id) ? 'checked' : 'unchecked',
      checked: chosen.has(file.id),
      disabled: locked,
      onCheckedChange: () => send({ type: 'SELECT.TOGGLE', id: file.id }),
    }),
    getRowCategoryProps: (file: UploadedFile) => ({
      'data-part': 'row-category',
      'data-state': state,
      value: file.fileBusinessType,
      options: categories.includes(file.fileBusinessType) ? categories : [file.fileBusinessType, ...categories],
      disabled: readOnly || locked || categories.length < 2,
      onChange: (value: string) => send({ type: 'FILE.UPDATE', id: file.id, fileBusinessType: value }),
    }),
    getCommentProps: (file: UploadedFile) => ({
      'data-part': 'comment',
      'data-state': state,
      defaultValue: file.comment,
      readOnly: readOnly,
      disabled: locked && !readOnly,
      /** Saved when the user leaves the field, only if it changed. */
      onCommit: (value: string) => {
        if (value !== file.comment) send({ type: 'FILE.UPDATE', id: file.id, comment: value });
      },
    }),
    getDownloadProps: (file: UploadedFile) => ({ ...part('download'), disabled: locked, onClick: () => send({ type: 'FILE.DOWNLOAD', id: file.id }) }),
    getDeleteProps: (file: UploadedFile) => ({ ...part('delete'), hidden: !canDelete(readOnly ? 'view' : 'edit', file.deleteFlag), disabled: locked, onClick: () => send({ type: 'DELETE.REQUEST', id: file.id }) }),
    /** Preview only for image, pdf, txt and Office extensions (widgets §5). */
    getPreviewProps: (file: UploadedFile) => ({ ...part('preview'), hidden: previewKindOf(file.fileExtName) === null }),
    getBulkDownloadProps: () => ({ ...part('bulk-download'), disabled: locked || files.length === 0, loading: state === 'downloading', onClick: () => send({ type: 'BULK.DOWNLOAD' }) }),
    getBulkDeleteProps: () => ({ ...part('bulk-delete'), hidden: readOnly, disabled: locked || files.length === 0, loading: state === 'removing', onClick: () => send({ type: 'BULK.DELETE' }) }),
    getConfirmProps: () => ({ ...part('confirm'), open: state === 'confirming' }),
    getConfirmOkProps: () => ({ ...part('confirm-ok'), onClick: () => send({ type: 'CONFIRM.OK' }) }),
    getConfirmCancelProps: () => ({ ...part('confirm-cancel'), onClick: () => send({ type: 'CONFIRM.CANCEL' }) }),
    getProblemProps: () => ({ ...part('problem'), hidden: !problem, role: 'alert' as const, onDismiss: () => send({ type: 'PROBLEM.DISMISS' }) }),
    getRetryProps: () => ({ ...part('retry'), hidden: state !== 'failed', onClick: () => send({ type: 'RETRY' }) }),
    /** Ids the bulk delete would remove now (the rest are not deletable). */
    deletableSelected: deletableSelection(snapshot.context),
  };
}

export type UploadApi = ReturnType<typeof connectUpload>;
