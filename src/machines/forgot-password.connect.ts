import type { SnapshotFrom } from 'xstate';
import type { ForgotEvent, forgotPasswordMachine, ForgotValues } from './forgot-password.machine';
import { busyButton, busyField, fieldChange, submitProps } from './form.connect';

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

const STAGES = { identifying: 'identify', sendingCode: 'identify', verifying: 'verify', validatingCode: 'verify', choosing: 'choose', checking: 'choose', saving: 'choose', done: 'choose' } as const;
type Stage = (typeof STAGES)[keyof typeof STAGES];
const SUBMIT: Record<Stage, ForgotEvent['type']> = { identify: 'CODE.SEND', verify: 'CODE.VALIDATE', choose: 'PASSWORD.SUBMIT' };
/** Which fields a stage shows, so a refusal marks only what the user can fix there. */
const FIELDS: Record<Stage, Array<keyof ForgotValues>> = { identify: ['userCode'], verify: ['code'], choose: ['newPassword', 'confirmPassword'] };

/** What the forgot-password form renders at each stage. */
export function connectForgotPassword(snapshot: Snapshot, send: (event: ForgotEvent) => void) {
  const stage: Stage = STAGES[snapshot.value as keyof typeof STAGES];
  const busy = snapshot.hasTag('busy');
  const { values, problems, serverMessage } = snapshot.context;
  const refused = problems.length > 0 || serverMessage !== null;
  return {
    stage,
    step: stage === 'identify' ? 0 : stage === 'verify' ? 1 : snapshot.status === 'done' ? 3 : 2,
    busy,
    done: snapshot.status === 'done',
    problems,
    serverMessage,
    field: (name: keyof ForgotValues) => ({
      invalid: refused && FIELDS[stage].includes(name),
      input: {
        name,
        value: values[name],
        // The user code is fixed once a code was sent for it. While a step is sent the fields are
        // read-only, not disabled: the focus stays in the one Enter was pressed in.
        disabled: name === 'userCode' && stage !== 'identify',
        ...busyField(busy),
        onChange: fieldChange(send, name),
      },
    }),
    resend: () => send({ type: 'CODE.RESEND' }),
    back: () => send({ type: 'FLOW.BACK' }),
    /** The step's submit button: busy (spinner, aria-disabled), never disabled, while it is sent. */
    getSubmitProps: () => ({ 'data-part': 'submit', 'data-state': busy ? 'busy' : 'idle', type: 'submit' as const, busy, ...busyButton(busy) }),
    getResendProps: () => ({ 'data-part': 'resend', ...busyButton(busy, () => send({ type: 'CODE.RESEND' })) }),
    getBackProps: () => ({ 'data-part': 'back', ...busyButton(busy, () => send({ type: 'FLOW.BACK' })) }),
    formProps: submitProps(() => send({ type: SUBMIT[stage] } as ForgotEvent)),
  };
}
