import { FIRST_PAINT_ID, HOME_FIRST_PAINT_MAX_WAIT_MS, WORKBENCH_PATHS } from '../shared/constants';
import { login } from '../shared/contract/login';
import { pathOf } from '../shared/contract/endpoint-read';
import { THEMES } from '../shared/theme-palettes';
import { userNameIn } from '../shared/user-name';
import { greetingWordsAttribute } from '../shared/shell-frame';
import { ANSWER_CODE as CODE } from '../shared/answer-codes';
import { httpConfig } from './http/config';
import { requestHeaders } from './http/headers';
import { initialLanguage } from './i18n/initial-language';
import { local } from './storage';
import type { SessionInfo } from './api/shell';
import { leftMenuOpenAtStart, storedNavColor, storedTheme } from './stored-look';

/**
 * index.html's first paint on the home page (issue 16, point 2): the shell's frame and the
 * workbench's greeting, drawn by the page's first, small script (entries/index-first-paint.ts)
 * from the session info it asks for at once, before the app's code has run. The markup and its
 * words come with the page, hidden (server/pages/index-first-paint.ts); this fills in the
 * user's name, the theme's colours and the left menu's place, and shows it.
 *
 * The app takes over from there. Its script, preloaded meanwhile, runs once the greeting has been
 * painted, at most HOME_FIRST_PAINT_MAX_WAIT_MS after it was asked for (entries/index-first-paint.ts;
 * its first long task and the requests it makes at once would otherwise come before the paint).
 * It takes this very request's answer as its own session info call (RequestOptions.asked: one
 * request, interpreted by the request layer as any other), and the workbench's greeting, drawn
 * on the same box, takes the painted one away (widgets/Greeting.tsx).
 *
 * The two scripts are separate entries, each with its own module instances: what passes between
 * them is one property of the window.
 */
interface Handoff {
  /** The session info call, as fetch answered it. */
  asked: Promise<Response> | null;
  /** Settles once the greeting has been painted, or will not be. */
  painted: Promise<void>;
  startedAt: number;
}
const HANDOFF = '__portalHomeFirstPaint';
declare global {
  interface Window {
    [HANDOFF]?: Handoff;
  }
}

/** The route the hash names, as the router reads it (`#/workbench?x` → `/workbench`). */
const hashPath = () => location.hash.replace(/^#/, '').split('?')[0] || '/';

/** After the next frame has been painted. */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function paint(frame: HTMLElement, answer: Response): Promise<void> {
  const body = (await answer.clone().json()) as { code?: unknown; data?: Partial<SessionInfo> | null };
  const greeting = frame.querySelector<HTMLElement>('[data-part="greeting"]');
  const lang = initialLanguage();
  const words = frame.getAttribute(greetingWordsAttribute(lang));
  const name = userNameIn(body.data?.loginUserInfo, lang);
  // A refusal (an expired session, …) paints nothing: the shell handles it as it would have.
  if (body.code !== CODE.ok || !greeting || !words || !name) return;
  greeting.textContent = words.replace('{{name}}', name);
  frame.dataset.palette = THEMES[storedTheme()];
  frame.dataset.nav = storedNavColor();
  frame.dataset.menu = leftMenuOpenAtStart() ? 'open' : 'closed';
  frame.hidden = false;
  await afterNextPaint();
}

/** Asks for the session info and greets, on the home page of a stored session; nothing elsewhere. */
export function paintHomeGreetingEarly(): void {
  const frame = document.getElementById(FIRST_PAINT_ID);
  if (!frame || !local.get('sessionKey') || !WORKBENCH_PATHS.includes(hashPath())) return;
  const asked = fetch(`${httpConfig.baseUrl}${pathOf(login.sessionInfo)}`, { headers: requestHeaders() });
  const painted = asked.then((answer) => paint(frame, answer)).catch(() => undefined);
  window[HANDOFF] = { asked, painted, startedAt: performance.now() };
}

/** Settles once the greeting is painted (or will not be), at most HOME_FIRST_PAINT_MAX_WAIT_MS after it was asked for; at once when none was. */
export function homeFirstPaintSettled(): Promise<void> {
  const handoff = window[HANDOFF];
  if (!handoff) return Promise.resolve();
  const left = Math.max(0, HOME_FIRST_PAINT_MAX_WAIT_MS - (performance.now() - handoff.startedAt));
  return Promise.race([handoff.painted, new Promise<void>((resolve) => setTimeout(resolve, left))]);
}

/** The session info call the first paint made, once (the app's first session info call takes it); null when there was none. */
export function takeFirstPaintSessionInfo(): Promise<Response> | null {
  const handoff = window[HANDOFF];
  const asked = handoff?.asked ?? null;
  if (handoff) handoff.asked = null;
  return asked;
}
