import { fromPromise, type ActorRefFrom } from 'xstate';
import { httpErrorMachine, type Confirmation } from '../../machines/http-error.machine';
import { cancelPending, confirmPending } from '../../services/http/client';
import { httpEvents } from '../../services/http/events';
import { answerQuestion } from '../../services/http/questions';

/** The confirmation queue with its effects: the client's held 412s and waiting questions. */
export const confirmationLogic = httpErrorMachine.provide({
  actors: { resend: fromPromise<unknown, Confirmation>(({ input }) => confirmPending(input.id, input.kind === 'precondition' ? input.validFlag : undefined)) },
  actions: {
    decline: (_, { kind, id }) => (kind === 'precondition' ? cancelPending(id) : answerQuestion(id, false)),
    agree: (_, { id }) => answerQuestion(id, true),
    followRedirect: (_, { url }) => {
      if (url) window.location.assign(url);
    },
  },
});

/** Feeds the client's 412s and questions into the queue; returns the unsubscribe. */
export function listenForConfirmations(ref: Pick<ActorRefFrom<typeof confirmationLogic>, 'send'>): () => void {
  const offs = [
    httpEvents.on('precondition', (item) => ref.send({ type: 'CONFIRM.REQUEST', kind: 'precondition', ...item })),
    httpEvents.on('question', (item) => ref.send({ type: 'CONFIRM.REQUEST', kind: 'question', ...item })),
  ];
  return () => offs.forEach((off) => off());
}
