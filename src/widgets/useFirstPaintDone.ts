import { useLayoutEffect } from 'react';
import { endFirstPaint } from '../services/first-paint';

/**
 * A view the server painted a first card for (login.html, server/pages/login-first-paint.ts) takes
 * it away once it can show itself whole: in a layout effect, so the frame that would show the view
 * is the first without the card (no blank frame between them, no half-drawn page).
 */
export function useFirstPaintDone(whole: boolean): void {
  useLayoutEffect(() => {
    if (whole) endFirstPaint();
  }, [whole]);
}
