import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { availableBackends } from './support/backends';
import { startTestApp, type TestApp } from './support/test-server';

/**
 * Issue 16: what has served its time is swept by each process's housekeeping timer
 * (plugins/housekeeping.ts), never by a request, which would make it and every request behind
 * it wait. The test calls the timer's sweep itself instead of waiting for it.
 */
describe.each(availableBackends())('housekeeping on %s', (backend) => {
  let t: TestApp;
  const DAY = 86_400_000;
  const OLD_REPORT = '00000000-0000-4000-8000-000000000001';
  const FRESH_REPORT = '00000000-0000-4000-8000-000000000002';
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('a request leaves expired rows alone; the sweep removes them and keeps what is still good', async () => {
    const now = t.clock.now();
    const admin = (await t.db.selectFrom('appUser').select('id').where('userCode', '=', 'admin').executeTakeFirstOrThrow()).id;
    const old = new Date(now - 2 * DAY);
    const fresh = new Date(now + DAY);
    await t.db.insertInto('qrLogin').values([{ idHash: 'old-qr', status: 'waiting', userId: null, clientAddress: null, userAgent: null, expiresAt: old, confirmedAt: null, consumedAt: null, confirmSessionHash: null }, { idHash: 'fresh-qr', status: 'waiting', userId: null, clientAddress: null, userAgent: null, expiresAt: fresh, confirmedAt: null, consumedAt: null, confirmSessionHash: null }]).execute();
    await t.db.insertInto('certChallenge').values([{ challengeHash: 'old-challenge', expiresAt: old, usedAt: null }, { challengeHash: 'fresh-challenge', expiresAt: fresh, usedAt: null }]).execute();
    await t.db.insertInto('importReport').values([{ id: OLD_REPORT, ownerId: admin, resourceCode: 'x', lang: 'en-US', errors: '[]', errorCount: 0, expiresAt: old }, { id: FRESH_REPORT, ownerId: admin, resourceCode: 'x', lang: 'en-US', errors: '[]', errorCount: 0, expiresAt: fresh }]).execute();
    const left = async () => ({
      qr: (await t.db.selectFrom('qrLogin').select('idHash').where('idHash', 'in', ['old-qr', 'fresh-qr']).orderBy('idHash').execute()).map((r) => r.idHash),
      challenges: (await t.db.selectFrom('certChallenge').select('challengeHash').where('challengeHash', 'in', ['old-challenge', 'fresh-challenge']).orderBy('challengeHash').execute()).map((r) => r.challengeHash),
      reports: (await t.db.selectFrom('importReport').select('id').where('id', 'in', [OLD_REPORT, FRESH_REPORT]).orderBy('id').execute()).map((r) => r.id),
    });
    // A new QR code used to sweep the old ones before answering.
    expect((await t.post('/api/fsmc/login/qrcode/in/generate', {})).body.code).toBe(0);
    expect(await left()).toEqual({ qr: ['fresh-qr', 'old-qr'], challenges: ['fresh-challenge', 'old-challenge'], reports: [FRESH_REPORT, OLD_REPORT].sort() });
    await t.app.housekeeping.sweep();
    expect(await left()).toEqual({ qr: ['fresh-qr'], challenges: ['fresh-challenge'], reports: [FRESH_REPORT] });
  });
});
