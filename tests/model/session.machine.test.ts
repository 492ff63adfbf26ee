import { expect } from '@jest/globals';
import { sessionMachine } from '../../src/machines/session.machine';
import { connectSession } from '../../src/machines/session.connect';
import { UNAUTHORIZED_PROMPT_DEBOUNCE_MS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { describeModel } from './support/model';

/** What the provided effects did on the current path, in order. */
const effects: string[] = [];
const spy = (name: string) => () => void effects.push(name);

const INFO = { systemTitle: '资金管理平台' };

// The count of 401s grows without bound: the walk keeps only whether there were several.
const serializeState = (s: { value: unknown; context: { code: number | null; rejections: number; userId: string | null; info: unknown } }) =>
  JSON.stringify([s.value, s.context.code, Math.min(s.context.rejections, 2), s.context.userId, s.context.info !== null]);

describeModel(sessionMachine, {
  serializeState: serializeState as never,
  events: {
    'SESSION.REJECT': [{ code: CODE.loginExpired }, { code: CODE.loginElsewhere }],
    'SESSION.RESTORE': [{ userId: '7' }],
    'SESSION.STARTED': [{ userId: '7' }],
    // Another tab logged in: the same user (7) or another one (9).
    'SESSION.USER_CHANGE': [{ userId: '7' }, { userId: '9' }],
  },
  actors: {
    startShell: { outputs: [{ userId: '7', info: INFO }], errors: [new Error('network down')] },
    logout: { outputs: [undefined], errors: [new Error('network down')] },
  },
  provide: {
    actions: {
      endSession: spy('endSession'),
      leaveTab: spy('leaveTab'),
      adoptNewToken: spy('adoptNewToken'),
      goToLogin: spy('goToLogin'),
      showLoginPage: spy('showLoginPage'),
    },
  },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') effects.length = 0;
    // Never a prompt outside expired/displaced/switched: however many 401s arrive, one prompt.
    const view = connectSession(snapshot as never, () => undefined);
    expect(view.promptOpen).toBe((['expired', 'displaced', 'switched'] as const).some((s) => snapshot.matches(s)));
    // Nothing of the session is forgotten before the machine is done with it.
    if (snapshot.status !== 'done') expect(effects.filter((e) => e !== 'adoptNewToken')).toEqual([]);
  },
  states: {
    anonymous: (snapshot) => expect([snapshot.context.rejections, snapshot.context.userId]).toEqual([0, null]),
    authenticated: (snapshot, step) => {
      // Whose session this is: from the login's answer or the tab's stored user.
      if (step.event.type === 'SESSION.STARTED' || step.event.type === 'SESSION.RESTORE') expect(snapshot.context.userId).toBe('7');
    },
    authenticating: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    'authenticated.starting': (snapshot, step, run) => {
      // The shell's start is out, for the user index.html found in this tab.
      expect(connectSession(snapshot as never, () => undefined).starting).toBe(true);
      expect(run.inputs.startShell?.length).toBeGreaterThan(0);
      if (step.event.type === 'SESSION.RESTORE') expect(snapshot.context.userId).toBe('7');
    },
    'authenticated.active': (snapshot, step) => {
      expect(connectSession(snapshot as never, () => undefined).starting).toBe(false);
      // The start's answer is kept; a failed start leaves the shell on its defaults.
      if (step.event.type.startsWith('xstate.done.actor')) expect(snapshot.context.info).toEqual(INFO);
      if (step.event.type.startsWith('xstate.error.actor')) expect(snapshot.context.info).toBeNull();
      // The same user logging in in another tab: this tab carries on, with the new token.
      if (step.event.type === 'SESSION.USER_CHANGE') expect(effects.at(-1)).toBe('adoptNewToken');
    },
    loggingOut: (snapshot, _step, run) => {
      // The server's logout is under way while the token is still stored (nothing forgotten yet).
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(run.inputs.logout?.length).toBe(1);
      expect(effects).not.toContain('endSession');
    },
    ending: (snapshot) => {
      // Gathering 401s: no prompt yet, the session not yet forgotten.
      expect(snapshot.context.rejections).toBeGreaterThan(0);
    },
    expired: (snapshot, _step, run) => {
      // Shown only after the debounce, on the simulated clock.
      expect(run.clock.now()).toBeGreaterThanOrEqual(UNAUTHORIZED_PROMPT_DEBOUNCE_MS);
      expect(snapshot.context.code).toBe(CODE.loginExpired);
      expect(connectSession(snapshot as never, () => undefined).messageKey).toBe('request.session.expired');
    },
    displaced: (snapshot, _step, run) => {
      expect(run.clock.now()).toBeGreaterThanOrEqual(UNAUTHORIZED_PROMPT_DEBOUNCE_MS);
      expect(snapshot.context.code).toBe(CODE.loginElsewhere);
      expect(connectSession(snapshot as never, () => undefined).messageKey).toBe('request.session.elsewhere');
    },
    switched: (snapshot) => {
      // Another user's login in another tab: this tab stops, with its own prompt at once.
      const view = connectSession(snapshot as never, () => undefined);
      expect([view.messageKey, view.draftKept]).toEqual(['request.session.switched', false]);
      expect(snapshot.context.code).toBeNull();
    },
    loggedOut: (snapshot, step) => {
      expect(snapshot.status).toBe('done');
      const done = effects.filter((e) => e !== 'adoptNewToken');
      if (step.event.type === 'PROMPT.CONFIRM') {
        // From a prompt: forget (all of it, or only this tab's part when another user owns the storage), then the login page with the way back.
        expect(done).toEqual([snapshot.context.code === null ? 'leaveTab' : 'endSession', 'goToLogin']);
      } else {
        // From logout, whatever the server answered: forget everything, then the plain login page.
        expect(done).toEqual(['endSession', 'showLoginPage']);
      }
    },
  },
});
