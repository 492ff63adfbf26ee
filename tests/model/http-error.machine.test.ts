import { expect } from '@jest/globals';
import { httpErrorMachine, needsCertificate, type Confirmation, type ConfirmationRef } from '../../src/machines/http-error.machine';
import { connectHttpError } from '../../src/machines/http-error.connect';
import { describeModel } from './support/model';

const first: Confirmation = { kind: 'precondition', id: 1, params: { from: 'a@x.cn', to: 'b@x.cn' }, message: 'Change it?', targetUrl: '/api/fsmc/auth/userinfo/edit-profile', method: 'POST', redirectUrl: null, certificate: null };
const second: Confirmation = { kind: 'precondition', id: 2, params: {}, message: 'Sign it?', targetUrl: '/api/fsmc/cert/do', method: 'PUT', redirectUrl: '#/done', certificate: null };
// A 412 whose data said certRequired: the certificate dialog answers it, not yes/no.
const certified: Confirmation = { kind: 'precondition', id: 3, params: {}, message: 'Validate your certificate', targetUrl: '/api/fsmc/pay/submit', method: 'POST', redirectUrl: null, certificate: { funcCode: '/pay/submit' } };
// A question shares id 1 with the first 412: ids are unique per kind, and the queue keeps them apart.
const question: Confirmation = { kind: 'question', id: 1, title: 'Delete', message: 'Delete it?', ok: 'Delete', cancel: 'Keep', danger: true };
const key = (c: { kind: string; id: number }) => `${c.kind}:${c.id}`;

const effects = { declined: [] as ConfirmationRef[], agreed: [] as ConfirmationRef[], redirects: [] as Array<string | null>, queue: [] as string[] };

// The queue is what matters, by kind and id; two waiting items are as many as the walk needs.
const serializeState = (s: { value: unknown; context: { queue: Confirmation[] } }) => JSON.stringify([s.value, s.context.queue.map(key)]);
const view = (s: unknown) => connectHttpError(s as never, () => undefined);

describeModel(httpErrorMachine, {
  serializeState: serializeState as never,
  events: {
    // A 412 or a question arrives that is not queued yet; the queue holds at most two.
    'CONFIRM.REQUEST': (snapshot) => {
      const queued = (snapshot.context as { queue: Confirmation[] }).queue.map(key);
      if (queued.length >= 2) return [];
      return [first, second, certified, question].filter((c) => !queued.includes(key(c))) as unknown as Array<Record<string, unknown>>;
    },
    'CONFIRM.CERTIFIED': [{ validFlag: 'FLAG-9' }],
  },
  actors: { resend: { outputs: [{ email: 'b@x.cn' }], errors: [new Error('server said no')] } },
  provide: {
    actions: {
      decline: (_: unknown, ref: ConfirmationRef) => void effects.declined.push(ref),
      agree: (_: unknown, ref: ConfirmationRef) => void effects.agreed.push(ref),
      followRedirect: (_: unknown, params: { url: string | null }) => void effects.redirects.push(params.url),
    },
  },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') Object.assign(effects, { declined: [], agreed: [], redirects: [], queue: [] });
    const queue = (snapshot.context as { queue: Confirmation[] }).queue;
    const left = effects.queue.filter((k) => !queue.map(key).includes(k));
    effects.queue = queue.map(key);
    // Whatever leaves the queue leaves it once, and only the one the dialog showed.
    expect(left.length).toBeLessThanOrEqual(1);
    // A question that leaves the queue is answered exactly once: yes on ACCEPT, no on CANCEL.
    for (const k of left.filter((x) => x.startsWith('question:'))) {
      const answered = [...effects.agreed, ...effects.declined].map(key).filter((x) => x === k);
      expect(answered).toHaveLength(1);
      expect((step.event.type === 'CONFIRM.ACCEPT' ? effects.agreed : effects.declined).map(key)).toContain(k);
    }
    // A 412 declined fails exactly that request; one confirmed and answered follows its redirect URL.
    if (step.event.type === 'CONFIRM.CANCEL') expect(left).toEqual([key(effects.declined.at(-1)!)]);
    if (step.event.type.startsWith('xstate.done.actor')) expect(effects.redirects.length).toBeGreaterThan(0);
    const api = view(snapshot);
    // A dialog is open exactly while something is queued: the certificate dialog for a 412 that
    // asks for a certificate (until it is sent again), else the yes/no dialog with the first one's texts.
    const certificate = needsCertificate(queue[0]);
    expect(api.open).toBe(queue.length > 0 && !certificate);
    expect(api.certificate).toEqual(certificate && !api.busy ? { id: 3, funcCode: '/pay/submit', message: 'Validate your certificate' } : null);
    expect(api.waiting).toBe(Math.max(0, queue.length - 1));
    if (api.open || api.certificate) {
      expect([api.kind, api.message]).toEqual([queue[0]!.kind, queue[0]!.message]);
      if (queue[0]!.kind === 'question') expect([api.title, api.okLabel, api.cancelLabel, api.danger]).toEqual(['Delete', 'Delete', 'Keep', true]);
      else expect([api.title, api.okLabel, api.params]).toEqual([null, null, queue[0]!.params]);
    }
  },
  states: {
    idle: (snapshot) => {
      expect(snapshot.context.queue).toEqual([]);
      expect(view(snapshot).getRootProps()['data-state']).toBe('closed');
    },
    confirming: (snapshot) => {
      expect(view(snapshot).busy).toBe(false);
      expect(view(snapshot).getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': 'open', 'data-kind': snapshot.context.queue[0]!.kind });
    },
    resending: (snapshot, step, run) => {
      expect(view(snapshot).busy).toBe(true);
      // Only a 412 is sent again, and it is the one the dialog showed; a certificate one with the
      // flag its validation obtained, never confirmed by a bare yes.
      const head = snapshot.context.queue[0]!;
      expect(head.kind).toBe('precondition');
      expect(run.inputs.resend?.at(-1)).toEqual(head);
      expect(head.kind === 'precondition' && head.validFlag).toBe(needsCertificate(head) ? 'FLAG-9' : undefined);
      if (needsCertificate(head) && step.event.type !== 'CONFIRM.REQUEST') expect(step.event.type).toBe('CONFIRM.CERTIFIED');
    },
  },
});
