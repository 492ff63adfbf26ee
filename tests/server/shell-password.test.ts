import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { IDENTIFY_CODE_LENGTH, IDENTIFY_CODE_MAX_ATTEMPTS, IDENTIFY_CODE_SEND_LIMIT, PASSWORD_RULE_DEFAULT } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';
import { setPassword } from '../../server/services/passwords';
import { settled } from '../../server/services/deferred';

jest.setTimeout(60_000);

/** Issue 5 points 1 and 7: forgot password through the outbox, the password rule, password change. */
describe.each(availableBackends())('passwords on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
  });
  afterAll(async () => {
    await t.dispose();
  });

  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
  const FP = '/api/fsmc/common/forget-password';

  /** The newest outbox mail to the user, read as an administrator does. */
  async function latestMailTo(recipient: string) {
    // The code is mailed after the answer (same timing for known and unknown users).
    await settled();
    const res = await t.post('/api/fsmc/system/outbox/query', { start: 1, limit: 10 }, { token: admin });
    expect(res.body.code).toBe(0);
    return res.body.data.rows.find((m: { recipient: string }) => m.recipient === recipient) as { subject: string; body: string } | undefined;
  }
  /** Puts the demo password back for the other tests (straight in the database: not what is tested). */
  async function restoreStaffPassword() {
    const { id } = await t.db.selectFrom('appUser').select('id').where('userCode', '=', 'staff').executeTakeFirstOrThrow();
    await setPassword(t.db, id, DEMO.staff.password);
  }
  const codeIn = (body: string) => body.match(new RegExp(`\\b\\d{${IDENTIFY_CODE_LENGTH}}\\b`))![0];

  it('resets a forgotten password with the code from the outbox, and the new password logs in', async () => {
    expect((await t.post(`${FP}/send-identify-code`, { userCode: 'staff' }, { ...from('10.5.0.1'), lang: 'en-US' })).body).toMatchObject({ code: 0, data: null });
    const mail = await latestMailTo('staff@example.invalid');
    expect(mail?.subject).toBe('Your password reset code');
    const code = codeIn(mail!.body);

    const validated = await t.post(`${FP}/validate-code`, { userCode: 'staff', code });
    expect(validated.body.code).toBe(0);
    const { resetTicket } = validated.body.data;

    const weak = await t.post(`${FP}/modify-password`, { userCode: 'staff', resetTicket, newPassword: 'password' }, { lang: 'en-US' });
    expect(weak.body.code).toBe(CODE.passwordRuleViolated);
    expect(weak.body.msg).toBe('The password does not meet the password rule: not one of the most common passwords, nor one with digits or symbols added to it');
    expect(weak.body.data.problems.map((p: { key: string }) => p.key)).toEqual(['common']);
    const weakZh = await t.post(`${FP}/modify-password`, { userCode: 'staff', resetTicket, newPassword: 'Ab1!' });
    expect(weakZh.body.msg).toBe(`密码不符合密码规则：至少 ${PASSWORD_RULE_DEFAULT.minLength} 个字符`);

    const oldSession = await t.login(DEMO.staff);
    const done = await t.post(`${FP}/modify-password`, { userCode: 'staff', resetTicket, newPassword: 'Fresh#Start42' });
    expect(done.body.code).toBe(0);
    // The ticket is spent, old sessions are over, the old password no longer works, the new one does.
    expect((await t.post(`${FP}/modify-password`, { userCode: 'staff', resetTicket, newPassword: 'Other#Start42' })).body.code).toBe(CODE.resetTicketInvalid);
    expect((await t.get('/api/fsmc/session/share/query-session-info', undefined, { token: oldSession })).status).toBe(401);
    expect((await t.post('/api/fsmc/login/login', DEMO.staff)).body.code).toBe(CODE.badCredentials);
    const login = await t.post('/api/fsmc/login/login', { userCode: 'staff', password: 'Fresh#Start42' });
    expect(login.body.code).toBe(0);
    await restoreStaffPassword();
  });

  it('sets a password once for two simultaneous resets with one ticket: the modify step is one transaction', async () => {
    await t.post(`${FP}/send-identify-code`, { userCode: 'staff' }, from('10.5.0.9'));
    const code = codeIn((await latestMailTo('staff@example.invalid'))!.body);
    const { resetTicket } = (await t.post(`${FP}/validate-code`, { userCode: 'staff', code })).body.data;
    const answers = await Promise.all(
      ['First#Reset42', 'Second#Reset42'].map((newPassword) => t.post(`${FP}/modify-password`, { userCode: 'staff', resetTicket, newPassword })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, CODE.resetTicketInvalid].sort());
    const winner = answers[0]!.body.code === 0 ? 'First#Reset42' : 'Second#Reset42';
    expect((await t.post('/api/fsmc/login/login', { userCode: 'staff', password: winner })).body.code).toBe(0);
    await restoreStaffPassword();
  });

  it('answers the same for an unknown user, and sends nothing', async () => {
    const before = (await t.post('/api/fsmc/system/outbox/query', { start: 1, limit: 1 }, { token: admin })).body.data.total;
    expect((await t.post(`${FP}/send-identify-code`, { userCode: 'ghost' }, from('10.5.0.2'))).body).toMatchObject({ code: 0, data: null });
    await settled();
    expect((await t.post('/api/fsmc/system/outbox/query', { start: 1, limit: 1 }, { token: admin })).body.data.total).toBe(before);
    const res = await t.post(`${FP}/validate-code`, { userCode: 'ghost', code: '123456' }, { lang: 'en-US' });
    expect(res.body).toMatchObject({ code: CODE.identifyCodeInvalid, msg: 'The verification code is wrong or has expired' });
  });

  it('kills a code after too many wrong tries, and a newer code replaces an older one', async () => {
    await t.post(`${FP}/send-identify-code`, { userCode: 'admin' }, from('10.5.0.3'));
    const first = codeIn((await latestMailTo('admin@example.invalid'))!.body);
    await t.post(`${FP}/send-identify-code`, { userCode: 'admin' }, from('10.5.0.3'));
    const second = codeIn((await latestMailTo('admin@example.invalid'))!.body);
    if (first !== second) expect((await t.post(`${FP}/validate-code`, { userCode: 'admin', code: first })).body.code).toBe(CODE.identifyCodeInvalid);
    const wrong = second === '000000' ? '000001' : '000000';
    for (let i = 0; i < IDENTIFY_CODE_MAX_ATTEMPTS; i++) await t.post(`${FP}/validate-code`, { userCode: 'admin', code: wrong });
    expect((await t.post(`${FP}/validate-code`, { userCode: 'admin', code: second })).body.code).toBe(CODE.identifyCodeInvalid);
  });

  it('stores codes hashed, never in clear', async () => {
    await t.post(`${FP}/send-identify-code`, { userCode: 'staff' }, from('10.5.0.4'));
    const code = codeIn((await latestMailTo('staff@example.invalid'))!.body);
    const rows = await t.db.selectFrom('oneTimeCode').select(['codeHash', 'salt']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.codeHash).not.toContain(code);
  });

  it('throttles identify codes per user code', async () => {
    const user = { userCode: 'throttled-user' };
    for (let i = 0; i < IDENTIFY_CODE_SEND_LIMIT.perUser; i++) expect((await t.post(`${FP}/send-identify-code`, user, from(`10.6.0.${i}`))).body.code).toBe(0);
    const res = await t.post(`${FP}/send-identify-code`, user, { ...from('10.6.0.99'), lang: 'en-US' });
    expect(res.body).toMatchObject({ code: CODE.tooManyRequests, data: { minutes: IDENTIFY_CODE_SEND_LIMIT.windowMinutes } });
    expect(res.body.msg).toBe(`Too many requests. Try again in ${IDENTIFY_CODE_SEND_LIMIT.windowMinutes} min.`);
  });

  it('lets only administrators read the outbox and change the rule', async () => {
    const staff = await t.login(DEMO.staff);
    const outbox = await t.post('/api/fsmc/system/outbox/query', { start: 1, limit: 10 }, { token: staff, lang: 'en-US' });
    expect(outbox.status).toBe(403);
    expect(outbox.body).toMatchObject({ code: CODE.forbidden, msg: 'You are not allowed to do this', data: null });
    const update = await t.post('/api/fsmc/auth/password-rule/update', { ...PASSWORD_RULE_DEFAULT, minLength: 12 }, { token: staff });
    expect(update.status).toBe(403);
    expect((await t.post('/api/fsmc/auth/password-rule/query', {}, { token: staff })).body.data).toEqual(PASSWORD_RULE_DEFAULT);
  });

  it('pages the outbox', async () => {
    const all = (await t.post('/api/fsmc/system/outbox/query', { start: 1, limit: 100 }, { token: admin })).body.data;
    const second = (await t.post('/api/fsmc/system/outbox/query', { start: 2, limit: 1 }, { token: admin })).body.data;
    expect(all.total).toBeGreaterThan(1);
    expect(second).toEqual({ total: all.total, rows: [all.rows[1]] });
    expect((await t.post('/api/fsmc/system/outbox/query', { start: 0, limit: 1 }, { token: admin })).status).toBe(400);
  });

  it('applies a rule the administrator changes to the next password change, and refuses a rule out of bounds', async () => {
    const stricter = { ...PASSWORD_RULE_DEFAULT, minLength: 14, requireSymbol: false };
    const saved = await t.post('/api/fsmc/auth/password-rule/update', stricter, { token: admin });
    expect(saved.body).toMatchObject({ code: 0, data: stricter });
    expect((await t.post('/api/fsmc/common/forget-password/password-rule', {})).body.data).toEqual(stricter);

    const staff = await t.login(DEMO.staff);
    const short = await t.post('/api/fsmc/auth/userinfo/edit-password', { oldPassword: DEMO.staff.password, newPassword: 'Brevity#2026' }, { token: staff, lang: 'en-US' });
    expect(short.body).toMatchObject({ code: CODE.passwordRuleViolated, msg: 'The password does not meet the password rule: at least 14 characters' });

    const upsideDown = await t.post('/api/fsmc/auth/password-rule/update', { ...PASSWORD_RULE_DEFAULT, minLength: 30, maxLength: 20 }, { token: admin, lang: 'en-US' });
    expect(upsideDown.status).toBe(400);
    expect(upsideDown.body.msg).toContain('the minimum length (30) must not exceed the maximum length (20)');
    const upsideDownZh = await t.post('/api/fsmc/auth/password-rule/update', { ...PASSWORD_RULE_DEFAULT, minLength: 30, maxLength: 20 }, { token: admin, lang: 'zh-CN' });
    expect(upsideDownZh.body.msg).toContain('最小长度（30）不能大于最大长度（20）');
    const tooShort = await t.post('/api/fsmc/auth/password-rule/update', { ...PASSWORD_RULE_DEFAULT, minLength: 4 }, { token: admin, lang: 'en-US' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.msg).toBe('Minimum length must be at least 8');
    await t.post('/api/fsmc/auth/password-rule/update', PASSWORD_RULE_DEFAULT, { token: admin });
  });

  it('changes the own password: the old one must be right, the new one must differ and follow the rule', async () => {
    const staff = await t.login(DEMO.staff);
    const edit = (oldPassword: string, newPassword: string) => t.post('/api/fsmc/auth/userinfo/edit-password', { oldPassword, newPassword }, { token: staff, lang: 'en-US' });
    expect((await edit('Not#Mine123', 'Brand#New2026')).body).toMatchObject({ code: CODE.wrongOldPassword, msg: 'The current password is wrong' });
    expect((await edit(DEMO.staff.password, DEMO.staff.password)).body.code).toBe(CODE.passwordUnchanged);
    await t.post('/api/fsmc/auth/password-rule/update', { ...PASSWORD_RULE_DEFAULT, forbidUserCode: true }, { token: admin });
    expect((await edit(DEMO.staff.password, 'MyStaff#2026')).body.data.problems).toEqual([{ key: 'containsUserCode', params: {} }]);
    await t.post('/api/fsmc/auth/password-rule/update', PASSWORD_RULE_DEFAULT, { token: admin });
    expect((await edit(DEMO.staff.password, 'Brand#New2026')).body.code).toBe(0);
    // This session goes on; the password is the new one.
    expect((await t.get('/api/fsmc/session/share/query-session-info', undefined, { token: staff })).body.code).toBe(0);
    expect((await t.post('/api/fsmc/login/login', { userCode: 'staff', password: 'Brand#New2026' })).body.code).toBe(0);
    await restoreStaffPassword();
  });
});
