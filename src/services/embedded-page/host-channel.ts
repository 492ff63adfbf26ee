import { EMBEDDED_ANSWER_TIMEOUT_MS } from '../../shared/constants';
import { isReady, parseAnswer, request, type EmbeddedAction, type EmbeddedAnswer, type EmbeddedFlow, type EmbeddedFormMode, type EmbeddedRequest } from '../../shared/embedded-protocol';

/**
 * The host's side of one embedded page (docs/embedded-pages.md): posts requests to the frame's
 * window at the frame's origin only, and believes a message only when `event.origin` is that
 * origin AND `event.source` is that frame's window (another frame of the same site, or another
 * tab, cannot answer for it). Each request has its own correlation id; it is pending until its
 * answer or its timeout, then settled: a promise, nothing more (two states, no machine).
 *
 * A request posted before the guest listened is lost; the guest says `ready` once it listens,
 * and the host posts every pending request again (the guest answers an id once).
 */
export type RequestOutcome = { kind: 'answer'; answer: EmbeddedAnswer } | { kind: 'timeout' };

export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

export interface HostChannelOptions {
  /** The frame's window now (an iframe's contentWindow changes when it navigates). */
  frame: () => Window | null;
  /** The origin of the frame's address (originOf(iframeUrl, location.href)). */
  origin: string;
  /** Where answers arrive: the host's window. */
  host?: Window;
  timeoutMs?: number;
  /** Injected in tests: a fake clock instead of real timers, no sleeps. */
  timers?: Timers;
  newId?: () => string;
}

export interface HostChannel {
  request(action: EmbeddedAction, flow: EmbeddedFlow, formMode: EmbeddedFormMode, recordId?: number): Promise<RequestOutcome>;
  dispose(): void;
}

const realTimers: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
let counter = 0;
const defaultId = () => `r${Date.now().toString(36)}${(counter += 1).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function createHostChannel({ frame, origin, host = window, timeoutMs = EMBEDDED_ANSWER_TIMEOUT_MS, timers = realTimers, newId = defaultId }: HostChannelOptions): HostChannel {
  const pending = new Map<string, { message: EmbeddedRequest; settle: (o: RequestOutcome) => void; timer: unknown }>();

  const post = (message: EmbeddedRequest) => frame()?.postMessage(message, origin);

  const onMessage = (event: MessageEvent) => {
    const target = frame();
    if (event.origin !== origin || !target || event.source !== target) return;
    if (isReady(event.data)) {
      for (const p of pending.values()) post(p.message);
      return;
    }
    const answer = parseAnswer(event.data);
    const p = answer ? pending.get(answer.id) : undefined;
    if (!answer || !p) return;
    pending.delete(answer.id);
    timers.clear(p.timer);
    p.settle({ kind: 'answer', answer });
  };
  host.addEventListener('message', onMessage);

  return {
    request(action, flow, formMode, recordId) {
      const id = newId();
      const message = request(id, action, flow, formMode, recordId);
      return new Promise<RequestOutcome>((settle) => {
        const timer = timers.set(() => {
          if (!pending.delete(id)) return;
          settle({ kind: 'timeout' });
        }, timeoutMs);
        pending.set(id, { message, settle, timer });
        post(message);
      });
    },
    dispose() {
      host.removeEventListener('message', onMessage);
      for (const [id, p] of pending) {
        timers.clear(p.timer);
        pending.delete(id);
        p.settle({ kind: 'timeout' });
      }
    },
  };
}
