import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The other half of "busy, never disabled" (machines/form.connect.ts, busyButton): a request's
 * outcome may take away the very control the keyboard is on (the import's button hidden once
 * the rows are in, "import another file" gone with the result). Each time `step` changes, if
 * the focus was inside `root` and is now nowhere (on the page, or on a control hidden or
 * removed or disabled), it goes to `target(step)`: where the user goes next. A focus the user has put
 * anywhere else stays where it is.
 */
export function useFocusWhenLost<S>(root: RefObject<HTMLElement | null>, step: S, target: (step: S) => HTMLElement | null | undefined) {
  const last = useRef(step);
  useLayoutEffect(() => {
    if (Object.is(last.current, step)) return;
    last.current = step;
    const element = root.current;
    if (!element) return;
    const active = element.ownerDocument.activeElement as HTMLElement | null;
    // A control just disabled (the forgot-password user code once a code is sent) still holds the
    // focus here: the browser moves it to the page only when it next renders.
    const lost = !active || active === element.ownerDocument.body || (element.contains(active) && (active.checkVisibility?.() === false || active.matches(':disabled')));
    if (lost) target(step)?.focus();
  });
}
