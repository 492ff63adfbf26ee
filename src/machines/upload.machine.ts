import { assign, fromPromise, not, setup } from 'xstate';
import { ATTACHMENT_DEFAULT_CATEGORY, ATTACHMENT_SETTING_DEBOUNCE_MS } from '../shared/constants';
import { NO_SETTING, canDelete, categoriesOf, extensionOf, formatBytes, isAcceptedExtension, remainingSlots, type AttachmentSetting } from '../shared/attachments';
import type { UploadedFile } from '../shared/contract/upload';
import { messageOf } from './message-of';

/**
 * The attachment uploader (widgets §2 "Attachment upload", §5 "Upload"; issue 13 point 4;
 * docs/attachments.md). It reads the record's files and its business's setting (`loading`),
 * then waits (`ready.idle`). Files dropped or chosen are checked first (size below the limit,
 * an accepted type, the count within attachmentSize when isLimit is on) and uploaded one after
 * another with their progress (`ready.uploading`). A delete, or a bulk delete of the ticked
 * files, asks first (`ready.confirming`) and then runs (`ready.removing`); a bulk download of
 * the ticked files makes one zip, and a row's download its one file (`ready.downloading`); a category or comment is saved
 * (`ready.saving`). Bulk actions with nothing ticked, and a bulk delete of which nothing may be
 * deleted, are refused with their problem. A change of business refetches its setting once the
 * changes have stopped for ATTACHMENT_SETTING_DEBOUNCE_MS (`ready.settingDue`, then
 * `ready.loadingSetting`). Read-only (view and approval modes) allows downloads only.
 *
 * Effects are injected actors: `loadAttachments`, `loadSetting`, `uploadFile` (the view reports
 * its progress as UPLOAD.PROGRESS), `removeFiles`, `downloadFiles`, `updateFile`.
 */

/** A file the user chose, by the key the view keeps its bytes under. */
export interface ChosenFile {
  key: string;
  name: string;
  size: number;
}

export type UploadProblem =
  | { kind: 'tooLarge'; name: string; limit: string }
  | { kind: 'notAccepted'; name: string; ext: string }
  | { kind: 'countLimit'; max: number }
  | { kind: 'emptySelection' }
  | { kind: 'noneDeletable' }
  | { kind: 'notDeletable'; name: string }
  /** The server's or the network's words, localised already. */
  | { kind: 'failed'; message: string };

export interface UploadContext {
  orderNo: string;
  businessCode: string;
  readOnly: boolean;
  maxBytes: number;
  setting: AttachmentSetting;
  files: UploadedFile[];
  /** The category new uploads are filed under. */
  category: string;
  /** Waiting to upload, the first one uploading now. */
  queue: ChosenFile[];
  /** Percent sent of the file uploading now. */
  percent: number;
  selected: number[];
  /** The ids a confirmed delete removes. */
  pendingDelete: number[];
  /** The ids the download running now fetches (one file, or the ticked ones as a zip). */
  downloadIds: number[];
  problem: UploadProblem | null;
  /** Why loading failed. */
  failure: string | null;
}

export interface UploadInput {
  orderNo: string;
  businessCode: string;
  readOnly: boolean;
  maxBytes: number;
}

export type UploadEvent =
  | { type: 'FILES.ADD'; files: ChosenFile[] }
  | { type: 'UPLOAD.PROGRESS'; key: string; percent: number }
  | { type: 'CATEGORY.CHOOSE'; value: string }
  | { type: 'SELECT.TOGGLE'; id: number }
  | { type: 'SELECT.ALL'; checked: boolean }
  | { type: 'DELETE.REQUEST'; id: number }
  | { type: 'BULK.DELETE' }
  | { type: 'BULK.DOWNLOAD' }
  | { type: 'FILE.DOWNLOAD'; id: number }
  | { type: 'CONFIRM.OK' }
  | { type: 'CONFIRM.CANCEL' }
  | { type: 'FILE.UPDATE'; id: number; fileBusinessType?: string; comment?: string }
  | { type: 'BUSINESS.CHANGE'; businessCode: string }
  | { type: 'ORDER.CHANGE'; orderNo: string }
  | { type: 'PROBLEM.DISMISS' }
  | { type: 'RETRY' };

