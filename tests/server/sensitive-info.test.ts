import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { SENSITIVE_FIELD_DICTS } from '../../src/shared/constants';
import { RESOURCES } from '../../src/resources';
import { exportTableUrl } from '../../src/shared/contract/export';
import { MASK_RULES, maskValue } from '../../src/shared/masking';
import { maskSql } from '../../server/services/sensitive';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number; counterPartyCode: string; creditCode: string | null; contactName: string | null };

/**
 * Sensitive information settings (docs/sensitive-info.md): a setting masks a resource's text
 * field in the tables and exported files of everyone but administrators and the holders of its
 * clear-view duty; the mask is made in SQL exactly as the shared rule says; a masked value sent
 * back is never written over the value it hides; a disabled setting masks nothing.
 */
describe.each(availableBackends())('sensitive information on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ admin, staff } = await t.loginDemo());
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = Row>(path: string, body: unknown, token = admin, lang?: string) => t.post<T>(path, body, { token, lang });
  const setting = (resourceCode: string, fieldName: string, maskRule: string, extra: Record<string, unknown> = {}, lang?: string) =>
    post('/api/fsmc/sensitive-set/add', { resourceCode, fieldName, maskRule, ...extra }, admin, lang);
  const parties = async (token: string) => (await post<{ rows: Row[] }>('/api/fsmc/counter-party/query', { start: 1, limit: 100 }, token)).body.data.rows;
  async function exportCsv(token: string) {
    const path = '/api/fsmc/common/export';
    const payload = await t.seal(path, { fileName: 'cp', fileType: 'csv', exportType: '01', total: 0, tableUrl: exportTableUrl('counter-party'), exportColumn: ['counterPartyCode', 'creditCode', 'contactName'], query: { start: 1, limit: 100 } }, { token });
    const res = await t.app.inject({ method: 'POST', url: path, payload: payload as object, headers: { JwtToken: token } });
    expect(res.statusCode).toBe(200);
    return res.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean).slice(1).map((l) => l.split(','));
  }

  it('masks in SQL exactly as the shared rule does, on every length', async () => {
    const samples = ['', 'a', 'abcd', 'abcde', '1234567', '12345678', '91310000MA1FL0001X', '李明'];
    for (const rule of MASK_RULES) {
      for (const value of [...samples, null]) {
        const { rows } = await sql<{ v: string | null }>`select ${maskSql(rule, sql`${value}::text`)} as v`.execute(t.db);
        expect([rule, value, rows[0]!.v]).toEqual([rule, value, maskValue(rule, value)]);
      }
    }
  });

  it('names a resource of the portal’s and one of its text fields, once, and says which exist', async () => {
    const unknown = await setting('no-such', 'x', 'ALL', {}, 'en-US');
    expect(unknown.body.code).toBe(CODE.notADictionaryValue);
    // The resources offered: a dictionary the server answers from the build, in the reader's language.
    const offered = (await post<{ constant: Record<string, Array<{ value: string; text: string }>> }>('/api/fsmc/common/query/dictionary', ['PortalResource'], admin, 'en-US')).body.data.constant.PortalResource!;
    expect(offered).toContainEqual({ value: 'counter-party', text: 'Counterparty (counter-party)' });
    expect(offered.map((o) => o.value)).toEqual(RESOURCES.filter((d) => Object.values(d.fields).some((f) => f.type === 'text')).map((d) => d.code).sort());
    // The form's chooser of the field: the resource's text fields, from a dictionary the server answers per resource.
    const dictionaryOf = async (code: string, lang: string) => (await post<{ constant: Record<string, Array<{ value: string; text: string }>> }>('/api/fsmc/common/query/dictionary', [code], admin, lang)).body.data.constant[code];
    const fields = await dictionaryOf(`${SENSITIVE_FIELD_DICTS}:counter-party`, 'en-US');
    const counterParty = RESOURCES.find((d) => d.code === 'counter-party')!;
    expect(fields!.map((o) => o.value)).toEqual(Object.keys(counterParty.fields).filter((name) => counterParty.fields[name]!.type === 'text'));
    expect(fields).toContainEqual({ value: 'creditCode', text: `${counterParty.fields.creditCode!.label['en-US']} (creditCode)` });
    expect(fields!.map((o) => o.value)).not.toContain('counterPartyType');
    expect(await dictionaryOf(`${SENSITIVE_FIELD_DICTS}:counter-party`, 'zh-CN')).toContainEqual({ value: 'creditCode', text: `${counterParty.fields.creditCode!.label['zh-CN']} (creditCode)` });
    expect(await dictionaryOf(`${SENSITIVE_FIELD_DICTS}:no-such`, 'en-US')).toEqual([]);
    // A caller of the API may send any name: refused, naming the text fields there are.
    const notText = await setting('counter-party', 'counterPartyType', 'ALL', {}, 'en-US');
    expect(notText.body.code).toBe(CODE.sensitiveFieldUnknown);
    expect(notText.body.msg).toContain('Counterparty has no text field counterPartyType; its text fields: counterPartyCode (Counterparty number)');
    expect((await setting('counter-party', 'creditCode', 'NOPE')).body.code).not.toBe(0);
    expect((await setting('counter-party', 'creditCode', 'MIDDLE')).body.code).toBe(0);
    const twice = await setting('counter-party', 'creditCode', 'TAIL');
    expect([twice.body.code, twice.body.msg]).toEqual([CODE.sensitiveFieldSet, '交易对手的统一社会信用代码已设置掩码，请修改该设置']);
    expect((await post('/api/fsmc/sensitive-set/query', { start: 1, limit: 10 }, staff)).status).toBe(403);
  });

  it('shows a clerk the field masked in the table and the exported file, an administrator in clear', async () => {
    const clear = await parties(admin);
    const masked = await parties(staff);
    const withCode = clear.filter((r) => r.creditCode);
    expect(withCode.length).toBeGreaterThan(0);
    expect(masked.map((r) => r.creditCode)).toEqual(clear.map((r) => maskValue('MIDDLE', r.creditCode)));
    expect(masked.find((r) => r.creditCode)!.creditCode).toMatch(/^.{3}\*{4}.{4}$/);
    // Everything else as it is.
    expect(masked.map((r) => r.counterPartyCode)).toEqual(clear.map((r) => r.counterPartyCode));

    const file = await exportCsv(staff);
    expect(file.map((cells) => cells[1])).toEqual(clear.slice(0, file.length).map((r) => maskValue('MIDDLE', r.creditCode) ?? ''));
    const adminFile = await exportCsv(admin);
    expect(adminFile.map((cells) => cells[1])).toEqual(clear.slice(0, adminFile.length).map((r) => r.creditCode ?? ''));
  });

  it('shows it in clear to the holders of the setting’s clear-view duty, and masks nothing once the setting is disabled', async () => {
    const duty = await t.db.insertInto('duty').values({ dutyCode: 'KYC', dutyName: '客户尽调', dutyNameEn: null, status: 'active' }).returning('id').executeTakeFirstOrThrow();
    const made = await setting('counter-party', 'contactName', 'ALL', { clearDutyCode: 'KYC' });
    expect(made.body.code).toBe(0);
    const named = (await parties(admin)).find((r) => r.contactName)!;
    expect((await parties(staff)).find((r) => r.id === named.id)!.contactName).toBe('****');

    const user = await t.db.selectFrom('appUser').select('id').where('userCode', '=', DEMO.staff.userCode).executeTakeFirstOrThrow();
    await t.db.insertInto('userDuty').values({ userId: user.id, dutyId: duty.id }).execute();
    expect((await parties(staff)).find((r) => r.id === named.id)!.contactName).toBe(named.contactName);
    await t.db.deleteFrom('userDuty').where('userId', '=', user.id).where('dutyId', '=', duty.id).execute();

    const disabled = await post('/api/fsmc/sensitive-set/disable', { id: made.body.data.id, version: made.body.data.version });
    expect(disabled.body.code).toBe(0);
    expect((await parties(staff)).find((r) => r.id === named.id)!.contactName).toBe(named.contactName);
    const enabled = await post('/api/fsmc/sensitive-set/enable', { id: made.body.data.id, version: disabled.body.data.version });
    expect(enabled.body.code).toBe(0);
  });

  it('never writes a mask over the value it hides: a masked field sent back as shown keeps the stored value', async () => {
    const named = (await parties(admin)).find((r) => r.contactName)!;
    const record = (await t.get<Row>(`/api/fsmc/counter-party/query-by-/${named.id}`, {}, { token: staff })).body.data;
    const shown = (await parties(staff)).find((r) => r.id === named.id)!;
    expect(shown.contactName).toBe('****');
    const { id, version, counterPartyCode: _code, createdAt: _c, updatedAt: _u, recordState: _s, enabled: _e, updatedBy: _b, ...fields } = record as Record<string, unknown> & Row;
    const saved = await post('/api/fsmc/counter-party/update', { ...fields, id, version, contactName: '****', remark: undefined }, staff);
    expect(saved.body.code).toBe(0);
    expect((await parties(admin)).find((r) => r.id === named.id)!.contactName).toBe(named.contactName);
  });
});
