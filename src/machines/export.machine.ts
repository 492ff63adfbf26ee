import { assign, fromPromise, not, setup } from 'xstate';
import { EXPORT_CONFIRM_ABOVE, EXPORT_FORBIDDEN_ABOVE, EXPORT_TYPE_ALL } from '../shared/constants';
import { cleanExportFileName, typedExportFileName } from '../shared/export-file-name';
import { messageOf } from './message-of';

/**
 * The export dialog (widgets §2 "Export dialog", §4 "Export", §5 "Export"; docs/export.md):
 * the user names the file, picks its type, the scope and the columns (`editing`); all four are
 * required, and a request with one missing says which (`editing.incomplete`). A query of more
 * than EXPORT_FORBIDDEN_ABOVE rows is refused there and then (`editing.forbidden`); one of more
 * than EXPORT_CONFIRM_ABOVE asks first, naming the count (`confirming`). The page's
 * before-export hook may still cancel (`checking`); then the export runs (`exporting`): a file
 * downloads and the dialog closes, a refusal is said with everything the user chose kept
 * (`editing.failed`).
 *
 * The thresholds read the table's total, as the spec's wording does ("total N rows"); the server
 * counts the rows itself and decides how the file comes. "All data" is never a download at
 * once above EXPORT_CONFIRM_ABOVE rows (widgets §5): there it is a background job, after the
 * question (DECISIONS "Export thresholds"), and the dialog says so; above
 * EXPORT_FORBIDDEN_ABOVE nothing is exported (a scope change to it is refused by `allowsScope`).
 *
 * Above EXPORT_CONFIRM_ABOVE rows the server makes the export a background job (its answer's
 * mode EXPORT_ASYNC): the dialog closes, the job is noted locally as pending (`notePending`)
 * and the user is told where it runs (`reportJob`: the export-jobs list).
 *
 * Effects are injected: `beforeExport(request) → boolean` (false cancels), `runExport(request)
 * → ExportOutcome` (a file downloaded, success tip included, or a job's id) and the actions
 * `reportExported`, `notePending` and `reportJob`.
 */

/** A column the table shows, offered for export. */
export interface ExportColumnOption {
  field: string;
  label: string;
}

/** What the dialog sends: the four fields; the page adds its query (filters, sort, page). */
export interface ExportChoice {
  fileName: string;
  fileType: string;
  scope: string;
  columns: string[];
  total: number;
}

export type ExportField = 'fileName' | 'fileType' | 'scope' | 'columns';

/** What the export became: the file (downloaded already), or a background job the server runs. */
export type ExportOutcome = { mode: 'file' } | { mode: 'job'; jobId: number };

/** A job to note as pending and to tell the user about. */
export interface ExportJobNote {
  jobId: number;
  fileName: string;
}

export interface ExportContext {
  fileName: string;
  fileType: string;
  scope: string;
  /** The chosen columns' fields, in the table's order. */
  columns: string[];
  /** The table's visible columns when the dialog opened. */
  options: ExportColumnOption[];
  /** The rows the table's query found. */
  total: number;
  /** The server's refusal or the hook's failure, as said to the user. */
  error: string | null;
}

export interface ExportOpen {
  columns: ExportColumnOption[];
  total: number;
  /** A starting name (the page's title); cleaned as if typed. */
  fileName: string;
  fileType: string;
  scope: string;
}

export type ExportEvent =
  | ({ type: 'DIALOG.OPEN' } & ExportOpen)
  | { type: 'DIALOG.CLOSE' }
  | { type: 'NAME.CHANGE'; value: string }
  | { type: 'TYPE.CHANGE'; value: string }
  | { type: 'SCOPE.CHANGE'; value: string }
  | { type: 'COLUMN.TOGGLE'; field: string }
  | { type: 'COLUMNS.ALL'; checked: boolean }
  | { type: 'EXPORT.REQUEST' }
  | { type: 'EXPORT.CONFIRM' }
  | { type: 'EXPORT.BACK' };

/** The required fields still missing (pure: the guard and the connect step share it). */
export function missingExportFields(context: Pick<ExportContext, 'fileName' | 'fileType' | 'scope' | 'columns'>): ExportField[] {
  const missing: ExportField[] = [];
  if (!cleanExportFileName(context.fileName)) missing.push('fileName');
  if (!context.fileType) missing.push('fileType');
  if (!context.scope) missing.push('scope');
  if (context.columns.length === 0) missing.push('columns');
  return missing;
}

/** Whether "all data" may be chosen for a query of this many rows. */
export const allDataAllowed = (total: number) => total <= EXPORT_FORBIDDEN_ABOVE;
/** A query this large is exported only after the user confirms it (`confirming`). */
export const exportNeedsConfirm = (total: number) => total > EXPORT_CONFIRM_ABOVE;
/** Whether "all data" of this many rows is a background job rather than a download at once. */
export const allDataInBackground = (total: number) => total > EXPORT_CONFIRM_ABOVE;

/** What the export sends, from the context. */
export const exportChoice = (context: ExportContext): ExportChoice => ({
  fileName: cleanExportFileName(context.fileName),
  fileType: context.fileType,
  scope: context.scope,
  columns: context.columns,
  total: context.total,
});

/** The note of a job answer: its id and the name the file will have (the server adds the extension). */
const jobNote = (context: ExportContext, outcome: ExportOutcome): ExportJobNote => ({ jobId: outcome.mode === 'job' ? outcome.jobId : 0, fileName: exportChoice(context).fileName });