export interface UploadRequest {
  orderNo: string;
  key: string;
  name: string;
  category: string;
}

/** The first problem of a choice of files, checked before anything is sent (widgets §5). */
export function choiceProblem(context: Pick<UploadContext, 'maxBytes' | 'setting' | 'files' | 'queue'>, chosen: readonly ChosenFile[]): UploadProblem | null {
  for (const f of chosen) {
    const ext = extensionOf(f.name);
    if (!isAcceptedExtension(ext)) return { kind: 'notAccepted', name: f.name, ext };
    // "Below the maximum size": a file of exactly the limit is refused, as the server's limit does.
    if (f.size >= context.maxBytes) return { kind: 'tooLarge', name: f.name, limit: formatBytes(context.maxBytes) };
  }
  if (chosen.length > remainingSlots(context.setting, context.files.length + context.queue.length)) return { kind: 'countLimit', max: context.setting.attachmentSize };
  return null;
}

const byId = (files: readonly UploadedFile[]) => new Map(files.map((f) => [f.id, f]));
/** The ticked files that may be deleted. */
export const deletableSelection = (context: Pick<UploadContext, 'files' | 'selected' | 'readOnly'>) => {
  const files = byId(context.files);
  return context.selected.filter((id) => files.has(id) && canDelete(context.readOnly ? 'view' : 'edit', files.get(id)!.deleteFlag));
};

const startOf = (input: UploadInput): UploadContext => ({
  ...input,
  setting: NO_SETTING,
  files: [],
  category: ATTACHMENT_DEFAULT_CATEGORY,
  queue: [],
  percent: 0,
  selected: [],
  pendingDelete: [],
  downloadIds: [],
  problem: null,
  failure: null,
});

