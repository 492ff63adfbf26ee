import type { SnapshotFrom } from 'xstate';
import { isWaiting, type ExportJobsEvent, type exportJobsMachine } from './export-jobs.machine';

type Snapshot = SnapshotFrom<typeof exportJobsMachine>;

export type ExportJobsState = 'closed' | 'loading' | 'empty' | 'idle' | 'polling' | 'downloading' | 'deleting' | 'failed';

/** `polling.waiting` and `polling.refreshing` are both `polling` to the view. */
function stateOf(value: Snapshot['value']): ExportJobsState {
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as ExportJobsState;
}

/** A job's progress in percent (0–100); a job of no rows is done when it is. */
export function progressOf(job: { status: string; rowsDone: number; total: number }): number {
  if (job.status === 'done') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.rowsDone / job.total) * 100));
}

/**
 * The export-jobs drawer's anatomy (Zag.js style): `drawer` (spread on Chakra's Drawer.Root),
 * a `job` row per job with its `progress`, `download` and `delete` buttons, and `retry`; each
 * with `data-part` and `data-state` (a job's data-state is its status).
 */
export function connectExportJobs(snapshot: Snapshot, send: (event: ExportJobsEvent) => void) {
  const state = stateOf(snapshot.value);
  const { jobs, error, busyId } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const part = (name: string) => ({ 'data-part': name, 'data-state': state });
  return {
    state,
    open: state !== 'closed',
    /** The first load: nothing to show yet. */
    loading: state === 'loading' && jobs.length === 0,
    empty: state === 'empty',
    /** The list is asked again while a job has work left. */
    polling: state === 'polling',
    /** A failed load (with the retry), or a failed download or delete above the list. */
    error,
    failed: state === 'failed',
    jobs: jobs.map((job) => ({ ...job, percent: progressOf(job), waiting: isWaiting(job) })),
    getDrawerProps: () => ({
      ...part('drawer'),
      open: state !== 'closed',
      onOpenChange: (details: { open: boolean }) => send({ type: details.open ? 'LIST.OPEN' : 'LIST.CLOSE' }),
    }),
    getJobProps: (job: { id: number; status: string }) => ({ 'data-part': 'job', 'data-state': job.status, 'data-key': String(job.id) }),
    getProgressProps: (job: { status: string; rowsDone: number; total: number }) => ({ 'data-part': 'progress', 'data-state': job.status, value: progressOf(job), min: 0, max: 100 }),
    getDownloadProps: (job: { id: number; status: string }) => ({
      'data-part': 'download',
      'data-state': job.status,
      hidden: job.status !== 'done',
      disabled: busy,
      loading: state === 'downloading' && busyId === job.id,
      onClick: () => send({ type: 'JOB.DOWNLOAD', id: job.id }),
    }),
    getDeleteProps: (job: { id: number; status: string }) => ({
      'data-part': 'delete',
      'data-state': job.status,
      disabled: busy,
      loading: state === 'deleting' && busyId === job.id,
      onClick: () => send({ type: 'JOB.DELETE', id: job.id }),
    }),
    getRetryProps: () => ({ ...part('retry'), hidden: state !== 'failed', onClick: () => send({ type: 'LIST.RETRY' }) }),
    getOpenProps: () => ({ ...part('open'), onClick: () => send({ type: 'LIST.OPEN' }) }),
  };
}

export type ExportJobsApi = ReturnType<typeof connectExportJobs>;
