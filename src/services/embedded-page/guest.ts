import { READY, answer, parseRequest, type EmbeddedRequest } from '../../shared/embedded-protocol';

/**
 * The guest SDK: what a page embedded in an edit form runs (docs/embedded-pages.md). It answers
 * the host's validate, save and submit requests with `{ok, message}`, and believes a request only
 * when it comes from the configured parent origin AND from the parent window (not a sibling
 * frame, not a window this page opened). Each request id is answered once, so the host's
 * re-post after `ready` never saves twice.
 *
 * A handler answers null when all is well, or the message to show (in the user's language).
 */
export type GuestHandler = (request: EmbeddedRequest) => Promise<string | null>;

export interface GuestOptions {
  /** The host's origin; nothing else is believed or answered. */
  parentOrigin: string;
  handlers: { validate: GuestHandler; save: GuestHandler; submit: GuestHandler };
  /** The guest's window and its parent (injected in tests). */
  self?: Window;
  parent?: Window;
}

export function startGuest({ parentOrigin, handlers, self = window, parent = window.parent }: GuestOptions): () => void {
  const seen = new Set<string>();
  const onMessage = async (event: MessageEvent) => {
    if (event.origin !== parentOrigin || event.source !== parent) return;
    const request = parseRequest(event.data);
    if (!request || seen.has(request.id)) return;
    seen.add(request.id);
    let message: string | null;
    try {
      message = await handlers[request.action](request);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    parent.postMessage(answer(request.id, message === null, message ?? undefined), parentOrigin);
  };
  self.addEventListener('message', onMessage);
  parent.postMessage(READY, parentOrigin);
  return () => self.removeEventListener('message', onMessage);
}
