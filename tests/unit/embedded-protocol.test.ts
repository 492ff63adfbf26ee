import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { EMBEDDED_ANSWER_TIMEOUT_MS } from '../../src/shared/constants';
import { EMBEDDED_PROTOCOL, READY, answer, frameAddress, guestContext, isAllowedEmbeddedUrl, parseAnswer, parseRequest, request, type EmbeddedRequest } from '../../src/shared/embedded-protocol';
import { createHostChannel, type Timers } from '../../src/services/embedded-page/host-channel';
import { startGuest } from '../../src/services/embedded-page/guest';

// The embedded-page protocol in jsdom (docs/embedded-pages.md): messages are dispatched as
// MessageEvents with a chosen origin and source, so the test decides who "sent" each one.

const HOST = 'http://portal.example';
const GUEST = 'https://reports.example.com';

/** A window-like double: records what is posted to it. */
function frameWindow() {
  const posted: Array<{ data: unknown; origin: string }> = [];
  const w = { postMessage: (data: unknown, origin: string) => posted.push({ data, origin }) } as unknown as Window;
  return { w, posted };
}

/** Timers driven by hand: no sleeps, no real clock. */
function fakeTimers() {
  let now = 0;
  const due: Array<{ at: number; run: () => void; live: boolean }> = [];
  const timers: Timers = {
    set: (run, ms) => {
      const t = { at: now + ms, run, live: true };
      due.push(t);
      return t;
    },
    clear: (h) => {
      (h as { live: boolean }).live = false;
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of due) if (t.live && t.at <= now) {
      t.live = false;
      t.run();
    }
  };
  return { timers, advance };
}

const send = (target: Window, data: unknown, origin: string, source: unknown) => target.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
const flush = () => new Promise<void>((r) => setTimeout(r, 0));

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

