import { expect } from '@jest/globals';
import { IMPORT_TYPE_APPEND, IMPORT_TYPE_COVER } from '../../src/shared/constants';
import { importMachine, importProblems, importRequest, type ImportOutcome, type ImportRowsRefusal } from '../../src/machines/import.machine';
import { connectImport } from '../../src/machines/import.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof importMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectImport(s, () => undefined);
/** A button busy or barred: aria-disabled (it stays focusable). */
const inert = (props: { 'aria-disabled'?: boolean }) => props['aria-disabled'] === true;

const RATES = { value: 'exchange-rate', label: '汇率导入模板' };
const OTHER = { value: 'other', label: '其他模板' };
const FILE = { name: 'rates.xlsx', size: 2048 };
const SECOND = { name: 'more.xlsx', size: 1024 };
const RANGE = { from: '2026-01-01', to: '2026-01-31' };
const REFUSAL: ImportRowsRefusal = { message: '文件中有 1 处错误，未导入任何数据', errorCount: 1, reportId: '0b0c8f44-0a3e-4a43-9b8e-4e5c3f0c1a2b' };
const OUTCOME: ImportOutcome = { imported: 3, replaced: 1 };
const failed = '只能导入 xlsx 或 csv 文件';
const templateFailed = '模板下载失败';
const reportFailed = '错误报告已不可用';

/** What the page heard: each import that wrote rows, once. */
let imported: ImportOutcome[] = [];
let importedBefore = 0;

const editable = (s: Snapshot) => s.matches({ editing: 'idle' }) || s.matches({ editing: 'incomplete' });

/**
 * The import form (issue 13 point 3): templateType required (preset when there is one), one file
 * required and single unless several are allowed, importType required when offered, the date
 * range when it is COVER; the template downloads for the chosen type; the upload's progress,
 * then the server's phase without a number; imported (the page reloads), refused for its rows
 * (nothing written, the report to download) or failed with every choice kept.
 */
