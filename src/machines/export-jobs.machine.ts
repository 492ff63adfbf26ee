import { assign, fromPromise, setup } from 'xstate';
import { EXPORT_JOB_POLL_MS } from '../shared/constants';
import type { ExportJob } from '../shared/contract/export';
import { messageOf } from './message-of';

/**
 * The export-jobs list (issue 13 point 1, "a download list where the finished file waits";
 * docs/export.md, "Jobs"): a drawer of the user's background exports. Opened, it loads the
 * list (`loading`); nothing there is `empty`; a job pending or running keeps it `polling`
 * (asking again every EXPORT_JOB_POLL_MS while the bars move), and it stops (`idle`) once every
 * job is done or failed. A done job's file downloads (`downloading`), a job can be deleted
 * (`deleting`); a failed load is said with a retry (`failed`); a failed download or delete is
 * said above the list, which stays.
 *
 * Effects are injected: `loadJobs() → ExportJob[]`, `downloadJob(id)`, `deleteJob(id)`, and the
 * action `syncNotes(jobs)` (the local "pending" notes follow what the server says).
 */

export interface ExportJobsContext {
  jobs: ExportJob[];
  /** A failed load, download or delete, as said to the user. */
  error: string | null;
  /** The job a download or delete is working on. */
  busyId: number | null;
}

export type ExportJobsEvent =
  | { type: 'LIST.OPEN' }
  | { type: 'LIST.CLOSE' }
  | { type: 'LIST.RETRY' }
  | { type: 'JOB.DOWNLOAD'; id: number }
  | { type: 'JOB.DELETE'; id: number };

/** Whether a job still has work to do on the server (pending or running). */
export const isWaiting = (job: Pick<ExportJob, 'status'>) => job.status === 'pending' || job.status === 'running';

const blank: ExportJobsContext = { jobs: [], error: null, busyId: null };

/** After a load: where the list goes, by what it holds. */
const routed = [
  { guard: { type: 'isEmpty', params: ({ event }: { event: { output: ExportJob[] } }) => event.output }, target: '#exportJobs.empty', actions: [{ type: 'setJobs', params: ({ event }: { event: { output: ExportJob[] } }) => event.output }, { type: 'syncNotes', params: ({ event }: { event: { output: ExportJob[] } }) => event.output }] },
  { guard: { type: 'anyWaiting', params: ({ event }: { event: { output: ExportJob[] } }) => event.output }, target: '#exportJobs.polling', actions: [{ type: 'setJobs', params: ({ event }: { event: { output: ExportJob[] } }) => event.output }, { type: 'syncNotes', params: ({ event }: { event: { output: ExportJob[] } }) => event.output }] },
  { target: '#exportJobs.idle', actions: [{ type: 'setJobs', params: ({ event }: { event: { output: ExportJob[] } }) => event.output }, { type: 'syncNotes', params: ({ event }: { event: { output: ExportJob[] } }) => event.output }] },
] as const;

export const exportJobsMachine = setup({
  types: { context: {} as ExportJobsContext, events: {} as ExportJobsEvent },
  actors: {
    loadJobs: fromPromise<ExportJob[]>(async () => {
      throw new Error('loadJobs not provided');
    }),
    downloadJob: fromPromise<unknown, number>(async () => {
      throw new Error('downloadJob not provided');
    }),
    deleteJob: fromPromise<unknown, number>(async () => {
      throw new Error('deleteJob not provided');
    }),
  },
  guards: {
    isEmpty: (_, jobs: ExportJob[]) => jobs.length === 0,
    anyWaiting: (_, jobs: ExportJob[]) => jobs.some(isWaiting),
    /** Only a done job has a file to download. */
    isDone: ({ context }, id: number) => context.jobs.some((j) => j.id === id && j.status === 'done'),
    isListed: ({ context }, id: number) => context.jobs.some((j) => j.id === id),
  },
  actions: {
    setJobs: assign({ jobs: (_, jobs: ExportJob[]) => jobs }),
    keepError: assign({ error: (_, error: unknown) => messageOf(error) }),
    clearError: assign({ error: null }),
    setBusy: assign({ busyId: (_, id: number) => id }),
    clearBusy: assign({ busyId: null }),
    reset: assign(() => blank),
    /** The local notes of pending exports follow the list: a job done, failed or gone is no longer pending. */
    syncNotes: (_, _jobs: ExportJob[]) => undefined,
  },
  delays: { pollDelay: EXPORT_JOB_POLL_MS },
}).createMachine({
  id: 'exportJobs',
  context: blank,
  initial: 'closed',
  on: {
    'LIST.CLOSE': { target: '.closed', actions: 'reset' },
  },
  states: {
    closed: {
      on: { 'LIST.OPEN': 'loading' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadJobs',
        onDone: routed as never,
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    /** The user has no export jobs. */
    empty: {},
    /** Every job is done or failed: nothing more to ask the server. */
    idle: {
      on: {
        'JOB.DOWNLOAD': { guard: { type: 'isDone', params: ({ event }) => event.id }, target: 'downloading', actions: ['clearError', { type: 'setBusy', params: ({ event }) => event.id }] },
        'JOB.DELETE': { guard: { type: 'isListed', params: ({ event }) => event.id }, target: 'deleting', actions: ['clearError', { type: 'setBusy', params: ({ event }) => event.id }] },
      },
    },
    /** A job is pending or running: the list is asked again after pollDelay, until none is. */
    polling: {
      initial: 'waiting',
      on: {
        'JOB.DOWNLOAD': { guard: { type: 'isDone', params: ({ event }) => event.id }, target: 'downloading', actions: ['clearError', { type: 'setBusy', params: ({ event }) => event.id }] },
        'JOB.DELETE': { guard: { type: 'isListed', params: ({ event }) => event.id }, target: 'deleting', actions: ['clearError', { type: 'setBusy', params: ({ event }) => event.id }] },
      },
      states: {
        waiting: { after: { pollDelay: 'refreshing' } },
        refreshing: {
          invoke: {
            src: 'loadJobs',
            onDone: routed as never,
            // A missed poll is not worth a message: the bars stay, the next poll tries again.
            onError: 'waiting',
          },
        },
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        src: 'downloadJob',
        input: ({ context }) => context.busyId!,
        onDone: { target: 'loading', actions: 'clearBusy' },
        onError: { target: 'loading', actions: ['clearBusy', { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error }] },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteJob',
        input: ({ context }) => context.busyId!,
        onDone: { target: 'loading', actions: 'clearBusy' },
        onError: { target: 'loading', actions: ['clearBusy', { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error }] },
      },
    },
    /** The list could not be loaded: said, with a retry. */
    failed: {
      on: { 'LIST.RETRY': { target: 'loading', actions: 'clearError' } },
    },
  },
});
