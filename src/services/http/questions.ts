import { httpEvents, type QuestionEvent } from './events';

/**
 * Asking the user before acting (shell §7: delete; "cancel all", "clear"): the question goes
 * to the request layer's confirmation queue (src/machines/http-error.machine.ts), which shows
 * one question or 412 confirmation at a time, so questions asked while another is open wait
 * their turn and every caller gets its answer.
 */
export type Question = Omit<QuestionEvent, 'id' | 'danger'> & { danger?: boolean };

const waiting = new Map<number, (yes: boolean) => void>();
let nextId = 1;

export function ask(question: Question): Promise<boolean> {
  // No dialog on the page (a test, a bare page): the browser's own question.
  if (!httpEvents.heard('question')) return Promise.resolve(typeof window !== 'undefined' && typeof window.confirm === 'function' ? window.confirm(question.message) : false);
  const id = nextId++;
  return new Promise<boolean>((resolve) => {
    waiting.set(id, resolve);
    httpEvents.emit('question', { danger: false, ...question, id });
  });
}

/** The user answered question `id`; an unknown or already answered id does nothing. */
export function answerQuestion(id: number, yes: boolean): void {
  const resolve = waiting.get(id);
  if (!resolve) return;
  waiting.delete(id);
  resolve(yes);
}
