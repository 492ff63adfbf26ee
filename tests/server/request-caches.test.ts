import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { ENVELOPE_KEY_CACHE_TTL_MS, SESSION_CACHE_TTL_MS } from '../../src/shared/constants';
import { openDatabase } from '../../server/db/database';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, startTestAppOn, type TestApp } from './support/test-server';

/**
 * The session and envelope-key caches of issue 16 (docs/security.md, "Session and key
 * caches"): a change made in the same process is seen at once; one made by another process on
 * the same database within the TTL, never later; a retired key opens nothing however recently
 * it was read. The caches count their time by the app's clock, so nothing here sleeps.
 */
const PROFILE = '/api/fsmc/auth/userinfo/my-profile';
const LANG = '/api/fsmc/login/lang-setting';

describe.each(availableBackends())('session and key caches on %s', (backend) => {
  /** This process. */
  let a: TestApp;
  /**
   * Another process on the same database: its own app instance and caches, hearing nothing of
   * what `a` changes, as a second server process would not. (Its feed is deaf to its own changes
   * too, so what these tests check on b rests only on what b reads from the database.)
   */
  let b: TestApp;
  const profileOn = async (app: TestApp, token: string) => (await app.get(PROFILE, undefined, { token })).body.code;
  /**
   * A login is itself a change of the user's sessions: for one TTL after it the cache keeps
   * that user's sessions out. Moving past it makes the next check fill the cache.
   */
  const settle = (app: TestApp) => app.clock.advance(SESSION_CACHE_TTL_MS);

  beforeAll(async () => {
    a = await startTestApp(backend);
    // On PostgreSQL the other process has its own pool, as a real one would; PGlite lives in one
    // process, so there the two instances share its connection.
    const db = backend === 'postgres' ? await openDatabase({ databaseUrl: a.location }) : a.db;
    b = await startTestAppOn({ db, backend, location: a.location, dispose: async () => (db === a.db ? undefined : db.destroy()) }, {}, undefined, { changes: { onChange: () => () => {} } });
  });
  afterAll(async () => {
    await b?.dispose();
    await a?.dispose();
  });

  it('a logout in this process refuses the session at once, though its check was cached a moment before', async () => {
    const token = await a.login(DEMO.staff);
    settle(a);
    expect(await profileOn(a, token)).toBe(0);
    expect(await profileOn(a, token)).toBe(0);
    expect((await a.post('/api/fsmc/login/login-out', {}, { token })).body.code).toBe(0);
    expect(await profileOn(a, token)).toBe(CODE.loginExpired);
  });

  it('a newer login in this process displaces the cached session at once (-997)', async () => {
    const first = await a.login(DEMO.checker);
    settle(a);
    expect(await profileOn(a, first)).toBe(0);
    await a.login(DEMO.checker);
    expect(await profileOn(a, first)).toBe(CODE.loginElsewhere);
  });

  it('a user locked by an administrator in this process loses the cached session at once', async () => {
    const admin = await a.login(DEMO.admin);
    const staff = await a.login(DEMO.staff);
    settle(a);
    expect(await profileOn(a, staff)).toBe(0);
    const staffId = (await a.db.selectFrom('appUser').select('id').where('userCode', '=', 'staff').executeTakeFirstOrThrow()).id;
    const until = new Date(a.clock.now() + 3_600_000).toISOString();
    expect((await a.post('/api/fsmc/user-info/change-locked-time', { id: staffId, lockedUntil: until }, { token: admin })).body.code).toBe(0);
    expect(await profileOn(a, staff)).toBe(CODE.loginExpired);
    expect((await a.post('/api/fsmc/user-info/change-locked-time', { id: staffId, lockedUntil: null }, { token: admin })).body.code).toBe(0);
  });

  it('a session logged out by another process is refused here once its check is SESSION_CACHE_TTL_MS old', async () => {
    const token = await b.login(DEMO.staff);
    settle(b);
    expect(await profileOn(b, token)).toBe(0);
    // The other process (a) ends it; b hears nothing of it and may answer from its cache…
    expect((await a.post('/api/fsmc/login/login-out', {}, { token })).body.code).toBe(0);
    // …but not once its entry is as old as the TTL: then it asks the database and refuses.
    b.clock.advance(SESSION_CACHE_TTL_MS);
    expect(await profileOn(b, token)).toBe(CODE.loginExpired);
  });

  it('a session kicked by an administrator on another process (a password reset) is refused within the TTL', async () => {
    const admin = await a.login(DEMO.admin);
    const token = await b.login(DEMO.checker);
    settle(b);
    expect(await profileOn(b, token)).toBe(0);
    const checkerId = (await a.db.selectFrom('appUser').select('id').where('userCode', '=', 'checker').executeTakeFirstOrThrow()).id;
    expect((await a.post('/api/fsmc/user-info/reset-password', { id: checkerId }, { token: admin })).body.code).toBe(0);
    b.clock.advance(SESSION_CACHE_TTL_MS);
    expect(await profileOn(b, token)).toBe(CODE.loginExpired);
    // And a's own check, which never cached it, refuses at once.
    expect(await profileOn(a, token)).toBe(CODE.loginExpired);
  });

  it('a cached session still slides: a call the cache could answer, but after which the session must be extended, extends it', async () => {
    // A 6 s idle window (slack 0.6 s, shorter than the cache's TTL), on a third instance.
    const c = await startTestAppOn({ db: a.db, backend, location: a.location, dispose: async () => undefined }, { sessionIdleMinutes: 0.1 });
    try {
      const token = await c.login(DEMO.staff);
      // Past the block a login sets (settle), but within the 6 s window.
      c.clock.advance(SESSION_CACHE_TTL_MS);
      expect(await profileOn(c, token)).toBe(0);
      // Within the TTL of that check, past the slack: the call must write the new expiry…
      c.clock.advance(1_000);
      expect(await profileOn(c, token)).toBe(0);
      // …so that 7 s after login (beyond the first expiry, 6.6 s) the session still lives.
      c.clock.advance(6_000);
      expect(await profileOn(c, token)).toBe(0);
      // And idle for longer than the window, it ends.
      c.clock.advance(7_000);
      expect(await profileOn(c, token)).toBe(CODE.loginExpired);
    } finally {
      await c.dispose();
    }
  });

  it('a key at the end of its lifetime opens nothing once it has passed, though it was read a moment before', async () => {
    const { sealEnvelope } = await import('../../src/shared/envelope');
    const key = await a.agreeKey();
    // As if agreed almost ENVELOPE_KEY_LIFETIME_MS ago: one second left.
    await a.db.updateTable('envelopeKey').set({ expiresAt: new Date(a.clock.now() + 1_000) }).where('keyId', '=', key.keyId).execute();
    const LOGIN = '/api/fsmc/login/login';
    const attempt = () => a.post(LOGIN, sealEnvelope({ userCode: DEMO.staff.userCode, password: 'not-the-password-1' }, key, { method: 'POST', path: LOGIN }, { now: a.clock.now() }), { raw: true });
    expect((await attempt()).body.code).toBe(CODE.badCredentials);
    a.clock.advance(1_000);
    expect(1_000).toBeLessThan(ENVELOPE_KEY_CACHE_TTL_MS);
    expect((await attempt()).body.code).toBe(CODE.envelopeKeyUnknown);
  });

  it('a key rebound to a newer session by another process stops opening the old one within ENVELOPE_KEY_CACHE_TTL_MS', async () => {
    // One page: the key agreed for it, bound to the first session at its first write on b.
    const first = await b.login(DEMO.admin);
    const key = await b.agreeKey();
    const { sealEnvelope } = await import('../../src/shared/envelope');
    const seal = (body: unknown) => sealEnvelope(body, key, { method: 'POST', path: LANG }, { now: b.clock.now() });
    expect((await b.post(LANG, seal({ lang: 'en-US' }), { token: first, raw: true })).body.code).toBe(0);
    // The same page logs in as another user through process a: the key now belongs to that session.
    const LOGIN = '/api/fsmc/login/login';
    const login = sealEnvelope({ userCode: DEMO.staff.userCode, password: DEMO.staff.password }, key, { method: 'POST', path: LOGIN }, { now: a.clock.now() });
    const second = (await a.post<{ JwtToken: string }>(LOGIN, login, { raw: true })).body.data.JwtToken;
    expect(second).toBeTruthy();
    b.clock.advance(ENVELOPE_KEY_CACHE_TTL_MS);
    // The administrator's session lives on, but the key opens only the staff session's envelopes now.
    expect((await b.post(LANG, seal({ lang: 'zh-CN' }), { token: first, raw: true })).body.code).toBe(CODE.envelopeKeyUnknown);
    expect((await b.post(LANG, seal({ lang: 'zh-CN' }), { token: second, raw: true })).body.code).toBe(0);
  });
});
