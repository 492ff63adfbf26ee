import { describe, expect, it } from '@jest/globals';
import { httpEvents, type ToastEvent } from '../../src/services/http/events';

/**
 * index.html asks for the session info as its script starts (issue 16), before its request layer
 * listens: what such a call says (a refused session, a toast) reaches the first listener instead
 * of being lost. Each test uses the events in order: the module is the page's one emitter.
 */
describe('the request layer’s events said before anyone listened', () => {
  it('keeps a refused session and a toast for the first listener, once', () => {
    httpEvents.emit('unauthorized', { code: -997 });
    httpEvents.emit('toast', { type: 'error', title: 'offline' });
    const codes: number[] = [];
    const offFirst = httpEvents.on('unauthorized', ({ code }) => codes.push(code));
    expect(codes).toEqual([-997]);
    const later: number[] = [];
    const offLater = httpEvents.on('unauthorized', ({ code }) => later.push(code));
    expect(later).toEqual([]);
    // Heard now: delivered at once, to every listener.
    httpEvents.emit('unauthorized', { code: -998 });
    expect([codes, later]).toEqual([[-997, -998], [-998]]);
    offFirst();
    offLater();

    const toasts: ToastEvent[] = [];
    const offToast = httpEvents.on('toast', (t) => toasts.push(t));
    expect(toasts).toEqual([{ type: 'error', title: 'offline' }]);
    offToast();
  });

  it('keeps no more than a page’s start would say, and nothing that answers a waiting call', () => {
    for (let i = 0; i < 20; i++) httpEvents.emit('toast', { type: 'error', title: `failure ${i}` });
    const toasts: string[] = [];
    const off = httpEvents.on('toast', (t) => toasts.push(t.title));
    expect(toasts).toEqual(Array.from({ length: 8 }, (_, i) => `failure ${i}`));
    off();

    httpEvents.emit('question', { id: 1, title: 'Delete?', message: '', ok: 'OK', cancel: 'Cancel', danger: true });
    const questions: number[] = [];
    const offQuestion = httpEvents.on('question', (q) => questions.push(q.id));
    expect(questions).toEqual([]);
    offQuestion();
  });
});