const blank: ExportContext = { fileName: '', fileType: '', scope: '', columns: [], options: [], total: 0, error: null };

export const exportMachine = setup({
  types: { context: {} as ExportContext, events: {} as ExportEvent },
  actors: {
    beforeExport: fromPromise<boolean, ExportChoice>(async () => {
      throw new Error('beforeExport not provided');
    }),
    runExport: fromPromise<ExportOutcome, ExportChoice>(async () => {
      throw new Error('runExport not provided');
    }),
  },
  guards: {
    isComplete: ({ context }) => missingExportFields(context).length === 0,
    isForbidden: ({ context }) => context.total > EXPORT_FORBIDDEN_ABOVE,
    needsConfirm: ({ context }) => exportNeedsConfirm(context.total),
    allowsScope: ({ context }, value: string) => value !== EXPORT_TYPE_ALL || allDataAllowed(context.total),
    hookAllows: (_, allowed: boolean) => allowed !== false,
    isJob: (_, outcome: ExportOutcome) => outcome?.mode === 'job',
  },
  actions: {
    /** Every visible column chosen, the name cleaned as if typed. */
    openWith: assign((_, open: ExportOpen) => ({
      ...blank,
      fileName: typedExportFileName(open.fileName),
      fileType: open.fileType,
      scope: open.scope === EXPORT_TYPE_ALL && !allDataAllowed(open.total) ? '' : open.scope,
      options: open.columns,
      columns: open.columns.map((c) => c.field),
      total: open.total,
    })),
    setName: assign({ fileName: (_, value: string) => typedExportFileName(value) }),
    setType: assign({ fileType: (_, value: string) => value }),
    setScope: assign({ scope: (_, value: string) => value }),
    /** A column ticked or unticked; the chosen ones keep the table's order. */
    toggleColumn: assign({
      columns: ({ context }, field: string) => {
        const chosen = new Set(context.columns);
        if (chosen.has(field)) chosen.delete(field);
        else chosen.add(field);
        return context.options.map((c) => c.field).filter((f) => chosen.has(f));
      },
    }),
    setAllColumns: assign({ columns: ({ context }, checked: boolean) => (checked ? context.options.map((c) => c.field) : []) }),
    keepError: assign({ error: (_, error: unknown) => messageOf(error) }),
    clearError: assign({ error: null }),
    /** Closed: the next opening starts from the table again. */
    reset: assign(() => blank),
    reportExported: () => undefined,
    /** The job noted locally as pending (storage namespace asyncExports). */
    notePending: (_, _note: ExportJobNote) => undefined,
    /** The user told that the export runs in the background, and where its file will wait. */
    reportJob: (_, _note: ExportJobNote) => undefined,
  },
}).createMachine({
  id: 'export',
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
        'NAME.CHANGE': { actions: { type: 'setName', params: ({ event }) => event.value } },
        'TYPE.CHANGE': { actions: { type: 'setType', params: ({ event }) => event.value } },
        'SCOPE.CHANGE': { guard: { type: 'allowsScope', params: ({ event }) => event.value }, actions: { type: 'setScope', params: ({ event }) => event.value } },
        'COLUMN.TOGGLE': { actions: { type: 'toggleColumn', params: ({ event }) => event.field } },
        'COLUMNS.ALL': { actions: { type: 'setAllColumns', params: ({ event }) => event.checked } },
        'EXPORT.REQUEST': [
          { guard: not('isComplete'), target: '.incomplete', actions: 'clearError' },
          { guard: 'isForbidden', target: '.forbidden', actions: 'clearError' },
          { guard: 'needsConfirm', target: 'confirming', actions: 'clearError' },
          { target: 'checking', actions: 'clearError' },
        ],
      },
      states: {
        /** Nothing said yet (or the hook cancelled quietly). */
        idle: {},
        /** A request with a field missing: each missing field says it is required until all are filled. */
        incomplete: { always: { guard: 'isComplete', target: 'idle' } },
        /** The query holds more rows than may ever be exported. */
        forbidden: {},
        /** The server refused, or the hook failed: its message, and every choice kept. */
        failed: {},
      },
    },
    confirming: {
      on: {
        'EXPORT.CONFIRM': 'checking',
        'EXPORT.BACK': 'editing',
      },
    },
    checking: {
      tags: ['busy'],
      on: { 'DIALOG.CLOSE': {} },
      invoke: {
        src: 'beforeExport',
        input: ({ context }) => exportChoice(context),
        onDone: [
          { guard: { type: 'hookAllows', params: ({ event }) => event.output }, target: 'exporting' },
          { target: 'editing' },
        ],
        onError: { target: 'editing.failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    exporting: {
      tags: ['busy'],
      // Closing while the file is made would leave its outcome unseen: the dialog waits for it.
      on: { 'DIALOG.CLOSE': {} },
      invoke: {
        src: 'runExport',
        input: ({ context }) => exportChoice(context),
        onDone: [
          {
            guard: { type: 'isJob', params: ({ event }) => event.output },
            target: 'closed',
            actions: [
              { type: 'notePending', params: ({ context, event }) => jobNote(context, event.output) },
              { type: 'reportJob', params: ({ context, event }) => jobNote(context, event.output) },
              'reset',
            ],
          },
          { target: 'closed', actions: ['reportExported', 'reset'] },
        ],
        onError: { target: 'editing.failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
