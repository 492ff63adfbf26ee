import { expect } from '@jest/globals';
import { remarkProblem, remarksGuestMachine, type RemarkProblem } from '../../src/machines/remarks-guest.machine';
import { connectRemarksGuest, problemText } from '../../src/machines/remarks-guest.connect';
import { EMBEDDED_REMARK_MAX } from '../../src/shared/constants';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof remarksGuestMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectRemarksGuest(s, () => undefined);
const STORE_FAILED = new Error('存储失败');
const NOT_READ = { key: 'embedded.remarks.notRead' };
const SAVING = { key: 'embedded.remarks.saving' };

// What the parent was told, in order: each step's new replies are checked against what the
// state it left and the event say it should hear.
const replies: Array<RemarkProblem | null> = [];
let seen = 0;
let was = '';
const reply = (problem: RemarkProblem | null) => void replies.push(problem);

function expectedReplies(s: Snapshot, type: string): Array<RemarkProblem | null> {
  const problem = remarkProblem(s.context.remark);
  if (type === 'PARENT.VALIDATE' || type === 'PARENT.SAVE') {
    if (s.context.readOnly) return [null];
    if (was === 'loading' || was === 'failed') return [NOT_READ];
    if (was === 'saving') return type === 'PARENT.SAVE' ? [SAVING] : [problem];
    // From editing: a check answers at once; a save answers at once only when refused.
    return type === 'PARENT.VALIDATE' || problem ? [problem] : [];
  }
  if (was === 'saving' && type.startsWith('xstate.done.actor')) return [null];
  if (was === 'saving' && type.startsWith('xstate.error.actor')) return [{ text: STORE_FAILED.message }];
  return [];
}

/**
 * The demo guest's remark: read (or not: then never saved over), edited, checked and stored when
 * the parent asks, each request answered once with what the parent should hear; read-only
 * passes every request.
 */
describeModel(remarksGuestMachine, {
  inputs: [{ readOnly: false }, { readOnly: true }],
  events: {
    'REMARK.CHANGE': [{ remark: '新的备注' }, { remark: '  ' }, { remark: 'x'.repeat(EMBEDDED_REMARK_MAX + 1) }],
    'REMARK.RETRY': [{}],
    'PARENT.VALIDATE': [{ reply }],
    'PARENT.SAVE': [{ reply }],
  },
  actors: { loadRemark: { outputs: ['已有备注', null], errors: [new Error('读取失败')] }, saveRemark: { outputs: [undefined], errors: [STORE_FAILED] } },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.readOnly, remarkProblem(s.context.remark), s.context.problem, s.context.pending !== null])) as never,
  onState: (s, step) => {
    if (step.event.type === 'xstate.init') {
      replies.length = 0;
      seen = 0;
      was = '';
    }
    const fresh = replies.slice(seen);
    seen = replies.length;
    expect(fresh).toEqual(expectedReplies(s, step.event.type));
    was = String(s.value);
    const api = view(s);
    expect(api.getRootProps()).toEqual({ 'data-part': 'remarks-guest', 'data-state': s.value, 'aria-busy': s.matches('loading') || s.matches('saving') });
    expect(api.getRemarkProps()).toMatchObject({ 'data-part': 'remark', value: s.context.remark, readOnly: s.context.readOnly || s.matches('saving') });
    expect(api.getRetryProps().hidden).toBe(!s.matches('failed'));
  },
  states: {
    loading: (s, _step, run) => {
      expect(run.inputs.loadRemark?.length).toBeGreaterThan(0);
      expect(view(s).problem).toBeNull();
    },
    editing: (s) => {
      // The field shows what the last check found, in the reader's words.
      const problem = view(s).problem;
      expect(problem).toEqual(s.context.problem);
      if (problem) expect(problemText(problem, (key) => `t:${key}`)).toMatch(/^t:embedded\.remarks\.(required|tooLong)$/);
      expect(s.context.pending).toBeNull();
    },
    saving: (s, _step, run) => {
      // Stored as it was when asked, the parent still waiting.
      expect(run.inputs.saveRemark?.at(-1)).toEqual({ remark: s.context.remark });
      expect(s.context.pending).not.toBeNull();
      expect(remarkProblem(s.context.remark)).toBeNull();
    },
    failed: (s) => {
      expect([view(s).problem, view(s).getRetryProps().hidden, s.context.remark]).toEqual([null, false, '']);
    },
  },
});
