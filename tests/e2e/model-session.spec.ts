import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { sessionMachine } from '../../src/machines/session.machine';
import { HTTP_GET_RETRIES, UNAUTHORIZED_PROMPT_DEBOUNCE_MS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { modelPaths, transitionsNotTaken, type ModelStep } from '../model/support/paths';
import { ADMIN, STAFF, fromOwnAddress } from './support/users';

const LOGIN_CALL = '/api/fsmc/login/login';
const SESSION_INFO_CALL = '/api/fsmc/session/share/query-session-info';
const LOGOUT_CALL = '/api/fsmc/login/login-out';
/** The seeded users' ids (server/db/seed.ts inserts admin, then staff); the walk checks them. */
const USER_ID = { admin: '1', staff: '2' } as const;

/**
 * The session machine (the shell's start, logout, the 401 prompt, another tab's login) walked through the real UI: the paths are the ones
 * the model test walks (tests/model/session.machine.test.ts, same harness), limited to the
 * events a user's browser can cause. Each model event is done for real (a 401 comes from the
 * server after the user logged out in another tab, or logged in elsewhere), each model state
 * is checked on the screen, and the 500 ms debounce runs on Playwright's clock, as the model
 * test runs it on xstate's simulated clock.
 *
 * Every event of the machine is walked: the login page sends SESSION.START, then
 * SESSION.STARTED or SESSION.FAIL around its login call (src/views/login/after-login.ts), the
 * shell sends SESSION.END on logout, a stored token restores the session when index.html opens
 * (SESSION.RESTORE), 401s from the server send SESSION.REJECT. To see `authenticating` on
 * screen, the login call is held in the browser (page.route) until the walk's next step and
 * then goes on, unchanged, to the real server, whose real answer decides STARTED or FAIL. The
 * server keeps one reason per token, so a path never mixes -998 and -997. The shell's start
 * (session info) and the logout call are held the same way while the walk looks at
 * `authenticated.starting` and `loggingOut`, then go on to the server, or fail as a dropped
 * connection does. Another tab's login (SESSION.USER_CHANGE) is a login in a second tab of
 * the same browser, opened on the login page before any session existed. SESSION.REFRESH
 * (the language switch) is walked by tests/e2e/shell-i18n.spec.ts instead: it changes the
 * user's saved language, which every other path here reads.
 */
type Snapshot = ReturnType<typeof sessionMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.code, Math.min(s.context.rejections, 2)]);

const paths = modelPaths(sessionMachine, {
  serializeState: serializeState as never,
  events: {
    'SESSION.REJECT': (s) => ((s as Snapshot).context.code === null ? [{ code: CODE.loginExpired }, { code: CODE.loginElsewhere }] : [{ code: (s as Snapshot).context.code }]),
    'SESSION.STARTED': [{ userId: USER_ID.staff }],
    'SESSION.RESTORE': [{ userId: null }],
    'SESSION.USER_CHANGE': [{ userId: USER_ID.staff }, { userId: USER_ID.admin }],
    'SESSION.REFRESH': [],
  },
  actors: {
    startShell: { outputs: [{ userId: USER_ID.staff, info: {} }], errors: [new Error('connection dropped')] },
    logout: { outputs: [undefined], errors: [new Error('connection dropped')] },
  },
});
const REFRESH_TRANSITIONS = ['session/authenticated.active: SESSION.REFRESH → authenticated.starting'];

const TEXT = {
  expired: '登录已过期，请重新登录',
  elsewhere: '您的账号已在别处登录，当前登录已失效',
  switched: '此浏览器的另一个标签页已登录了其他用户，本页面的会话已结束。',
  submitting: '正在登录…',
  staff: '张会计',
  admin: ADMIN.name,
};
const WRONG_PASSWORD = 'Wrong@2026';

/** The user's side of the walk: what each model event is on screen, and what each state looks like. */
class SessionUi {
  private ended: number | null = null;
  private clockPaused = false;
  /** The login call held in the browser while the walk looks at `authenticating`. */
  private heldLogin: Route | null = null;
  /** The shell's start (session info) or the logout call, held while the walk looks at the state. */
  private held: Route | null = null;
  /** Second tabs on the login page, opened before any session existed, for other tabs' logins. */
  private spares: Page[] = [];
  private state: Snapshot | null = null;
  constructor(
    private readonly page: Page,
    private readonly browser: Browser,
  ) {}