describeModel(importMachine, {
  events: {
    'DIALOG.OPEN': (s: Snapshot) =>
      s.matches('closed')
        ? [
            { templates: [RATES], typeOffered: true },
            { templates: [RATES, OTHER], typeOffered: false },
            { templates: [RATES, OTHER], typeOffered: false, multiple: true },
          ]
        : [],
    'DIALOG.CLOSE': [{}],
    // The first template picked when none is; one template emptied again once everything else is set.
    'TEMPLATE.CHANGE': (s: Snapshot) => (!editable(s) ? [] : s.context.templateType === '' ? [{ value: OTHER.value }] : []),
    'FILES.CHANGE': (s: Snapshot) => (!editable(s) ? [] : s.context.files.length === 0 ? [{ files: [FILE] }] : s.context.files.length === 1 && s.context.templateType === OTHER.value ? [{ files: [FILE, SECOND] }] : []),
    'TYPE.CHANGE': (s: Snapshot) => (!editable(s) || !s.context.typeOffered ? [] : s.context.importType === '' ? [{ value: IMPORT_TYPE_APPEND }, { value: IMPORT_TYPE_COVER }] : s.context.importType === IMPORT_TYPE_COVER && s.context.range.from !== '' ? [{ value: IMPORT_TYPE_APPEND }] : []),
    // Only once asked for: the range filled is what clears "required" (the `always`).
    'RANGE.CHANGE': (s: Snapshot) => (s.matches({ editing: 'incomplete' }) && s.context.importType === IMPORT_TYPE_COVER && s.context.range.from === '' ? [RANGE] : []),
    'TEMPLATE.DOWNLOAD': [{}],
    'IMPORT.REQUEST': [{}],
    'UPLOAD.PROGRESS': (s: Snapshot) => (s.matches({ sending: 'uploading' }) ? (s.context.progress === 0 ? [{ percent: 42.4 }, { percent: 100 }] : [{ percent: 100 }]) : []),
    'REPORT.DOWNLOAD': [{}],
    'IMPORT.AGAIN': [{}],
  },
  actors: {
    downloadTemplate: { outputs: [undefined], errors: [new Error(templateFailed)] },
    upload: { outputs: [OUTCOME], errors: [REFUSAL, new Error(failed)] },
    downloadReport: { outputs: [undefined], errors: [new Error(reportFailed)] },
  },
  provide: {
    actions: {
      reportImported: (_: unknown, outcome: ImportOutcome) => void imported.push(outcome),
    },
  },
  serializeState: ((s: Snapshot) => {
    const c = s.context;
    return JSON.stringify([s.value, c.templates.length, c.typeOffered, c.multiple, c.templateType, c.files.length, c.importType, c.range, c.progress, c.outcome !== null, c.refusal !== null, c.error]);
  }) as never,
  onState: (snapshot, step) => {
    const api = view(snapshot);
    if (step.event.type === 'xstate.init') {
      imported = [];
      importedBefore = 0;
    }
    expect(api.getDialogProps()).toMatchObject({ 'data-part': 'dialog', open: api.state !== 'closed' });
    // The range is asked for exactly when COVER is chosen; it is sent only then.
    expect(api.needsRange).toBe(snapshot.context.typeOffered && snapshot.context.importType === IMPORT_TYPE_COVER);
    if (!api.needsRange) expect(importRequest(snapshot.context).range).toBeNull();
    // The page hears of an import exactly when the rows were written.
    const done = step.event.type.startsWith('xstate.done.actor') && snapshot.matches('succeeded');
    expect(imported.length - importedBefore).toBe(done ? 1 : 0);
    importedBefore = imported.length;
  },
  states: {
    closed: (s) => {
      expect(s.context).toMatchObject({ templates: [], templateType: '', files: [], importType: '', progress: 0, outcome: null, refusal: null, error: null });
      expect(view(s).open).toBe(false);
    },
    'editing.idle': (s) => {
      const api = view(s);
      expect([api.error, inert(api.getRequestProps()), api.getTemplateTypeProps().disabled, api.getFileProps().disabled]).toEqual([null, false, false, false]);
      for (const f of ['templateType', 'fileNames', 'importType', 'importTypeDate'] as const) expect(api.problemOf(f)).toBeNull();
      // One file unless several are allowed.
      expect(api.getFileProps().maxFiles).toBe(s.context.multiple ? Infinity : 1);
      expect(inert(api.getTemplateDownloadProps())).toBe(s.context.templateType === '');
    },
    'editing.incomplete': (s) => {
      const api = view(s);
      const problems = importProblems(s.context);
      expect(Object.keys(problems).length).toBeGreaterThan(0);
      for (const f of ['templateType', 'fileNames', 'importType', 'importTypeDate'] as const) expect(api.problemOf(f)).toBe(problems[f] ?? null);
      if (s.context.files.length > 1) expect(api.problemOf('fileNames')).toBe(s.context.multiple ? null : 'single');
      if (s.context.typeOffered && s.context.importType === IMPORT_TYPE_COVER && s.context.range.from === '') expect(api.problemOf('importTypeDate')).toBe('required');
      if (!s.context.typeOffered) expect(api.problemOf('importType')).toBeNull();
    },
    'editing.failed': (s) => {
      const api = view(s);
      expect([failed, templateFailed]).toContain(api.error);
      // Everything chosen is kept for another try.
      expect(s.context.templateType).not.toBe('');
      expect(inert(api.getRequestProps())).toBe(false);
    },
    downloadingTemplate: (s, _step, run) => {
      const api = view(s);
      expect([api.busy, api.getTemplateDownloadProps().busy, inert(api.getRequestProps()), inert(api.getTemplateDownloadProps())]).toEqual([true, true, true, true]);
      // Busy, not disabled: the button pressed keeps the keyboard's focus.
      expect(['disabled' in api.getTemplateDownloadProps(), 'disabled' in api.getRequestProps()]).toEqual([false, false]);
      expect(run.inputs.downloadTemplate?.at(-1)).toBe(s.context.templateType);
    },
    'sending.uploading': (s, _step, run) => {
      const api = view(s);
      expect([api.phase, api.busy, inert(api.getCloseProps()), api.getRequestProps().busy, inert(api.getRequestProps()), api.getRangeFromProps().readOnly]).toEqual(['sending', true, true, true, true, true]);
      expect(api.progress).toBe(s.context.progress);
      expect(api.progress).toBeLessThan(100);
      expect(run.inputs.upload?.at(-1)).toEqual(importRequest(s.context));
      expect(Object.keys(importProblems(s.context))).toEqual([]);
    },
    'sending.importing': (s) => {
      const api = view(s);
      // The whole file is up; the server's phase has no number to show.
      expect([api.progress, api.getProgressProps().value, s.context.progress, inert(api.getCloseProps())]).toEqual([null, null, 100, true]);
    },
    succeeded: (s) => {
      const api = view(s);
      expect([api.phase, api.outcome, api.refusal, api.getAgainProps().hidden, api.getRequestProps().hidden]).toEqual(['succeeded', OUTCOME, null, false, true]);
    },
    'rejected.ready': (s) => {
      const api = view(s);
      expect([api.phase, api.refusal, api.outcome, api.getReportDownloadProps().hidden, inert(api.getReportDownloadProps())]).toEqual(['rejected', REFUSAL, null, false, false]);
      expect([null, reportFailed]).toContain(api.error);
    },
    'rejected.downloading': (s, _step, run) => {
      const api = view(s);
      expect([api.getReportDownloadProps().busy, inert(api.getReportDownloadProps()), inert(api.getCloseProps()), inert(api.getAgainProps())]).toEqual([true, true, true, true]);
      expect(run.inputs.downloadReport?.at(-1)).toBe(REFUSAL.reportId);
    },
  },
});
