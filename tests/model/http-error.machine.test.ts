import { expect } from '@jest/globals';
import { httpErrorMachine, type Confirmation } from '../../src/machines/http-error.machine';
import { connectHttpError } from '../../src/machines/http-error.connect';
import { describeModel } from './support/model';

const first: Confirmation = { id: 1, params: { from: 'a@x.cn', to: 'b@x.cn' }, message: 'Change it?', targetUrl: '/api/fsmc/auth/userinfo/edit-profile', method: 'POST', redirectUrl: null };
const second: Confirmation = { id: 2, params: {}, message: 'Sign it?', targetUrl: '/api/fsmc/cert/do', method: 'PUT', redirectUrl: '#/done' };

const effects = { cancelled: [] as number[], redirects: [] as Array<string | null> };

// The queue is what matters, by ids; two waiting 412s are as many as the walk needs.
const serializeState = (s: { value: unknown; context: { queue: Confirmation[] } }) => JSON.stringify([s.value, s.context.queue.map((c) => c.id)]);

describeModel(httpErrorMachine, {
  serializeState: serializeState as never,
  events: {
    // A 412 arrives for a request not yet queued (ids are unique per held request).
    'CONFIRM.REQUEST': (snapshot) => {
      const queued = (snapshot.context as { queue: Confirmation[] }).queue.map((c) => c.id);
      return [first, second].filter((c) => !queued.includes(c.id)).slice(0, 1) as unknown as Array<Record<string, unknown>>;
    },
  },
  actors: { resend: { outputs: [{ email: 'b@x.cn' }], errors: [new Error('server said no')] } },
  provide: {
    actions: {
      cancelPending: (_: unknown, params: { id: number }) => void effects.cancelled.push(params.id),
      followRedirect: (_: unknown, params: { url: string | null }) => void effects.redirects.push(params.url),
    },
  },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') Object.assign(effects, { cancelled: [], redirects: [] });
    // A confirmed call that succeeded follows its redirect URL (null when it has none).
    if (step.event.type.startsWith('xstate.done.actor')) expect(effects.redirects.length).toBeGreaterThan(0);
    const view = connectHttpError(snapshot as never, () => undefined);
    const queue = (snapshot.context as { queue: Confirmation[] }).queue;
    // The dialog is open exactly while a confirmation is pending, and shows the first one.
    expect(view.open).toBe(queue.length > 0);
    if (view.open) expect([view.message, view.params]).toEqual([queue[0]!.message, queue[0]!.params]);
    // Declining fails exactly the request the dialog showed, and takes it off the queue.
    if (step.event.type === 'CONFIRM.CANCEL') expect(queue.map((c) => c.id)).not.toContain(effects.cancelled.at(-1));
  },
  states: {
    idle: (snapshot) => expect(snapshot.context.queue).toEqual([]),
    confirming: (snapshot) => expect(connectHttpError(snapshot as never, () => undefined).busy).toBe(false),
    resending: (snapshot, _step, run) => {
      expect(connectHttpError(snapshot as never, () => undefined).busy).toBe(true);
      // The request sent again is the one the dialog showed.
      expect(run.inputs.resend?.at(-1)).toEqual(snapshot.context.queue[0]);
    },
  },
});
