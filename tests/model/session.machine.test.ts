import { expect } from '@jest/globals';
import { sessionMachine } from '../../src/machines/session.machine';
import { connectSession } from '../../src/machines/session.connect';
import { UNAUTHORIZED_PROMPT_DEBOUNCE_MS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { describeModel } from './support/model';

/** What the provided effects did on the current path. */
const effects = { forget: 0, login: 0 };

// The count of 401s grows without bound: the walk keeps only whether there were several.
const serializeState = (s: { value: unknown; context: { code: number | null; rejections: number } }) =>
  JSON.stringify([s.value, s.context.code, Math.min(s.context.rejections, 2)]);

describeModel(sessionMachine, {
  serializeState: serializeState as never,
  events: {
    'SESSION.REJECT': [{ code: CODE.loginExpired }, { code: CODE.loginElsewhere }],
  },
  provide: {
    actions: {
      forgetSession: () => void (effects.forget += 1),
      goToLogin: () => void (effects.login += 1),
    },
  },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') Object.assign(effects, { forget: 0, login: 0 });
    // Never a prompt outside expired/displaced: however many 401s arrive, one prompt.
    const view = connectSession(snapshot as never, () => undefined);
    expect(view.promptOpen).toBe(snapshot.matches('expired') || snapshot.matches('displaced'));
  },
  states: {
    anonymous: (snapshot) => expect(snapshot.context.rejections).toBe(0),
    authenticating: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    ending: (snapshot) => {
      // Gathering 401s: no prompt yet, the session not yet forgotten.
      expect(snapshot.context.rejections).toBeGreaterThan(0);
      expect(effects.forget).toBe(0);
    },
    expired: (snapshot, _step, run) => {
      // Shown only after the debounce, on the simulated clock.
      expect(run.clock.now()).toBeGreaterThanOrEqual(UNAUTHORIZED_PROMPT_DEBOUNCE_MS);
      expect(snapshot.context.code).toBe(CODE.loginExpired);
      expect(connectSession(snapshot as never, () => undefined).messageKey).toBe('request.session.expired');
      expect(effects).toEqual({ forget: 0, login: 0 });
    },
    displaced: (snapshot, _step, run) => {
      expect(run.clock.now()).toBeGreaterThanOrEqual(UNAUTHORIZED_PROMPT_DEBOUNCE_MS);
      expect(snapshot.context.code).toBe(CODE.loginElsewhere);
      expect(connectSession(snapshot as never, () => undefined).messageKey).toBe('request.session.elsewhere');
      expect(effects).toEqual({ forget: 0, login: 0 });
    },
    loggedOut: (snapshot) => {
      expect(snapshot.status).toBe('done');
      // Either the user logged out (forget, no login page) or confirmed the prompt (forget, then login page).
      expect(effects.forget).toBe(1);
      expect(effects.login).toBe(snapshot.context.code === null ? 0 : 1);
    },
  },
});
