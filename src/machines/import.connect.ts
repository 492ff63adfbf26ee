import type { SnapshotFrom } from 'xstate';
import { IMPORT_TYPE_COVER } from '../shared/constants';
import { busyButton, busyField } from './form.connect';
import { importProblems, type ImportEvent, type ImportField, type ImportFile, type ImportProblem, type importMachine } from './import.machine';

type Snapshot = SnapshotFrom<typeof importMachine>;

export type ImportState = 'closed' | 'idle' | 'incomplete' | 'failed' | 'downloadingTemplate' | 'uploading' | 'importing' | 'succeeded' | 'ready' | 'downloading';

/** The state's leaf name: `sending.uploading` is `uploading`, `rejected.ready` is `ready`. */
function leafOf(value: Snapshot['value']): ImportState {
  if (typeof value === 'string') return value as ImportState;
  const [, inner] = Object.entries(value)[0]!;
  return (typeof inner === 'string' ? inner : 'idle') as ImportState;
}

/**
 * The import dialog's anatomy (Zag.js style): `dialog`, the fields `template-type`, `file`,
 * `import-type` and `import-type-date`, the `template-download` link, the `progress` bar, the
 * `result` and `report-download`, and the buttons `request`, `again` and `close`, each with
 * `data-part` and `data-state`. Which fields say what is wrong, and what is locked, come from here.
 * The buttons and dates are busy, not disabled, while a request runs (form.connect's busyButton).
 */
export function connectImport(snapshot: Snapshot, send: (event: ImportEvent) => void) {
  const state = leafOf(snapshot.value);
  const busy = snapshot.hasTag('busy');
  const { templates, typeOffered, multiple, templateType, files, importType, range, progress, outcome, refusal, error } = snapshot.context;
  const phase = snapshot.matches('sending') ? 'sending' : snapshot.matches('succeeded') ? 'succeeded' : snapshot.matches('rejected') ? 'rejected' : snapshot.matches('closed') ? 'closed' : 'editing';
  const part = (name: string) => ({ 'data-part': name, 'data-state': state });
  const problems = state === 'incomplete' ? importProblems(snapshot.context) : {};
  const editable = phase === 'editing' && !busy;
  return {
    state,
    /** editing, sending, succeeded, rejected or closed: which body the dialog shows. */
    phase,
    busy,
    open: state !== 'closed',
    templates,
    typeOffered,
    multiple,
    files,
    /** COVER chosen: the range is asked for. */
    needsRange: typeOffered && importType === IMPORT_TYPE_COVER,
    /** The upload's percent while it goes up; null once the server has it (no number is knowable then). */
    progress: state === 'uploading' ? progress : null,
    outcome: phase === 'succeeded' ? outcome : null,
    refusal: phase === 'rejected' ? refusal : null,
    /** What failed, said beside the choices (or under the report's button). */
    error: state === 'failed' || phase === 'rejected' ? error : null,
    /** The rule a field breaks, only after a request that broke it. */
    problemOf: (field: ImportField): ImportProblem | null => problems[field] ?? null,
    getDialogProps: () => ({
      ...part('dialog'),
      open: state !== 'closed',
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'DIALOG.CLOSE' });
      },
    }),
    getTemplateTypeProps: () => ({ ...part('template-type'), value: templateType, disabled: !editable, onChange: (e: { currentTarget: { value: string } }) => send({ type: 'TEMPLATE.CHANGE', value: e.currentTarget.value }) }),
    getTemplateDownloadProps: () => ({ ...part('template-download'), busy: state === 'downloadingTemplate', ...busyButton(!editable || templateType === '', () => send({ type: 'TEMPLATE.DOWNLOAD' })) }),
    /**
     * Chakra's FileUpload.Root, controlled by the machine's files: one file unless several are
     * allowed (a new choice replaces it). A choice the picker turns away (two files where one is
     * allowed, another type) is kept as chosen all the same, so the request says which rule it
     * breaks, or the server does, rather than nothing happening.
     */
    getFileProps: () => ({
      ...part('file'),
      acceptedFiles: files as unknown as File[],
      maxFiles: multiple ? Infinity : 1,
      disabled: !editable,
      onFileAccept: (details: { files: File[] }) => send({ type: 'FILES.CHANGE', files: details.files as unknown as ImportFile[] }),
      onFileReject: (details: { files: Array<{ file: File }> }) => {
        if (details.files.length) send({ type: 'FILES.CHANGE', files: details.files.map((r) => r.file) as unknown as ImportFile[] });
      },
    }),
    getImportTypeProps: () => ({ ...part('import-type'), value: importType, disabled: !editable, onValueChange: (details: { value: string | null }) => send({ type: 'TYPE.CHANGE', value: details.value ?? '' }) }),
    getRangeFromProps: () => ({ ...part('import-type-date'), value: range.from, ...busyField(!editable), max: range.to || undefined, onChange: (e: { currentTarget: { value: string } }) => send({ type: 'RANGE.CHANGE', from: e.currentTarget.value, to: range.to }) }),
    getRangeToProps: () => ({ ...part('import-type-date'), value: range.to, ...busyField(!editable), min: range.from || undefined, onChange: (e: { currentTarget: { value: string } }) => send({ type: 'RANGE.CHANGE', from: range.from, to: e.currentTarget.value }) }),
    getRequestProps: () => ({ ...part('request'), hidden: phase !== 'editing' && phase !== 'sending', busy: phase === 'sending', ...busyButton(!editable, () => send({ type: 'IMPORT.REQUEST' })) }),
    getProgressProps: () => ({ ...part('progress'), value: state === 'uploading' ? progress : null, max: 100 }),
    getReportDownloadProps: () => ({ ...part('report-download'), hidden: phase !== 'rejected', busy: state === 'downloading', ...busyButton(state === 'downloading', () => send({ type: 'REPORT.DOWNLOAD' })) }),
    getAgainProps: () => ({ ...part('again'), hidden: phase !== 'succeeded' && phase !== 'rejected', ...busyButton(busy, () => send({ type: 'IMPORT.AGAIN' })) }),
    getCloseProps: () => ({ ...part('close'), ...busyButton(phase === 'sending' || state === 'downloading', () => send({ type: 'DIALOG.CLOSE' })) }),
  };
}

export type ImportApi = ReturnType<typeof connectImport>;
