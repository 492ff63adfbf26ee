import { assign, fromPromise, not, setup } from 'xstate';
import { IMPORT_TYPE_COVER } from '../shared/constants';

/**
 * The import form (widgets §2 "Import form", §3 "Import form", §5 "Import"; docs/import.md):
 * the user picks the template type, the file, and, when the resource offers it, the import mode
 * and (for COVER) the date range to overwrite (`editing`). The four rules are checked on request:
 * templateType required, one file required (a single one unless several are allowed), importType
 * required when offered, importTypeDate required when importType is COVER; a request with one
 * broken says which (`editing.incomplete`). The template of the chosen type downloads from here
 * (`downloadingTemplate`).
 *
 * Then the file goes up (`sending.uploading`, with the upload's progress) and the server checks
 * and writes it (`sending.importing`: no progress is knowable there, so it is shown as under way,
 * not as a number). It ends imported (`succeeded`, the count), refused for its rows
 * (`rejected`: nothing was written; the count of problems and the error report to download), or
 * failed for another reason (`editing.failed`, the choices kept).
 *
 * Effects are injected: `downloadTemplate(templateType)`, `upload(request) → ImportOutcome` (it
 * reports progress by sending UPLOAD.PROGRESS; a refusal for the rows is thrown as an
 * ImportRowsRefusal), `downloadReport(reportId)` and the action `reportImported` (the page
 * reloads its table).
 */

/** A template type the resource offers. */
export interface ImportTemplateOption {
  value: string;
  label: string;
}

/** A chosen file as the machine knows it; the view's File rides along untouched. */
export interface ImportFile {
  name: string;
  size: number;
}

export interface ImportDateRange {
  from: string;
  to: string;
}

/** What the upload sends. */
export interface ImportRequest {
  templateType: string;
  importType: string;
  range: ImportDateRange | null;
  files: ImportFile[];
}

/** The server imported every row. */
export interface ImportOutcome {
  imported: number;
  replaced: number;
}

/** The server refused the file for its rows: nothing written, a report to download. */
export interface ImportRowsRefusal {
  message: string;
  errorCount: number;
  reportId: string;
}

export type ImportField = 'templateType' | 'fileNames' | 'importType' | 'importTypeDate';
/** Why a field stops the import: empty, or more files than allowed. */
export type ImportProblem = 'required' | 'single';

export interface ImportContext {
  templates: ImportTemplateOption[];
  /** The resource offers the import mode (APPEND or COVER). */
  typeOffered: boolean;
  /** Several files may be chosen. */
  multiple: boolean;
  templateType: string;
  files: ImportFile[];
  importType: string;
  range: ImportDateRange;
  /** The upload's progress, 0 to 100. */
  progress: number;
  outcome: ImportOutcome | null;
  refusal: ImportRowsRefusal | null;
  /** The last failure said to the user (a refused call, a failed download). */
  error: string | null;
}

export interface ImportOpen {
  templates: ImportTemplateOption[];
  typeOffered: boolean;
  multiple?: boolean;
  /** The mode chosen on opening ('' for none). */
  importType?: string;
}

export type ImportEvent =
  | ({ type: 'DIALOG.OPEN' } & ImportOpen)
  | { type: 'DIALOG.CLOSE' }
  | { type: 'TEMPLATE.CHANGE'; value: string }
  | { type: 'FILES.CHANGE'; files: ImportFile[] }
  | { type: 'TYPE.CHANGE'; value: string }
  | { type: 'RANGE.CHANGE'; from: string; to: string }
  | { type: 'TEMPLATE.DOWNLOAD' }
  | { type: 'IMPORT.REQUEST' }
  | { type: 'UPLOAD.PROGRESS'; percent: number }
  | { type: 'REPORT.DOWNLOAD' }
  | { type: 'IMPORT.AGAIN' };

