import { useCallback, type RefCallback } from 'react';
import { isTextField } from './text-field';

/**
 * `autoFocus` for a page's first field, without its cost (issue 16): React focuses an
 * `autoFocus` element while it commits, and focusing makes the browser lay out the whole page
 * there and then, in the same task as the commit (on the login page, the longest task after the
 * first render). This focuses once the page has painted, in a task of its own, where the layout
 * is already done; unless the user has meanwhile put the focus in a field of their own choice.
 */
export function useFocusAfterPaint<T extends HTMLElement>(): RefCallback<T> {
  return useCallback((element: T | null) => {
    if (!element) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        if (element.isConnected && !isTextField(document.activeElement)) element.focus();
      };
      channel.port2.postMessage(null);
    });
  }, []);
}
