import { expect } from '@jest/globals';
import type { ExportJob } from '../../src/shared/contract/export';
import { exportJobsMachine, isWaiting } from '../../src/machines/export-jobs.machine';
import { connectExportJobs, progressOf } from '../../src/machines/export-jobs.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof exportJobsMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectExportJobs(s, () => undefined);

const job = (id: number, status: ExportJob['status'], rowsDone: number, failure: string | null = null): ExportJob => ({
  id,
  fileName: `accounts-${id}.csv`,
  fileType: 'csv',
  status,
  total: 200_000,
  rowsDone,
  failure,
  byteSize: status === 'done' ? 9_000_000 : null,
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: status === 'done' || status === 'failed' ? '2026-11-24T10:01:00.000Z' : null,
  expiresAt: status === 'done' || status === 'failed' ? '2026-11-25T10:01:00.000Z' : null,
});
// A file ready beside work still running: downloadable while the list polls.
const RUNNING = [job(3, 'running', 48_000), job(2, 'pending', 0), job(1, 'done', 200_000)];
const FINISHED = [job(3, 'done', 200_000), job(1, 'failed', 0, 'The export failed: the server could not write the file')];
const loadFailed = 'The network is down';
const downloadFailed = 'The exported file is no longer kept';
/** What syncNotes last heard: the local pending notes follow every list loaded. */
let synced: ExportJob[] | null = null;

/**
 * The export-jobs list (issue 13 point 1): loading, then empty, idle (nothing left to do) or
 * polling while a job is pending or running, asking again after the poll delay; a done job's
 * download and a delete reload the list; a failed load is said with a retry, a failed download
 * above the list.
 */
describeModel(exportJobsMachine, {
  events: {
    'LIST.OPEN': [{}],
    'LIST.CLOSE': [{}],
    'LIST.RETRY': [{}],
    'JOB.DOWNLOAD': (s: Snapshot) => s.context.jobs.map((j) => ({ id: j.id })),
    'JOB.DELETE': (s: Snapshot) => s.context.jobs.slice(0, 1).map((j) => ({ id: j.id })),
  },
  actors: {
    loadJobs: { outputs: [[], RUNNING, FINISHED], errors: [new Error(loadFailed)] },
    downloadJob: { outputs: [undefined], errors: [new Error(downloadFailed)] },
    deleteJob: { outputs: [null], errors: [new Error(loadFailed)] },
  },
  provide: { actions: { syncNotes: (_: unknown, jobs: ExportJob[]) => void (synced = jobs) } },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.jobs.map((j) => [j.id, j.status]), s.context.error, s.context.busyId])) as never,
  onState: (snapshot, step) => {
    const api = view(snapshot);
    expect(api.getDrawerProps()).toMatchObject({ 'data-part': 'drawer', open: api.state !== 'closed' });
    // A list the server answered is what the notes were told.
    if (step.event.type.startsWith('xstate.done.actor') && (api.state === 'empty' || api.state === 'idle' || api.state === 'polling')) expect(synced).toEqual(snapshot.context.jobs);
    for (const j of api.jobs) {
      // Only a done job offers its file; the bar is full exactly when it is done.
      expect(api.getDownloadProps(j).hidden).toBe(j.status !== 'done');
      expect(api.getProgressProps(j).value).toBe(progressOf(j));
      if (j.status === 'done') expect(j.percent).toBe(100);
      if (j.status === 'failed') expect(j.failure).toBeTruthy();
    }
  },
  states: {
    closed: (s) => {
      expect(s.context).toEqual({ jobs: [], error: null, busyId: null });
      expect(view(s).open).toBe(false);
    },
    loading: (s) => {
      const api = view(s);
      expect(s.hasTag('busy')).toBe(true);
      expect(api.loading).toBe(s.context.jobs.length === 0);
    },
    empty: (s) => {
      const api = view(s);
      expect([api.empty, api.jobs, api.polling]).toEqual([true, [], false]);
    },
    idle: (s) => {
      const api = view(s);
      expect(api.jobs.length).toBeGreaterThan(0);
      // Nothing left to do on the server: the list is not asked again.
      expect(api.jobs.some((j) => j.waiting)).toBe(false);
      expect(api.polling).toBe(false);
    },
    'polling.waiting': (s) => {
      const api = view(s);
      expect(api.polling).toBe(true);
      expect(s.context.jobs.some(isWaiting)).toBe(true);
      const running = api.jobs.find((j) => j.status === 'running');
      if (running) expect(running.percent).toBe(Math.floor((running.rowsDone / running.total) * 100));
    },
    'polling.refreshing': (s, step) => {
      expect(view(s).polling).toBe(true);
      // Only the poll's delay leads here.
      expect(step.event.type).toMatch(/^xstate\.after/);
    },
    downloading: (s) => {
      const api = view(s);
      const id = s.context.busyId!;
      expect(s.context.jobs.find((j) => j.id === id)?.status).toBe('done');
      expect(api.getDownloadProps({ id, status: 'done' }).loading).toBe(true);
      expect(s.context.error).toBeNull();
    },
    deleting: (s) => {
      const api = view(s);
      const id = s.context.busyId!;
      expect(s.context.jobs.some((j) => j.id === id)).toBe(true);
      expect(api.getDeleteProps({ id, status: 'done' }).loading).toBe(true);
    },
    failed: (s) => {
      const api = view(s);
      expect([api.failed, api.error, api.getRetryProps().hidden]).toEqual([true, loadFailed, false]);
    },
  },
});
