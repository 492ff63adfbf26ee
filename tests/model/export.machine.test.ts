import { expect } from '@jest/globals';
import { EXPORT_CONFIRM_ABOVE, EXPORT_FILE_NAME_MAX, EXPORT_FORBIDDEN_ABOVE, EXPORT_TYPE_ALL } from '../../src/shared/constants';
import { typedExportFileName } from '../../src/shared/export-file-name';
import { exportChoice, exportMachine, missingExportFields } from '../../src/machines/export.machine';
import { connectExport } from '../../src/machines/export.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof exportMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectExport(s, () => undefined);

/**
 * While the export is checked and made, its buttons are busy, never disabled: the one pressed
 * (confirm after the confirmation step, else export) shows the spinner and keeps the keyboard's
 * focus, the file name is read-only, and no press sends anything.
 */
function busyButtons(s: Snapshot) {
  const sent: unknown[] = [];
  const api = connectExport(s, (e) => sent.push(e));
  const confirmed = s.context.total > EXPORT_CONFIRM_ABOVE;
  const [pressed, other] = confirmed ? [api.getConfirmProps(), api.getRequestProps()] : [api.getRequestProps(), api.getConfirmProps()];
  expect([pressed.hidden, pressed.busy, pressed['aria-disabled'], 'disabled' in pressed, other.hidden, other.busy]).toEqual([false, true, true, false, true, false]);
  expect([api.getBackProps().hidden, api.getBackProps()['aria-disabled'], api.getFileNameProps().readOnly]).toEqual([!confirmed, true, true]);
  pressed.onClick();
  api.getBackProps().onClick();
  api.getCloseProps().onClick();
  expect(sent).toEqual([]);
}

const COLUMNS = [
  { field: 'accountNo', label: '账号' },
  { field: 'accountName', label: '账户名称' },
];
const opening = (total: number, scope = '01') => ({ columns: COLUMNS, total, fileName: 'Accounts: 2026/11', fileType: 'xlsx', scope });
/** Typed over a cleared name: forbidden characters and more than fifty characters. */
const TYPED = `Q3/报表:"final"*<v2>|?\\${'x'.repeat(60)}`;
const refused = '导出文件名不合法';
const hookFailed = '导出前检查失败';
/** How many times the page heard of an export (it shows nothing more; the tip is the download's). */
let reported = 0;
/** The count after the step before. */
let seen = 0;
/** The jobs noted as pending and told to the user (an export above 10,000 rows that the server made a job). */
let noted: Array<{ jobId: number; fileName: string }> = [];
let told: Array<{ jobId: number; fileName: string }> = [];
let notedBefore = 0;

/** Fields are changed while nothing but "required" is said, on a small query: the walk stays small. */
const small = (s: Snapshot) => (s.matches({ editing: 'idle' }) || s.matches({ editing: 'incomplete' })) && s.context.total <= EXPORT_CONFIRM_ABOVE && s.context.fileType !== '';
/** One field at a time is emptied and filled again, so the walk stays small. */
const complete = (s: Snapshot) => missingExportFields(s.context).length === 0;

/**
 * The export dialog (issue 13 point 1): every visible column chosen on opening, the name cleaned
 * as it is typed, all four fields required, "all data" a background job above 10,000 rows, more than
 * 1,000,000 refused before any call, more than 10,000 asked first with the count, the hook's
 * veto, and a refusal that keeps every choice.
 */
