import { FIRST_PAINT_ID, FIRST_PAINT_MAX_WAIT_MS } from '../shared/constants';

/**
 * The card login.html comes with, painted before its script ran (server/pages/login-first-paint.ts),
 * taken away: the page under it now shows itself. Nothing when there is none (another page, a
 * second call).
 */
export function endFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

/**
 * Whatever the page comes to show (a view still waiting for its data, the language's spinner, an
 * error), the painted card is gone FIRST_PAINT_MAX_WAIT_MS after the first render was asked for:
 * it never hides the page for long.
 */
export function endFirstPaintAtTheLatest(): void {
  setTimeout(endFirstPaint, FIRST_PAINT_MAX_WAIT_MS);
}