/** The rules of widgets §5 "Import" the request breaks, by field (pure: the guard and the connect step share it). */
export function importProblems(context: Pick<ImportContext, 'templateType' | 'files' | 'multiple' | 'typeOffered' | 'importType' | 'range'>): Partial<Record<ImportField, ImportProblem>> {
  const out: Partial<Record<ImportField, ImportProblem>> = {};
  if (!context.templateType) out.templateType = 'required';
  if (context.files.length === 0) out.fileNames = 'required';
  else if (context.files.length > 1 && !context.multiple) out.fileNames = 'single';
  if (context.typeOffered && !context.importType) out.importType = 'required';
  if (context.typeOffered && context.importType === IMPORT_TYPE_COVER && (!context.range.from || !context.range.to)) out.importTypeDate = 'required';
  return out;
}

/** What the upload sends, from the context. */
export const importRequest = (context: ImportContext): ImportRequest => ({
  templateType: context.templateType,
  importType: context.typeOffered ? context.importType : '',
  range: context.typeOffered && context.importType === IMPORT_TYPE_COVER ? context.range : null,
  files: context.files,
});

/** A thrown refusal for the file's rows (its report), told apart from any other failure. */
export const isRowsRefusal = (error: unknown): error is ImportRowsRefusal =>
  typeof error === 'object' && error !== null && typeof (error as ImportRowsRefusal).reportId === 'string' && typeof (error as ImportRowsRefusal).errorCount === 'number';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error));

const NO_RANGE: ImportDateRange = { from: '', to: '' };
const blank: ImportContext = { templates: [], typeOffered: false, multiple: false, templateType: '', files: [], importType: '', range: NO_RANGE, progress: 0, outcome: null, refusal: null, error: null };