export const uploadMachine = setup({
  types: { context: {} as UploadContext, events: {} as UploadEvent, input: {} as UploadInput },
  actors: {
    loadAttachments: fromPromise<{ files: UploadedFile[]; setting: AttachmentSetting }, { orderNo: string; businessCode: string }>(async () => {
      throw new Error('loadAttachments not provided');
    }),
    loadSetting: fromPromise<AttachmentSetting, { businessCode: string }>(async () => {
      throw new Error('loadSetting not provided');
    }),
    uploadFile: fromPromise<UploadedFile, UploadRequest>(async () => {
      throw new Error('uploadFile not provided');
    }),
    removeFiles: fromPromise<number[], { ids: number[] }>(async () => {
      throw new Error('removeFiles not provided');
    }),
    downloadFiles: fromPromise<void, { ids: number[] }>(async () => {
      throw new Error('downloadFiles not provided');
    }),
    updateFile: fromPromise<UploadedFile, { id: number; fileBusinessType?: string; comment?: string }>(async () => {
      throw new Error('updateFile not provided');
    }),
  },
  delays: { settingDebounce: ATTACHMENT_SETTING_DEBOUNCE_MS },
  guards: {
    isReadOnly: ({ context }) => context.readOnly,
    choiceRefused: ({ context }, chosen: ChosenFile[]) => choiceProblem(context, chosen) !== null,
    nothingChosen: (_, chosen: ChosenFile[]) => chosen.length === 0,
    nothingSelected: ({ context }) => context.selected.length === 0,
    noneDeletable: ({ context }) => deletableSelection(context).length === 0,
    mayDelete: ({ context }, id: number) => {
      const file = byId(context.files).get(id);
      return !!file && canDelete(context.readOnly ? 'view' : 'edit', file.deleteFlag);
    },
    moreQueued: ({ context }) => context.queue.length > 1,
    knownCategory: ({ context }, value: string) => categoriesOf(context.setting).includes(value),
  },
  actions: {
    keepLoaded: assign((_, loaded: { files: UploadedFile[]; setting: AttachmentSetting }) => ({
      files: loaded.files,
      setting: loaded.setting,
      failure: null,
      selected: [],
      category: categoriesOf(loaded.setting)[0] ?? ATTACHMENT_DEFAULT_CATEGORY,
    })),
    keepFailure: assign({ failure: (_, error: unknown) => messageOf(error) }),
    keepSetting: assign((_, setting: AttachmentSetting) => ({ setting, category: categoriesOf(setting)[0] ?? ATTACHMENT_DEFAULT_CATEGORY })),
    setBusiness: assign({ businessCode: (_, code: string) => code }),
    setOrder: assign({ orderNo: (_, orderNo: string) => orderNo }),
    chooseCategory: assign({ category: (_, value: string) => value }),
    refuseChoice: assign({ problem: ({ context }, chosen: ChosenFile[]) => choiceProblem(context, chosen) }),
    enqueue: assign({ queue: (_, chosen: ChosenFile[]) => chosen, percent: 0, problem: null }),
    setPercent: assign({ percent: ({ context }, p: { key: string; percent: number }) => (context.queue[0]?.key === p.key ? Math.max(0, Math.min(100, p.percent)) : context.percent) }),
    /** The uploaded file joins the list; the next one starts from 0 %. */
    addUploaded: assign({ files: ({ context }, file: UploadedFile) => [...context.files, file], queue: ({ context }) => context.queue.slice(1), percent: 0 }),
    /** A refusal stops the rest of the batch: the user sees why before choosing again. */
    dropQueue: assign({ queue: [], percent: 0 }),
    toggleSelected: assign({ selected: ({ context }, id: number) => (context.selected.includes(id) ? context.selected.filter((x) => x !== id) : [...context.selected, id]) }),
    selectAll: assign({ selected: ({ context }, checked: boolean) => (checked ? context.files.map((f) => f.id) : []) }),
    askDeleteOne: assign({ pendingDelete: (_, id: number) => [id], problem: null }),
    askDeleteSelected: assign({ pendingDelete: ({ context }) => deletableSelection(context), problem: null }),
    clearPending: assign({ pendingDelete: [] }),
    dropRemoved: assign({
      files: ({ context }, ids: number[]) => context.files.filter((f) => !ids.includes(f.id)),
      selected: ({ context }, ids: number[]) => context.selected.filter((id) => !ids.includes(id)),
      pendingDelete: [],
    }),
    replaceFile: assign({ files: ({ context }, file: UploadedFile) => context.files.map((f) => (f.id === file.id ? file : f)) }),
    flagEmptySelection: assign({ problem: { kind: 'emptySelection' } as UploadProblem }),
    flagNoneDeletable: assign({ problem: { kind: 'noneDeletable' } as UploadProblem }),
    flagNotDeletable: assign({ problem: ({ context }, id: number) => ({ kind: 'notDeletable', name: byId(context.files).get(id)?.originalFileName ?? '' }) as UploadProblem }),
    keepProblem: assign({ problem: (_, error: unknown) => ({ kind: 'failed', message: messageOf(error) }) as UploadProblem, pendingDelete: [] }),
    clearProblem: assign({ problem: null }),
    downloadSelected: assign({ downloadIds: ({ context }) => context.selected, problem: null }),
    downloadOne: assign({ downloadIds: (_, id: number) => [id], problem: null }),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => startOf(input),
  initial: 'loading',
  on: {
    // A draft saved as a record: its files now live under the record's orderNo.
    'ORDER.CHANGE': { target: '.loading', actions: { type: 'setOrder', params: ({ event }) => event.orderNo } },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadAttachments',
        input: ({ context }) => ({ orderNo: context.orderNo, businessCode: context.businessCode }),
        onDone: { target: 'ready', actions: { type: 'keepLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'PROBLEM.DISMISS': { actions: 'clearProblem' },
      },
      states: {
        idle: {
          on: {
            // Ticks change only between actions: a download or delete works on the files ticked when it began.
            'SELECT.TOGGLE': { actions: { type: 'toggleSelected', params: ({ event }) => event.id } },
            'SELECT.ALL': { actions: { type: 'selectAll', params: ({ event }) => event.checked } },
            'FILES.ADD': [
              { guard: 'isReadOnly' },
              { guard: { type: 'nothingChosen', params: ({ event }) => event.files } },
              { guard: { type: 'choiceRefused', params: ({ event }) => event.files }, actions: { type: 'refuseChoice', params: ({ event }) => event.files } },
              { target: 'uploading', actions: { type: 'enqueue', params: ({ event }) => event.files } },
            ],
            'CATEGORY.CHOOSE': { guard: { type: 'knownCategory', params: ({ event }) => event.value }, actions: { type: 'chooseCategory', params: ({ event }) => event.value } },
            'DELETE.REQUEST': [
              { guard: { type: 'mayDelete', params: ({ event }) => event.id }, target: 'confirming', actions: { type: 'askDeleteOne', params: ({ event }) => event.id } },
              { actions: { type: 'flagNotDeletable', params: ({ event }) => event.id } },
            ],
            'BULK.DELETE': [
              { guard: 'isReadOnly' },
              { guard: 'nothingSelected', actions: 'flagEmptySelection' },
              { guard: 'noneDeletable', actions: 'flagNoneDeletable' },
              { target: 'confirming', actions: 'askDeleteSelected' },
            ],
            'BULK.DOWNLOAD': [
              { guard: 'nothingSelected', actions: 'flagEmptySelection' },
              { target: 'downloading', actions: 'downloadSelected' },
            ],
            'FILE.DOWNLOAD': { target: 'downloading', actions: { type: 'downloadOne', params: ({ event }) => event.id } },
            'FILE.UPDATE': { guard: not('isReadOnly'), target: 'saving' },
            'BUSINESS.CHANGE': { target: 'settingDue', actions: { type: 'setBusiness', params: ({ event }) => event.businessCode } },
          },
        },
        uploading: {
          tags: ['busy'],
          on: { 'UPLOAD.PROGRESS': { actions: { type: 'setPercent', params: ({ event }) => event } } },
          invoke: {
            src: 'uploadFile',
            input: ({ context }) => ({ orderNo: context.orderNo, key: context.queue[0]!.key, name: context.queue[0]!.name, category: context.category }),
            onDone: [
              { guard: 'moreQueued', target: 'uploading', reenter: true, actions: { type: 'addUploaded', params: ({ event }) => event.output } },
              { target: 'idle', actions: { type: 'addUploaded', params: ({ event }) => event.output } },
            ],
            onError: { target: 'idle', actions: ['dropQueue', { type: 'keepProblem', params: ({ event }: { event: { error: unknown } }) => event.error }] },
          },
        },
        confirming: {
          on: {
            'CONFIRM.OK': 'removing',
            'CONFIRM.CANCEL': { target: 'idle', actions: 'clearPending' },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            src: 'removeFiles',
            input: ({ context }) => ({ ids: context.pendingDelete }),
            onDone: { target: 'idle', actions: { type: 'dropRemoved', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'keepProblem', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            src: 'downloadFiles',
            input: ({ context }) => ({ ids: context.downloadIds }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'keepProblem', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'updateFile',
            input: ({ event }) => {
              const { id, fileBusinessType, comment } = event as Extract<UploadEvent, { type: 'FILE.UPDATE' }>;
              return { id, ...(fileBusinessType !== undefined ? { fileBusinessType } : {}), ...(comment !== undefined ? { comment } : {}) };
            },
            onDone: { target: 'idle', actions: { type: 'replaceFile', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'keepProblem', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        /** The business changed: its setting is fetched once the changes stop. */
        settingDue: {
          on: { 'BUSINESS.CHANGE': { target: 'settingDue', reenter: true, actions: { type: 'setBusiness', params: ({ event }) => event.businessCode } } },
          after: { settingDebounce: 'loadingSetting' },
        },
        loadingSetting: {
          tags: ['busy'],
          invoke: {
            src: 'loadSetting',
            input: ({ context }) => ({ businessCode: context.businessCode }),
            onDone: { target: 'idle', actions: { type: 'keepSetting', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'keepProblem', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
      },
    },
  },
});
