import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { IMPORT_COLUMN_DICTS } from '../../src/shared/constants';
import { availableBackends } from './support/backends';
import { multipart } from './support/multipart';
import { startTestApp, type TestApp } from './support/test-server';

type Row = { id: number; version: number; sourceName: string; fieldName: string };
type Answer<T = any> = { code: number; msg: string; data: T };

/**
 * System field maps (docs/import.md, "Field maps"): a file whose columns another system named
 * imports once maps say which column is which; a disabled map no longer answers; a map names a
 * template column, under a name nothing else of that resource answers to.
 */
describe.each(availableBackends())('system field maps on %s', (backend) => {
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

  const post = <T = any>(path: string, body: unknown, token = admin, lang = 'en-US') => t.post<T>(path, body, { token, lang });
  const addMap = (fieldName: string, sourceName: string, token = admin) => post('/api/fsmc/sys-field-map-setting/add', { resourceCode: 'exchange-rate', fieldName, sourceName, sourceSystem: 'BOC BOCNET' }, token);
  const maps = async () => (await post<{ rows: Row[] }>('/api/fsmc/sys-field-map-setting/query', { start: 1, limit: 50 })).body.data.rows;
  async function importCsv(csv: string): Promise<Answer> {
    const { payload, headers } = multipart({ resource: 'exchange-rate', templateType: 'exchange-rate', importType: 'APPEND', fileNames: 'bank.csv', contentFilter: 'false' }, [{ name: 'bank.csv', content: Buffer.from(csv) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/fsmc/common/import', payload, headers: { ...headers, JwtToken: admin, lang: 'en-US', 'request-token': await t.requestToken(admin) } });
    return res.json() as Answer;
  }
  const BANK_FILE = 'Value Date,CCY 1,ccy2,Mid Rate\n2031-05-06,FMA,FMB,1.5\n';

  it('imports a file whose columns another system named once the maps say which is which; a disabled map answers no more', async () => {
    const before = await importCsv(BANK_FILE);
    expect([before.code, before.msg]).toEqual([CODE.importColumnMissing, "The file's first row lacks the template's column Date; download the template and fill it in"]);

    for (const [field, name] of [['rateDate', 'Value Date'], ['sourceCurrency', 'Ccy1'], ['targetCurrency', 'Ccy2'], ['rate', 'Mid Rate']]) expect((await addMap(field!, name!)).body.code).toBe(0);
    // Compared as headers are: spaces and case aside ("CCY 1" is Ccy1's).
    const done = await importCsv(BANK_FILE);
    expect([done.code, done.data]).toEqual([0, { imported: 1, replaced: 0 }]);
    const rates = await post<{ rows: Array<{ rateDate: string; rate: number }> }>('/api/fsmc/exchange-rate/query', { start: 1, limit: 10, sourceCurrency: 'FMA', targetCurrency: 'FMB' });
    expect(rates.body.data.rows.map((r) => [r.rateDate, r.rate])).toEqual([['2031-05-06', 1.5]]);
    // The template's own names still work beside the maps.
    expect((await importCsv('Date,From currency,To currency,Rate\n2031-05-07,FMA,FMB,1.6\n')).code).toBe(0);

    const ccy2 = (await maps()).find((m) => m.sourceName === 'Ccy2')!;
    expect((await post('/api/fsmc/sys-field-map-setting/disable', { id: ccy2.id, version: ccy2.version })).body.code).toBe(0);
    const disabled = await importCsv(BANK_FILE.replace('2031-05-06', '2031-05-08'));
    expect([disabled.code, disabled.msg]).toEqual([CODE.importColumnMissing, "The file's first row lacks the template's column To currency; download the template and fill it in"]);
  });

  it('refuses a field the templates lack, a name another map or a column answers to, in the reader’s language; administrators only', async () => {
    const notColumn = await post('/api/fsmc/sys-field-map-setting/add', { resourceCode: 'exchange-rate', fieldName: 'remark', sourceName: 'Note' });
    expect([notColumn.body.code, notColumn.body.msg]).toEqual([CODE.fieldMapUnknownField, 'Exchange rate has no import column remark; its import columns: rateDate (Date), sourceCurrency (From currency), targetCurrency (To currency), rate (Rate)']);
    const taken = await addMap('rate', ' mid  rate ');
    expect([taken.body.code, taken.body.msg]).toEqual([CODE.fieldMapTaken, '“ mid  rate ” is already mapped to Rate']);
    const column = await post('/api/fsmc/sys-field-map-setting/add', { resourceCode: 'exchange-rate', fieldName: 'rate', sourceName: '原币种' }, admin, 'zh-CN');
    expect([column.body.code, column.body.msg]).toEqual([CODE.fieldMapIsColumn, '“原币种”已是列“原币种”的名称']);
    // An edit is held to the same rules.
    const ccy1 = (await maps()).find((m) => m.sourceName === 'Ccy1')!;
    const renamed = await post('/api/fsmc/sys-field-map-setting/update', { id: ccy1.id, version: ccy1.version, fieldName: 'sourceCurrency', sourceName: 'Value Date' });
    expect(renamed.body.code).toBe(CODE.fieldMapTaken);
    expect((await maps()).find((m) => m.id === ccy1.id)?.sourceName).toBe('Ccy1');
    // Only resources that take imports (the ImportResource dictionary).
    expect((await post('/api/fsmc/sys-field-map-setting/add', { resourceCode: 'bank', fieldName: 'bankName', sourceName: 'Bank' })).body.code).toBe(CODE.notADictionaryValue);
    const offered = (await post<{ constant: Record<string, Array<{ value: string; text: string }>> }>('/api/fsmc/common/query/dictionary', ['ImportResource'])).body.data.constant.ImportResource;
    expect(offered).toEqual([{ value: 'exchange-rate', text: 'Exchange rate (exchange-rate)' }]);
    // The form's chooser of the field: the resource's import columns, from a dictionary the server answers per resource.
    const columns = (await post<{ constant: Record<string, Array<{ value: string; text: string }>> }>('/api/fsmc/common/query/dictionary', [`${IMPORT_COLUMN_DICTS}:exchange-rate`])).body.data.constant;
    expect(columns[`${IMPORT_COLUMN_DICTS}:exchange-rate`]).toEqual([
      { value: 'rateDate', text: 'Date (rateDate)' },
      { value: 'sourceCurrency', text: 'From currency (sourceCurrency)' },
      { value: 'targetCurrency', text: 'To currency (targetCurrency)' },
      { value: 'rate', text: 'Rate (rate)' },
    ]);
    expect((await addMap('rate', 'Px', staff)).status).toBe(403);
  });

  it('lets one of two adds of one name at once through', async () => {
    const both = await Promise.all([addMap('rate', 'Close'), addMap('rate', ' close ')]);
    expect(both.map((r) => r.body.code).sort()).toEqual([0, CODE.fieldMapTaken]);
    expect((await maps()).filter((m) => m.sourceName.trim().toLowerCase() === 'close')).toHaveLength(1);
  });
});