describeModel(exportMachine, {
  events: {
    'DIALOG.OPEN': (s: Snapshot) => (s.matches('closed') ? [opening(20), opening(20_000), opening(2_000_000), opening(20_000, EXPORT_TYPE_ALL), { ...opening(20), fileType: '' }] : []),
    'DIALOG.CLOSE': [{}],
    'NAME.CHANGE': (s: Snapshot) => (!small(s) ? [] : s.context.fileName === '' ? [{ value: TYPED }] : complete(s) && s.context.fileName === 'Accounts 202611' ? [{ value: '' }] : []),
    // A page without a default type: asked for it, the type filled clears "required" (the `always`).
    'TYPE.CHANGE': (s: Snapshot) => (s.matches({ editing: 'incomplete' }) && s.context.fileType === '' ? [{ value: 'csv' }] : []),
    'COLUMN.TOGGLE': (s: Snapshot) => (small(s) && complete(s) && s.context.columns.length === 2 ? [{ field: 'accountNo' }] : []),
    'COLUMNS.ALL': (s: Snapshot) => (!small(s) ? [] : s.context.columns.length === 0 ? [{ checked: true }] : complete(s) && s.context.columns.length === 1 ? [{ checked: false }] : []),
    'SCOPE.CHANGE': (s: Snapshot) => (!s.matches('editing') ? [] : s.context.scope === EXPORT_TYPE_ALL ? [{ value: '01' }] : [{ value: EXPORT_TYPE_ALL }]),
    'EXPORT.REQUEST': [{}],
    'EXPORT.CONFIRM': [{}],
    'EXPORT.BACK': [{}],
  },
  actors: {
    beforeExport: { outputs: [true, false], errors: [new Error(hookFailed)] },
    runExport: { outputs: [{ mode: 'file' }, { mode: 'job', jobId: 7 }], errors: [new Error(refused)] },
  },
  provide: {
    actions: {
      reportExported: () => void reported++,
      notePending: (_: unknown, note: { jobId: number; fileName: string }) => void noted.push(note),
      reportJob: (_: unknown, note: { jobId: number; fileName: string }) => void told.push(note),
    },
  },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.fileName, s.context.fileType, s.context.scope, s.context.columns, s.context.total, s.context.error])) as never,
  onState: (snapshot, step) => {
    const api = view(snapshot);
    const { fileName, scope, total } = snapshot.context;
    expect(api.getDialogProps()).toMatchObject({ 'data-part': 'dialog', open: api.state !== 'closed' });
    // The name never holds a forbidden character nor more than fifty characters.
    expect(/[\\/:*?"<>|]/.test(fileName)).toBe(false);
    expect([...fileName].length).toBeLessThanOrEqual(EXPORT_FILE_NAME_MAX);
    // "All data" is off, and never chosen, above 1,000,000 rows; between 10,000 and that it is a background job, asked first.
    expect(api.getScopeOptionProps(EXPORT_TYPE_ALL).disabled).toBe(api.state !== 'idle' && api.state !== 'incomplete' && api.state !== 'forbidden' && api.state !== 'failed' ? true : total > EXPORT_FORBIDDEN_ABOVE);
    if (total > EXPORT_FORBIDDEN_ABOVE) expect(scope).not.toBe(EXPORT_TYPE_ALL);
    seen = reported;
    notedBefore = noted.length;
  },
  states: {
    closed: (s, step) => {
      expect(s.context).toEqual({ fileName: '', fileType: '', scope: '', columns: [], options: [], total: 0, error: null });
      if (step.event.type === 'xstate.init') {
        reported = seen = notedBefore = 0;
        noted = [];
        told = [];
      }
      const done = step.event.type.startsWith('xstate.done.actor');
      const job = done && (step.event as unknown as { output?: { mode: string } }).output?.mode === 'job';
      // The page hears of an export exactly when a file came; a job is noted as pending and told, once, with its id.
      expect(reported - seen).toBe(done && !job ? 1 : 0);
      expect(noted.length - notedBefore).toBe(job ? 1 : 0);
      if (job) {
        expect(noted.at(-1)).toEqual({ jobId: 7, fileName: expect.any(String) });
        expect(told.at(-1)).toEqual(noted.at(-1));
      }
    },
    'editing.idle': (s) => {
      const api = view(s);
      expect([api.error, api.forbidden, api.getRequestProps()['aria-disabled'], api.getFileNameProps().readOnly]).toEqual([null, false, undefined, false]);
      expect(['fileName', 'fileType', 'scope', 'columns'].some((f) => api.isMissing(f as never))).toBe(false);
    },
    'editing.incomplete': (s) => {
      const api = view(s);
      const missing = missingExportFields(s.context);
      expect(missing.length).toBeGreaterThan(0);
      for (const field of ['fileName', 'fileType', 'scope', 'columns'] as const) expect(api.isMissing(field)).toBe(missing.includes(field));
    },
    'editing.forbidden': (s) => {
      expect([view(s).forbidden, s.context.total > EXPORT_FORBIDDEN_ABOVE]).toEqual([true, true]);
    },
    'editing.failed': (s) => {
      const api = view(s);
      expect([refused, hookFailed]).toContain(api.error);
      // Everything chosen is kept for another try.
      expect([s.context.fileName, s.context.fileType, s.context.columns.length > 0]).toEqual([expect.any(String), expect.any(String), true]);
      expect(missingExportFields(s.context)).toEqual([]);
      expect(api.getRequestProps()['aria-disabled']).toBeUndefined();
    },
    confirming: (s) => {
      const api = view(s);
      expect(s.context.total).toBeGreaterThan(EXPORT_CONFIRM_ABOVE);
      expect([api.confirming, api.getConfirmProps().hidden, api.getRequestProps().hidden, api.getFileNameProps().readOnly, api.getConfirmProps()['aria-disabled']]).toEqual([true, false, true, true, undefined]);
    },
    checking: (s, _step, run) => {
      expect(view(s).busy).toBe(true);
      busyButtons(s);
      expect(run.inputs.beforeExport?.at(-1)).toEqual(exportChoice(s.context));
    },
    exporting: (s, _step, run) => {
      const api = view(s);
      expect([api.busy, api.getCloseProps()['aria-disabled']]).toEqual([true, true]);
      busyButtons(s);
      const sent = run.inputs.runExport?.at(-1) as ReturnType<typeof exportChoice>;
      expect(sent).toEqual(exportChoice(s.context));
      expect(['Accounts 202611', typedExportFileName(TYPED)]).toContain(sent.fileName);
      expect(sent.columns.length).toBeGreaterThan(0);
    },
  },
});
