import { shellApi, type SessionInfo } from './api/shell';
import { local } from './storage';
import { takeFirstPaintSessionInfo } from './home-first-paint';

/**
 * The session info index.html asks for as its script starts (issue 16): the shell's start used
 * to ask for it once the providers had rendered, after a key agreement (it was a POST).
 * The shell's first start takes this answer (services/session.ts); any later start (after a
 * language switch) asks anew. A refusal of this early call is reported when the request layer
 * starts listening (services/http/events.ts keeps what was said before anyone listened).
 */
let early: Promise<SessionInfo> | null = null;
/** The same answer, settled to null on a refusal, kept after the shell has taken it: the route guard's placeholder reads it. */
let settled: Promise<SessionInfo | null> | null = null;

/** Asks now, if a session token is stored (without one the route guard leaves for the login page). */
export function askSessionInfoEarly(): void {
  if (!local.get('sessionKey')) return;
  // index.html's first paint may have asked already (home-first-paint.ts): its answer is this call's.
  early = shellApi.sessionInfo(takeFirstPaintSessionInfo() ?? undefined);
  // Its refusal is the shell's start's to handle, whenever that takes it.
  settled = early.catch(() => null);
}

/**
 * The early answer without taking it, null on a refusal; null too when none was asked for. One
 * promise for the page, so a component can `use` it across renders.
 */
export function earlySessionInfo(): Promise<SessionInfo | null> | null {
  return settled;
}

/** The early answer, once; then a new call each time. */
export function sessionInfo(): Promise<SessionInfo> {
  const asked = early;
  early = null;
  return asked ?? shellApi.sessionInfo();
}