describe('host channel', () => {
  function setUp() {
    const frame = frameWindow();
    const other = frameWindow();
    const clock = fakeTimers();
    let n = 0;
    const channel = createHostChannel({ frame: () => frame.w, origin: GUEST, timers: clock.timers, newId: () => `id${(n += 1)}` });
    dispose = channel.dispose;
    return { frame, other, clock, channel };
  }

  it('posts the request to the frame at its origin only, and settles on the answer with the same id', async () => {
    const { frame, channel } = setUp();
    const pending = channel.request('validate', 'save', 'edit', 7);
    expect(frame.posted).toEqual([{ data: request('id1', 'validate', 'save', 'edit', 7), origin: GUEST }]);
    send(window, answer('id1', false, '备注不能为空'), GUEST, frame.w);
    await expect(pending).resolves.toEqual({ kind: 'answer', answer: answer('id1', false, '备注不能为空') });
  });

  it('ignores an answer from another origin, from another window, or for another request', async () => {
    const { frame, other, clock, channel } = setUp();
    const settled = jest.fn();
    void channel.request('save', 'save', 'add').then(settled);
    send(window, answer('id1', true), 'https://evil.example.com', frame.w);
    send(window, answer('id1', true), GUEST, other.w);
    send(window, answer('id1', true), GUEST, null);
    send(window, answer('id2', true), GUEST, frame.w);
    send(window, { ...answer('id1', true), protocol: 'other' }, GUEST, frame.w);
    await flush();
    expect(settled).not.toHaveBeenCalled();
    send(window, answer('id1', true), GUEST, frame.w);
    await flush();
    expect(settled).toHaveBeenCalledWith({ kind: 'answer', answer: answer('id1', true) });
    // A late duplicate changes nothing, and its timer was cleared.
    clock.advance(EMBEDDED_ANSWER_TIMEOUT_MS);
    await flush();
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('correlates concurrent requests by id', async () => {
    const { frame, channel } = setUp();
    const a = channel.request('validate', 'submit', 'edit', 1);
    const b = channel.request('submit', 'submit', 'edit', 1);
    send(window, answer('id2', true), GUEST, frame.w);
    send(window, answer('id1', false, 'no'), GUEST, frame.w);
    await expect(a).resolves.toMatchObject({ answer: { id: 'id1', ok: false, message: 'no' } });
    await expect(b).resolves.toMatchObject({ answer: { id: 'id2', ok: true } });
  });

  it('times out at EMBEDDED_ANSWER_TIMEOUT_MS on the injected clock, not before', async () => {
    const { clock, channel } = setUp();
    const settled = jest.fn();
    void channel.request('validate', 'save', 'add').then(settled);
    clock.advance(EMBEDDED_ANSWER_TIMEOUT_MS - 1);
    await flush();
    expect(settled).not.toHaveBeenCalled();
    clock.advance(1);
    await flush();
    expect(settled).toHaveBeenCalledWith({ kind: 'timeout' });
  });

  it('posts pending requests again when the guest says it is ready (only the frame itself)', async () => {
    const { frame, other, channel } = setUp();
    void channel.request('validate', 'save', 'add');
    send(window, READY, GUEST, other.w);
    expect(frame.posted).toHaveLength(1);
    send(window, READY, GUEST, frame.w);
    expect(frame.posted).toHaveLength(2);
    expect(frame.posted[1]).toEqual(frame.posted[0]);
  });

  it('stops listening when disposed, settling what is pending as a timeout', async () => {
    const { frame, channel } = setUp();
    const pending = channel.request('save', 'save', 'add');
    channel.dispose();
    await expect(pending).resolves.toEqual({ kind: 'timeout' });
    send(window, answer('id1', true), GUEST, frame.w);
  });
});

describe('guest SDK', () => {
  function setUp(handler: (r: EmbeddedRequest) => Promise<string | null>) {
    const parent = frameWindow();
    const calls: EmbeddedRequest[] = [];
    const h = async (r: EmbeddedRequest) => {
      calls.push(r);
      return handler(r);
    };
    dispose = startGuest({ parentOrigin: HOST, handlers: { validate: h, save: h, submit: h }, self: window, parent: parent.w });
    return { parent, calls };
  }

  it('says ready to its parent, answers a request from the parent origin and window, once per id', async () => {
    const { parent, calls } = setUp(async (r) => (r.action === 'validate' ? '备注不能为空' : null));
    expect(parent.posted).toEqual([{ data: READY, origin: HOST }]);
    send(window, request('a1', 'validate', 'save', 'add'), HOST, parent.w);
    await flush();
    expect(parent.posted[1]).toEqual({ data: answer('a1', false, '备注不能为空'), origin: HOST });
    send(window, request('a1', 'validate', 'save', 'add'), HOST, parent.w);
    send(window, request('a2', 'save', 'save', 'edit', 3), HOST, parent.w);
    await flush();
    expect(calls.map((c) => c.id)).toEqual(['a1', 'a2']);
    expect(parent.posted[2]).toEqual({ data: answer('a2', true), origin: HOST });
  });

  it('ignores requests from another origin or another window, and malformed ones', async () => {
    const other = frameWindow();
    const { parent, calls } = setUp(async () => null);
    send(window, request('b1', 'save', 'save', 'add'), 'https://evil.example.com', parent.w);
    send(window, request('b2', 'save', 'save', 'add'), HOST, other.w);
    send(window, { ...request('b3', 'save', 'save', 'add'), action: 'delete' }, HOST, parent.w);
    send(window, { ...request('b4', 'save', 'save', 'add'), id: '<script>' }, HOST, parent.w);
    await flush();
    expect(calls).toEqual([]);
    expect(parent.posted).toHaveLength(1);
  });

  it('answers a handler that throws with its message', async () => {
    const { parent } = setUp(async () => {
      throw new Error('保存失败');
    });
    send(window, request('c1', 'submit', 'submit', 'edit', 1), HOST, parent.w);
    await flush();
    expect(parent.posted[1]!.data).toEqual(answer('c1', false, '保存失败'));
  });
});

describe('protocol helpers', () => {
  it('parses only well-formed messages of this protocol', () => {
    expect(parseRequest(request('x', 'validate', 'save', 'view'))).toMatchObject({ id: 'x', formMode: 'view' });
    expect(parseRequest({ ...request('x', 'validate', 'save', 'view'), recordId: -1 })).toBeNull();
    expect(parseRequest('string')).toBeNull();
    expect(parseAnswer({ protocol: EMBEDDED_PROTOCOL, kind: 'answer', id: 'x', ok: 'yes' })).toBeNull();
    expect(parseAnswer(answer('x', false, 'm'.repeat(900)))!.message).toHaveLength(500);
  });

  it('allows paths of this site and https origins of the allow-list only', () => {
    const allowed = ['https://reports.example.com'];
    for (const url of ['/a.html', 'embedded-remarks.html', './x?y=1', 'https://reports.example.com/p?q=1']) expect([url, isAllowedEmbeddedUrl(url, allowed)]).toEqual([url, true]);
    for (const url of ['', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example.com', 'http://reports.example.com/', 'https://evil.example.com/', 'https://a:b@reports.example.com/', '/a b', '\\\\evil', 'java\tscript:alert(1)'])
      expect([url, isAllowedEmbeddedUrl(url, allowed)]).toEqual([url, false]);
  });

  it('appends the form context to the address, read-only in view and approval, and reads it back', () => {
    const src = frameAddress('embedded-remarks.html?x=1', `${HOST}/portal/index.html#/org-info`, { formCode: 'org-info', formMode: 'approval', recordId: 12, instanceKey: 'new-abc' });
    expect(src).toBe('/portal/embedded-remarks.html?x=1&formCode=org-info&mode=approval&readOnly=1&recordId=12&recordKey=12');
    expect(guestContext(new URL(src, HOST).search)).toEqual({ formCode: 'org-info', formMode: 'approval', readOnly: true, recordKey: '12' });
    const add = frameAddress('https://reports.example.com/r', `${HOST}/index.html`, { formCode: 'bank', formMode: 'add', instanceKey: 'new-abc' });
    expect(add).toBe('https://reports.example.com/r?formCode=bank&mode=add&recordKey=new-abc');
    expect(guestContext('?formCode=bank&mode=add&recordKey=../x')).toBeNull();
  });
});