  async logIn(page: Page, password: string = STAFF.password) {
    const form = page.getByTestId('login-form');
    await form.getByRole('textbox').first().fill(STAFF.userCode);
    await form.locator('input[type=password]').fill(password);
    await form.locator('button[type=submit]').click();
  }

  /** Holds the next call to `path` in the browser until the walk lets it go on or fail. */
  private hold(path: string): Promise<Route> {
    return new Promise<Route>((resolve) => {
      void this.page.route((url) => url.pathname === path, (route) => resolve(route), { times: 1 });
    });
  }

  async send(event: EventObject, next: EventObject | undefined, spareTabs: number) {
    const page = this.page;
    if (event.type.startsWith('xstate.done.actor') || event.type.startsWith('xstate.error.actor')) {
      // The held session-info or logout call: on to the real server, or dropped like a lost connection.
      const route = this.held!;
      this.held = null;
      if (event.type.startsWith('xstate.done.actor')) await route.continue();
      else if (route.request().method() === 'GET') {
        // A lost connection loses the client's retries of a read too (HTTP_GET_RETRIES): each is
        // dropped, so the start fails as it would. Dropping only the first let a retry reach the
        // server, and the shell named the user after all once the check had looked (a loaded
        // machine looked later).
        const path = new URL(route.request().url()).pathname;
        let dropped = 0;
        const retriesDropped = new Promise<void>((resolve) => {
          void page.route(
            (url) => url.pathname === path,
            async (retry) => {
              await retry.abort('internetdisconnected');
              if (++dropped === HTTP_GET_RETRIES) resolve();
            },
            { times: HTTP_GET_RETRIES },
          );
        });
        await route.abort('internetdisconnected');
        await retriesDropped;
      } else await route.abort('internetdisconnected');
      return;
    }
    switch (event.type) {
      case 'xstate.init':
        for (let i = 0; i < spareTabs; i += 1) {
          const spare = await page.context().newPage();
          await spare.goto('/login.html#/login');
          await expect(spare.getByTestId('login-form')).toBeVisible();
          this.spares.push(spare);
        }
        await page.goto(`/login.html?redirect=${encodeURIComponent('/profile')}#/login`);
        return;
      case 'SESSION.START': {
        // The login call is held until the walk's next step lets it go to the server; the
        // password decides its answer: right for SESSION.STARTED, wrong for SESSION.FAIL.
        const held = new Promise<Route>((resolve) => {
          void page.route(
            (url) => url.pathname === LOGIN_CALL,
            (route) => resolve(route),
            { times: 1 },
          );
        });
        await this.logIn(page, next?.type === 'SESSION.FAIL' ? WRONG_PASSWORD : STAFF.password);
        this.heldLogin = await held;
        return;
      }
      case 'SESSION.STARTED':
      case 'SESSION.FAIL': {
        // The held call goes to the real server from here and its answer is handed to the page
        // unchanged. It is read here, not from the page: a successful login navigates to
        // index.html at once, and the page's copy of the body is gone with it.
        const route = this.heldLogin!;
        this.heldLogin = null;
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({ response });
        expect(body.code === 0).toBe(event.type === 'SESSION.STARTED');
        return;
      }
      case 'SESSION.RESTORE': {
        // A session stored by a login in another tab; index.html opens and finds its token.
        const tab = await page.context().newPage();
        await tab.goto('/login.html#/login');
        await this.logIn(tab);
        await expect(tab).toHaveURL(/index\.html/);
        await tab.close();
        const start = this.hold(SESSION_INFO_CALL);
        await page.goto('/index.html#/profile');
        this.held = await start;
        return;
      }
      case 'SESSION.END': {
        const logout = this.hold(LOGOUT_CALL);
        await page.getByTestId('user-menu').click();
        await page.getByRole('menuitem', { name: '退出登录' }).click();
        this.held = await logout;
        return;
      }
      case 'SESSION.USER_CHANGE': {
        const { userId } = event as EventObject & { userId: string };
        const spare = this.spares.shift()!;
        const form = spare.getByTestId('login-form');
        await form.getByRole('textbox').first().fill(userId === USER_ID.admin ? ADMIN.userCode : STAFF.userCode);
        await form.locator('input[type=password]').fill(userId === USER_ID.admin ? ADMIN.password : STAFF.password);
        await form.locator('button[type=submit]').click();
        await expect(spare.getByTestId('current-user')).toHaveText(userId === USER_ID.admin ? TEXT.admin : TEXT.staff);
        // The model names users by id; each test worker logs in as its own copy of them.
        expect(await spare.evaluate(() => JSON.parse(sessionStorage.getItem('loginUserInfo') ?? '{}').userCode)).toBe(userId === USER_ID.admin ? ADMIN.userCode : STAFF.userCode);
        return;
      }
      case 'SESSION.REJECT': {
        const { code } = event as EventObject & { code: number };
        if (this.ended === null) await this.endSession(code);
        if (!this.clockPaused) {
          // From here the page's timers run on Playwright's clock, stopped: the debounce
          // window stays open until the walk says it has passed.
          await page.clock.install();
          await page.clock.pauseAt(Date.now() + 60_000);
          this.clockPaused = true;
        }
        const answered = page.waitForResponse((r) => r.url().includes('/my-profile') && r.status() === 401);
        await page.getByTestId('profile-reload').click();
        const response = await answered;
        expect((await response.json()).code).toBe(code);
        return;
      }
      default:
        if (event.type.startsWith('xstate.after.')) {
          await page.clock.runFor(UNAUTHORIZED_PROMPT_DEBOUNCE_MS - 1);
          await expect(page.getByTestId('session-prompt')).toHaveCount(0);
          await page.clock.runFor(1);
          await page.clock.resume();
          this.clockPaused = false;
          return;
        }
        if (event.type === 'PROMPT.CONFIRM') {
          await page.getByTestId('session-prompt').getByRole('button', { name: '重新登录' }).click();
          return;
        }
        throw new Error(`the UI has no way to send ${event.type}`);
    }
  }