export const importMachine = setup({
  types: { context: {} as ImportContext, events: {} as ImportEvent },
  actors: {
    downloadTemplate: fromPromise<void, string>(async () => {
      throw new Error('downloadTemplate not provided');
    }),
    upload: fromPromise<ImportOutcome, ImportRequest>(async () => {
      throw new Error('upload not provided');
    }),
    downloadReport: fromPromise<void, string>(async () => {
      throw new Error('downloadReport not provided');
    }),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(importProblems(context)).length === 0,
    hasTemplateType: ({ context }) => context.templateType !== '',
    /** The whole file is up: what is left is the server's. */
    isSent: (_, percent: number) => percent >= 100,
    isRowsRefusal: (_, error: unknown) => isRowsRefusal(error),
  },
  actions: {
    /** A single template is chosen already; the rest starts empty. */
    openWith: assign((_, open: ImportOpen) => ({
      ...blank,
      templates: open.templates,
      typeOffered: open.typeOffered,
      multiple: open.multiple ?? false,
      templateType: open.templates.length === 1 ? open.templates[0]!.value : '',
      importType: open.typeOffered ? (open.importType ?? '') : '',
    })),
    setTemplate: assign({ templateType: (_, value: string) => value }),
    setFiles: assign({ files: (_, files: ImportFile[]) => files }),
    /** The range matters only for COVER; leaving COVER forgets it. */
    setType: assign({ importType: (_, value: string) => value, range: ({ context }, value: string) => (value === IMPORT_TYPE_COVER ? context.range : NO_RANGE) }),
    setRange: assign({ range: (_, range: ImportDateRange) => range }),
    setProgress: assign({ progress: (_, percent: number) => Math.max(0, Math.min(100, Math.round(percent))) }),
    startUpload: assign({ progress: 0, outcome: null, refusal: null, error: null }),
    keepOutcome: assign({ outcome: (_, outcome: ImportOutcome) => outcome }),
    keepRefusal: assign({ refusal: (_, error: unknown) => (isRowsRefusal(error) ? error : null), error: null }),
    keepError: assign({ error: (_, error: unknown) => messageOf(error) }),
    clearError: assign({ error: null }),
    /** Another file: the choices stay, the file and the outcome go. */
    again: assign({ files: [], progress: 0, outcome: null, refusal: null, error: null }),
    reset: assign(() => blank),
    /** The page's table reloads (the rows are there now). */
    reportImported: (_, _outcome: ImportOutcome) => undefined,
  },
}).createMachine({
  id: 'import',
  context: blank,
  initial: 'closed',
  on: {
    'DIALOG.CLOSE': { target: '.closed', actions: 'reset' },
  },
  states: {
    closed: {
      on: { 'DIALOG.OPEN': { target: 'editing', actions: { type: 'openWith', params: ({ event }) => event } } },
    },
    editing: {
      initial: 'idle',
      on: {
        'TEMPLATE.CHANGE': { actions: { type: 'setTemplate', params: ({ event }) => event.value } },
        'FILES.CHANGE': { actions: { type: 'setFiles', params: ({ event }) => event.files } },
        'TYPE.CHANGE': { actions: { type: 'setType', params: ({ event }) => event.value } },
        'RANGE.CHANGE': { actions: { type: 'setRange', params: ({ event }) => ({ from: event.from, to: event.to }) } },
        'TEMPLATE.DOWNLOAD': [
          { guard: 'hasTemplateType', target: 'downloadingTemplate', actions: 'clearError' },
          { target: '.incomplete', actions: 'clearError' },
        ],
        'IMPORT.REQUEST': [
          { guard: not('isComplete'), target: '.incomplete', actions: 'clearError' },
          { target: 'sending', actions: 'startUpload' },
        ],
      },
      states: {
        /** Nothing said yet. */
        idle: {},
        /** A request with a rule broken: each broken field says so until all are satisfied. */
        incomplete: { always: { guard: 'isComplete', target: 'idle' } },
        /** The server refused, or a download failed: its message, and every choice kept. */
        failed: {},
      },
    },
    downloadingTemplate: {
      tags: ['busy'],
      invoke: {
        src: 'downloadTemplate',
        input: ({ context }) => context.templateType,
        onDone: 'editing',
        onError: { target: 'editing.failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    sending: {
      tags: ['busy'],
      // The server may be writing the rows: closing would hide whether they were.
      on: { 'DIALOG.CLOSE': {} },
      invoke: {
        src: 'upload',
        input: ({ context }) => importRequest(context),
        onDone: { target: 'succeeded', actions: [{ type: 'keepOutcome', params: ({ event }) => event.output }, { type: 'reportImported', params: ({ event }) => event.output }] },
        onError: [
          { guard: { type: 'isRowsRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'rejected', actions: { type: 'keepRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
          { target: 'editing.failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
      initial: 'uploading',
      states: {
        /** The file goes up: its progress. */
        uploading: {
          on: {
            'UPLOAD.PROGRESS': [
              { guard: { type: 'isSent', params: ({ event }) => event.percent }, target: 'importing', actions: { type: 'setProgress', params: ({ event }) => event.percent } },
              { actions: { type: 'setProgress', params: ({ event }) => event.percent } },
            ],
          },
        },
        /** The server reads, checks and writes: under way, without a number. */
        importing: {},
      },
    },
    succeeded: {
      on: { 'IMPORT.AGAIN': { target: 'editing', actions: 'again' } },
    },
    rejected: {
      initial: 'ready',
      on: { 'IMPORT.AGAIN': { target: 'editing', actions: 'again' } },
      states: {
        ready: { on: { 'REPORT.DOWNLOAD': { target: 'downloading', actions: 'clearError' } } },
        downloading: {
          tags: ['busy'],
          on: { 'IMPORT.AGAIN': {}, 'DIALOG.CLOSE': {} },
          invoke: {
            src: 'downloadReport',
            input: ({ context }) => context.refusal?.reportId ?? '',
            onDone: 'ready',
            onError: { target: 'ready', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
      },
    },
  },
});
