import { expect } from '@jest/globals';
import { dataAuthCopyMachine } from '../../src/machines/data-auth-copy.machine';
import { connectDataAuthCopy } from '../../src/machines/data-auth-copy.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof dataAuthCopyMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectDataAuthCopy(s, () => undefined);
const refused = '用户clerk02已有数据权限，不能复制';
/** How many times the page heard of a copy (it reloads its rows then). */
let reported = 0;

/**
 * The data-auth copy dialog (issue 12 point 5): both users chosen and different before the
 * question; the call only after confirming; done says how many grants were copied and tells the
 * page once; a refusal keeps both users for a change or a retry; closing forgets everything.
 */
describeModel(dataAuthCopyMachine, {
  events: {
    'DIALOG.OPEN': [{}],
    'DIALOG.CLOSE': [{}],
    'FROM.CHANGE': (s: Snapshot) => (s.context.fromUser ? [{ value: '' }] : [{ value: 'clerk01' }]),
    'TO.CHANGE': (s: Snapshot) => (s.context.toUser ? [] : [{ value: 'clerk02' }, { value: 'clerk01' }]),
    'COPY.REQUEST': [{}],
    'COPY.BACK': [{}],
    'COPY.CONFIRM': [{}],
    'COPY.RETRY': [{}],
  },
  actors: { copyGrants: { outputs: [{ copied: 3 }], errors: [new Error(refused)] } },
  provide: { actions: { reportCopied: () => void reported++ } },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context])) as never,
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') reported = 0;
    const api = view(snapshot);
    expect(api.getDialogProps()).toMatchObject({ 'data-part': 'dialog', 'data-state': api.state, open: api.state !== 'closed' });
    // The page hears of a copy exactly when one is done.
    expect(reported).toBe(api.state === 'done' ? 1 : 0);
  },
  states: {
    closed: (s) => {
      expect(s.context).toEqual({ fromUser: '', toUser: '', copied: null, error: null });
    },
    editing: (s) => {
      const api = view(s);
      expect(api.getFromProps().readOnly).toBe(false);
      // Next only with two different users; the same user twice is said.
      const ready = Boolean(s.context.fromUser && s.context.toUser && s.context.fromUser !== s.context.toUser);
      expect(api.getRequestProps().disabled).toBe(!ready);
      expect(api.same).toBe(Boolean(s.context.fromUser) && s.context.fromUser === s.context.toUser);
    },
    confirming: (s) => {
      const api = view(s);
      expect([api.fromUser, api.toUser, api.getFromProps().readOnly, api.getConfirmProps().hidden]).toEqual(['clerk01', 'clerk02', true, false]);
    },
    copying: (s, _step, run) => {
      // Busy, not disabled: the focus stays on the pressed confirm, and a second press sends nothing.
      const sent: unknown[] = [];
      const confirm = connectDataAuthCopy(s as never, (e) => sent.push(e)).getConfirmProps();
      expect([confirm.busy, confirm['aria-disabled'], 'disabled' in confirm]).toEqual([true, true, false]);
      confirm.onClick();
      expect(sent).toEqual([]);
      expect(run.inputs.copyGrants?.at(-1)).toEqual({ fromUser: 'clerk01', toUser: 'clerk02' });
    },
    done: (s) => {
      expect([view(s).copied, view(s).error]).toEqual([3, null]);
    },
    failed: (s) => {
      const api = view(s);
      expect([api.error, api.fromUser, api.toUser, api.getRetryProps().hidden, api.getBackProps().hidden]).toEqual([refused, 'clerk01', 'clerk02', false, false]);
    },
  },
});