  /** The session ends on the server the way a user ends it: logged out in another tab, or logged in elsewhere. */
  private async endSession(code: number) {
    if (code === CODE.loginExpired) {
      const tab = await this.page.context().newPage();
      await tab.goto('/index.html#/');
      await tab.getByTestId('user-menu').click();
      await tab.getByRole('menuitem', { name: '退出登录' }).click();
      await expect(tab).toHaveURL(/login\.html/);
      await tab.close();
    } else {
      const elsewhere = await this.browser.newContext();
      const other = await elsewhere.newPage();
      await other.goto('/login.html#/login');
      await this.logIn(other);
      await expect(other).toHaveURL(/index\.html/);
      await elsewhere.close();
    }
    this.ended = code;
  }

  async check(state: Snapshot, step: ModelStep) {
    const before = this.state;
    this.state = state;
    const page = this.page;
    const prompt = page.getByTestId('session-prompt');
    const form = page.getByTestId('login-form');
    if (state.matches('anonymous')) {
      await expect(page).toHaveURL(/login\.html/);
      await expect(form).toBeVisible();
      await expect(form.locator('button[type=submit]')).toBeEnabled();
      // After a refused login the page says why, and the user stays on it.
      if (step.event.type === 'SESSION.FAIL') await expect(form.getByRole('alert')).toBeVisible();
    } else if (state.matches('authenticating')) {
      // The login call is out: the form is busy, still on the login page.
      await expect(page).toHaveURL(/login\.html/);
      await expect(form.locator('button[type=submit]')).toBeDisabled();
      await expect(form.locator('button[type=submit]')).toContainText(TEXT.submitting);
    } else if (state.matches({ authenticated: 'starting' })) {
      // The shell stands while its session info is on the way; the user is not known yet in
      // this tab (the login happened in another).
      await expect(page).toHaveURL(/index\.html#\/profile$/);
      await expect(page.getByTestId('profile-form')).toBeVisible();
      await expect(page.getByTestId('current-user')).toHaveText('');
      await expect(prompt).toHaveCount(0);
    } else if (state.matches('authenticated')) {
      await expect(page).toHaveURL(/index\.html#\/profile$/);
      await expect(page.getByTestId('profile-form')).toBeVisible();
      await expect(prompt).toHaveCount(0);
      // The start answered: the user this tab acts for; failed: the shell stands without it.
      if (step.event.type.startsWith('xstate.done.actor')) await expect(page.getByTestId('current-user')).toHaveText(TEXT.staff);
      if (step.event.type.startsWith('xstate.error.actor')) await expect(page.getByTestId('current-user')).toHaveText('');
      if (step.event.type === 'SESSION.USER_CHANGE') {
        // The same user logged in again in the other tab: this one goes on, with the new session.
        const answered = page.waitForResponse((r) => r.url().includes('/my-profile'));
        await page.getByTestId('profile-reload').click();
        expect((await answered).status()).toBe(200);
        await expect(prompt).toHaveCount(0);
      }
    } else if (state.matches('loggingOut')) {
      // The logout call is out with the session's own token, still stored until it returns.
      const token = await page.evaluate(() => localStorage.getItem('sessionKey'));
      expect(token).toBeTruthy();
      expect(this.held!.request().headers()['jwttoken']).toBe(token);
      await expect(page).toHaveURL(/index\.html/);
    } else if (state.matches('switched')) {
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText(TEXT.switched);
      await expect(page.getByRole('alertdialog')).toHaveCount(1);
    } else if (state.matches('ending')) {
      // 401s are gathering: no prompt yet, and the page is still there behind it.
      await expect(prompt).toHaveCount(0);
      await expect(page.getByTestId('profile-form')).toBeVisible();
    } else if (state.matches('expired') || state.matches('displaced')) {
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText(state.matches('expired') ? TEXT.expired : TEXT.elsewhere);
      await expect(page.getByRole('alertdialog')).toHaveCount(1);
    } else if (state.matches('loggedOut') && before?.matches('switched')) {
      // Confirmed the other user's login: the browser's session is theirs; the login page
      // goes straight on to it, back to where this tab was.
      await expect(page).toHaveURL(/index\.html#\/profile$/);
      await expect(page.getByTestId('current-user')).toHaveText(TEXT.admin);
      await expect(prompt).toHaveCount(0);
    } else if (state.matches('loggedOut')) {
      // From the prompt: to the login page, with the way back; from logout: the plain login page, the token gone.
      const fromLogout = before?.matches('loggingOut') === true;
      await expect(page).toHaveURL(fromLogout ? /login\.html#\/login$/ : /login\.html\?redirect=%2Fprofile#\/login$/);
      await expect(form).toBeVisible();
      await expect(prompt).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('sessionKey'))).toBeNull();
    } else {
      throw new Error(`no screen check for state ${JSON.stringify(state.value)}`);
    }
  }
}

test.describe('session machine, walked in the browser', () => {
  test('the model gives paths through every state the user can reach', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect([...reached].sort()).toEqual(
      ['"anonymous"', '"authenticating"', '{"authenticated":"starting"}', '{"authenticated":"active"}', '"loggingOut"', '"displaced"', '"ending"', '"expired"', '"switched"', '"loggedOut"'].sort(),
    );
  });

  test('the walk takes every transition of the machine but the language switch’s', () => {
    expect(transitionsNotTaken(sessionMachine, paths)).toEqual(REFRESH_TRANSITIONS);
  });

  for (const path of paths) {
    test(path.description, async ({ page, browser }) => {
      test.setTimeout(90_000);
      // A path's wrong password counts against its own address, not the run's.
      await fromOwnAddress(page);
      const ui = new SessionUi(page, browser);
      const spareTabs = path.steps.filter((s) => s.event.type === 'SESSION.USER_CHANGE').length;
      for (const [i, step] of path.steps.entries()) {
        await test.step(step.event.type, async () => {
          await ui.send(step.event, path.steps[i + 1]?.event, spareTabs);
          await ui.check(step.state as Snapshot, step);
        });
      }
    });
  }
});
