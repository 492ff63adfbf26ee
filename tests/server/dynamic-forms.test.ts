import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { DYNAMIC_PATTERN_MAX, DYNAMIC_VALUE_TEXT_MAX } from '../../src/shared/constants';
import { contract } from '../../src/shared/contract';
import { wrapValue, type TemplateField } from '../../src/shared/dynamic-form';
import { availableBackends } from './support/backends';
import { heldInsert } from './support/held-insert';
import { DEMO, startTestApp, type CallResult, type TestApp } from './support/test-server';

jest.setTimeout(120_000);

const tpl = contract.expandTemplate;
const el = contract.expandElement;

/** A template with one field of each kind the server re-checks. */
const FIELDS: TemplateField[] = [
  { name: 'title', text: '标题', textEn: 'Title', type: 'text', max: 20, rules: [{ required: true }, { pattern: '^[A-Z]', message: 'Starts with a capital' }] },
  { name: 'amount', text: '金额', textEn: 'Amount', type: 'amount', min: 0, max: 1000, rules: [{ required: true }] },
  { name: 'count', text: '数量', type: 'number', rules: [{ type: 'integer' }] },
  { name: 'kind', text: '类型', type: 'select', dataType: 'static', data: [{ text: '甲', value: 'A' }, { text: '乙', value: 'B' }] },
  { name: 'scope', text: '范围', type: 'radio', dataType: 'dictionary', data: 'ExportType' },
  { name: 'tags', text: '标签', type: 'checkbox', data: [{ text: 'x', value: 'x' }, { text: 'y', value: 'y' }], rules: [{ type: 'array', max: 1 }] },
  { name: 'day', text: '日期', type: 'date' },
];

/**
 * Issue 11 point 7 (widgets §3, §5, §7, §8): templates are checked by the shared template check
 * before they are stored; filled forms are checked again, value by value, against the template's
 * rules; an update at a stale version is refused with 1803 and nothing written; every call
 * needs its function.
 */
describe.each(availableBackends())('dynamic forms on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login(DEMO.admin);
    staff = await t.login(DEMO.staff);
  });
  afterAll(async () => {
    await t.dispose();
  });

  const post = <T = any>(path: string, body: unknown, token = admin, lang?: string, headers?: Record<string, string>): Promise<CallResult<T>> =>
    t.post<T>(path, body, { token, ...(lang ? { lang } : {}), ...(headers ? { headers } : {}) });
  const addTemplate = async (code: string, fields: unknown, lang?: string) =>
    post(tpl.add.path, { code, name: `模板${code}`, nameEn: `Template ${code}`, fields: typeof fields === 'string' ? fields : JSON.stringify(fields) }, admin, lang);
  const data = (values: Record<string, unknown>) => Object.entries(values).map(([name, v]) => ({ name, value: wrapValue(v as never) }));
  const save = async (templateCode: string, values: Record<string, unknown>, lang?: string) => post(el.save.path, { templateCode, templateData: data(values) }, admin, lang);
  const good = { title: 'Loan', amount: 12.5, count: 3, kind: 'A', scope: '02', tags: ['x'], day: '2026-01-31' };

  it('refuses a template that is not JSON, or not a valid template, naming each problem in the caller\'s language', async () => {
    const junk = await addTemplate('bad-json', '[{"name": ');
    expect(junk.body.code).toBe(CODE.templateInvalid);
    expect(junk.body.msg).toContain('请输入正确的JSON格式');
    const bad = [{ name: '1x', text: '', type: 'slider' }, { name: 'a', text: 'A', type: 'select' }, { name: 'a', text: 'B', type: 'text', rules: [{ pattern: '(' }] }];
    const r = await addTemplate('bad', bad, 'en-US');
    expect(r.body.code).toBe(CODE.templateInvalid);
    expect(r.body.data.problems.map((p: { path: string }) => p.path)).toEqual(['fields[0].name', 'fields[0].text', 'fields[0].type', 'fields[1].data', 'fields[2].name', 'fields[2].rules[0].pattern']);
    expect(r.body.msg).toContain('fields[2].name: The name a is used twice');
    expect(r.body.msg).toContain('The pattern is not a valid regular expression');
    expect((await post(tpl.query.path, { start: 1, limit: 10, code: 'bad' })).body.data.total).toBe(0);
  });

  (backend === 'postgres' ? it : it.skip)('refuses a code a concurrent add took after its own check passed (1805), not 500', async () => {
    const held = await heldInsert(t.db, sql`insert into expand_template (code, name, fields) values ('raced', 'held', '[]'::jsonb)`);
    const adding = addTemplate('raced', FIELDS, 'en-US');
    await held.writerWaiting('expand_template');
    await held.release();
    const res = await adding;
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(CODE.templateCodeTaken);
    expect(res.body.msg).toContain('raced');
  });

  it('stores a valid template, refuses its code twice, and hands a new form the template with its defaults', async () => {
    const r = await addTemplate('loan', FIELDS);
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ code: 'loan', status: 'enabled', version: 1, fieldCount: FIELDS.length });
    expect(JSON.parse(r.body.data.fields)).toEqual(FIELDS);
    expect((await addTemplate('loan', FIELDS)).body).toMatchObject({ code: CODE.templateCodeTaken });
    const fresh = await post<string>(el.byCode.path, { code: 'loan' }, admin, 'en-US');
    const parsed = JSON.parse(fresh.body.data);
    expect(parsed).toMatchObject({ templateCode: 'loan', templateName: 'Template loan', template: FIELDS });
    expect(parsed.templateData).toContainEqual({ name: 'tags', value: '{"v":[]}' });
    expect(parsed.templateData).toContainEqual({ name: 'amount', value: '{"v":null}' });
    expect((await post(el.byCode.path, { code: 'nope' })).body.code).toBe(CODE.templateNotFound);
  });

  it('checks every submitted value again against the rules, the shape and the dictionary; nothing is stored', async () => {
    const r = await save('loan', { title: 'loan', amount: '12.5', count: 2.5, kind: 'C', scope: '99', tags: ['x', 'y'], day: '2026-02-30' }, 'en-US');
    expect(r.body.code).toBe(CODE.dynamicValuesInvalid);
    const byName = Object.fromEntries(r.body.data.errors.map((e: { name: string; key: string }) => [e.name, e.key]));
    expect(byName).toEqual({
      title: 'dynamic.rule.pattern.mismatch',
      amount: 'dynamic.wire.badValue',
      count: 'dynamic.rule.types.integer',
      kind: 'dynamic.rule.enum',
      scope: 'dynamic.rule.enum',
      tags: 'dynamic.rule.array.max',
      day: 'dynamic.rule.date.invalid',
    });
    // The administrator's own message is said as written.
    expect(r.body.msg).toContain('Starts with a capital');
    const missing = await save('loan', { title: '', kind: 'A' });
    expect(missing.body.data.errors.map((e: { name: string; message: string }) => [e.name, e.message])).toEqual([
      ['title', '标题不能为空'],
      ['amount', '金额不能为空'],
    ]);
    const unknown = await save('loan', { ...good, extra: 'x' });
    expect(unknown.body.data.errors).toEqual([expect.objectContaining({ name: 'extra', key: 'dynamic.wire.unknownField' })]);
    const over = await save('loan', { ...good, amount: 1000.01 });
    expect(over.body.data.errors).toEqual([expect.objectContaining({ name: 'amount', key: 'dynamic.rule.number.range', message: '金额必须在 0 到 1000 之间' })]);
    expect((await post(el.query.path, { start: 1, limit: 10, templateCode: 'loan' })).body.data.total).toBe(0);
  });

  it('refuses a template whose pattern is longer than DYNAMIC_PATTERN_MAX, naming the rule in the caller\'s language', async () => {
    const fields = [{ name: 'acct', text: '账号', type: 'text', rules: [{ required: true }, { pattern: `^(${'a|'.repeat(DYNAMIC_PATTERN_MAX / 2)}b)+$` }] }];
    for (const [lang, message] of [
      ['zh-CN', `fields[0].rules[1].pattern: pattern 最多 ${DYNAMIC_PATTERN_MAX} 个字符`],
      ['en-US', `fields[0].rules[1].pattern: The pattern is at most ${DYNAMIC_PATTERN_MAX} characters`],
    ]) {
      const r = await addTemplate('long-pattern', fields, lang);
      expect(r.body.code).toBe(CODE.templateInvalid);
      expect(r.body.data.problems).toEqual([{ path: 'fields[0].rules[1].pattern', key: 'dynamic.template.patternTooLong', params: { max: DYNAMIC_PATTERN_MAX }, message }]);
      expect(r.body.msg).toContain(message);
    }
    expect((await post(tpl.query.path, { start: 1, limit: 10, code: 'long-pattern' })).body.data.total).toBe(0);
  });

  /** What a value the server could not test against its pattern in time is refused with. */
  const unchecked = (label: string, message: string) => [{ name: 'acct', key: 'dynamic.rule.pattern.unchecked', params: { field: label }, message }];
  const UNCHECKED = {
    'zh-CN': unchecked('账号', '账号的格式规则未能按时检查完毕，请联系管理员简化模板中的正则表达式'),
    'en-US': unchecked('Account', "Account could not be checked against its pattern in time; ask an administrator to simplify the template's regular expression"),
  };
  /** 2000 characters on which ^(a+)+$ backtracks for ever: 26 took four seconds on the event loop. */
  const crafted = 'a'.repeat(DYNAMIC_VALUE_TEXT_MAX - 1) + '!';

  it('tests values against a template\'s patterns off the event loop: a value that backtracks for ever is refused as unchecked; honest values are tested as before', async () => {
    const acct = { name: 'acct', text: '账号', textEn: 'Account', type: 'text', rules: [{ pattern: '^(a+)+$', message: '只能是字母 a' }] };
    expect((await addTemplate('backtrack', [acct])).body.code).toBe(0);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const r = await save('backtrack', { acct: crafted }, lang);
      expect(r.body.code).toBe(CODE.dynamicValuesInvalid);
      expect(r.body.data.errors).toEqual(UNCHECKED[lang]);
    }
    expect((await save('backtrack', { acct: 'aaa' })).body.code).toBe(0);
    expect((await save('backtrack', { acct: 'ab' })).body.data.errors).toEqual([expect.objectContaining({ name: 'acct', key: 'dynamic.rule.pattern.mismatch', message: '只能是字母 a' })]);
    expect((await post(el.query.path, { start: 1, limit: 10, templateCode: 'backtrack' })).body.data.total).toBe(1);
  });

  it('a template stored before the pattern checks (its pattern now too long, and backtracking) still takes values: a crafted one is refused as unchecked, on a new form and on an update', async () => {
    expect((await addTemplate('legacy', [{ name: 'acct', text: '账号', textEn: 'Account', type: 'text' }])).body.code).toBe(0);
    const old = [{ name: 'acct', text: '账号', textEn: 'Account', type: 'text', rules: [{ pattern: `^(a+)+$|^${'b'.repeat(DYNAMIC_PATTERN_MAX)}$` }] }];
    await sql`update expand_template set fields = ${JSON.stringify(old)}::jsonb where code = 'legacy'`.execute(t.db);
    const saved = await save('legacy', { acct: 'aaa' });
    expect(saved.body).toMatchObject({ code: 0, data: { version: 1 } });
    expect((await save('legacy', { acct: crafted }, 'en-US')).body.data.errors).toEqual(UNCHECKED['en-US']);
    const update = await post(el.update.path, { id: saved.body.data.id, version: 1, templateData: data({ acct: crafted }) });
    expect(update.body.code).toBe(CODE.dynamicValuesInvalid);
    expect(update.body.data.errors).toEqual(UNCHECKED['zh-CN']);
    expect((await post(el.update.path, { id: saved.body.data.id, version: 1, templateData: data({ acct: 'b'.repeat(DYNAMIC_PATTERN_MAX) }) })).body).toMatchObject({ code: 0, data: { version: 2 } });
  });

  it('a magnifier names a lookup of the portal (1801 otherwise); a value saved from it must be one its lookup lists, every value of a multiple one', async () => {
    const unknown = await addTemplate('lookup-bad', [{ name: 'org', text: '机构', type: 'magnifier', lookup: 'planet' }], 'en-US');
    expect(unknown.body.code).toBe(CODE.templateInvalid);
    expect(unknown.body.data.problems.map((p: { path: string }) => p.path)).toEqual(['fields[0].lookup']);
    expect(unknown.body.msg).toContain('A magnifier names its lookup');
    const fields = [
      { name: 'org', text: '机构', type: 'magnifier', lookup: 'organisation', fills: { org: 'orgCode', orgName: 'orgName' }, rules: [{ required: true }] },
      { name: 'orgName', text: '机构名称', type: 'text', max: 200 },
      { name: 'users', text: '经办人', type: 'magnifier', lookup: 'user', ismuilte: true },
    ];
    expect((await addTemplate('lookup-ok', fields)).body.code).toBe(0);
    const saved = await save('lookup-ok', { org: 'GZ01', orgName: '集团广州分公司', users: `${DEMO.admin.userCode},${DEMO.checker.userCode}` });
    expect(saved.body).toMatchObject({ code: 0, data: { version: 1 } });
    // A part of a code is not the code; a code nobody has is not a record; one unknown user of two spoils the list.
    for (const [org, users] of [['GZ', ''], ['NOPE', ''], ['GZ01', `${DEMO.admin.userCode},ghost-user`]]) {
      const r = await save('lookup-ok', { org, orgName: '', users }, 'en-US');
      expect(r.body.code).toBe(CODE.dynamicValuesInvalid);
      expect(r.body.data.errors).toEqual([expect.objectContaining({ name: users ? 'users' : 'org', key: 'dynamic.rule.lookup' })]);
    }
    // A disabled organisation is no longer one to pick.
    await sql`update org set enabled = false where org_code = 'GZ01'`.execute(t.db);
    try {
      const update = await post(el.update.path, { id: saved.body.data.id, version: 1, templateData: data({ org: 'GZ01', orgName: 'x', users: '' }) });
      expect(update.body.code).toBe(CODE.dynamicValuesInvalid);
    } finally {
      await sql`update org set enabled = true where org_code = 'GZ01'`.execute(t.db);
    }
  });

  it('saves a form, reads it back, updates it at its version and refuses a stale update with 1803', async () => {
    const saved = await save('loan', good);
    expect(saved.body).toMatchObject({ code: 0, data: { id: expect.any(Number), version: 1 } });
    const id = saved.body.data.id as number;
    const info = JSON.parse((await post<string>(el.pageInfo.path, { id })).body.data);
    expect(info).toMatchObject({ id, version: 1, templateCode: 'loan', templateName: '模板loan', creatorName: expect.any(String), template: FIELDS });
    expect(info.templateData).toContainEqual({ name: 'amount', value: '{"v":12.5}' });
    expect(info.templateData).toContainEqual({ name: 'tags', value: '{"v":["x"]}' });
    const updated = await post(el.update.path, { id, version: 1, templateData: data({ ...good, amount: 99 }) });
    expect(updated.body).toMatchObject({ code: 0, data: { id, version: 2 } });
    const stale = await post(el.update.path, { id, version: 1, templateData: data({ ...good, amount: 5 }) });
    expect(stale.body.code).toBe(CODE.elementStale);
    expect(JSON.parse((await post<string>(el.pageInfo.path, { id })).body.data).templateData).toContainEqual({ name: 'amount', value: '{"v":99}' });
    const invalid = await post(el.update.path, { id, version: 2, templateData: data({ ...good, amount: -1 }) });
    expect(invalid.body.code).toBe(CODE.dynamicValuesInvalid);
    expect((await post(el.pageInfo.path, { id: 999999 })).body.code).toBe(CODE.elementNotFound);
    const list = await post(el.query.path, { start: 1, limit: 10, templateCode: 'loan' });
    expect(list.body.data.rows).toEqual([expect.objectContaining({ id, version: 2, templateCode: 'loan' })]);
  });

  it('keeps a filled form on the fields it was filled with when the template changes; stale template updates are refused', async () => {
    const saved = await save('loan', good);
    const row = (await post(tpl.query.path, { start: 1, limit: 10, code: 'loan' })).body.data.rows[0];
    const changed = await post(tpl.update.path, { id: row.id, version: row.version, name: '贷款', fields: JSON.stringify([FIELDS[0]]) });
    expect(changed.body).toMatchObject({ code: 0, data: { version: row.version + 1, fieldCount: 1 } });
    expect((await post(tpl.update.path, { id: row.id, version: row.version, name: '贷款', fields: JSON.stringify(FIELDS) })).body.code).toBe(CODE.elementStale);
    const info = JSON.parse((await post<string>(el.pageInfo.path, { id: saved.body.data.id })).body.data);
    expect(info.template).toEqual(FIELDS);
    // A new form has only the one field now.
    expect(JSON.parse((await post<string>(el.byCode.path, { code: 'loan' })).body.data).template).toEqual([FIELDS[0]]);
  });

  it('gives a template without fields to the form (it shows "data empty") but saves nothing from it; a disabled template takes no new form', async () => {
    expect((await addTemplate('blank', [])).body.code).toBe(0);
    expect(JSON.parse((await post<string>(el.byCode.path, { code: 'blank' })).body.data).template).toEqual([]);
    expect((await save('blank', {})).body.code).toBe(CODE.templateEmpty);
    const row = (await post(tpl.query.path, { start: 1, limit: 10, code: 'blank' })).body.data.rows[0];
    expect((await post(tpl.setStatus.path, { id: row.id, version: row.version, status: 'disabled' })).body.data.status).toBe('disabled');
    expect((await post(el.byCode.path, { code: 'blank' })).body.code).toBe(CODE.templateDisabled);
    expect((await post(el.templates.path, {})).body.data.map((x: { code: string }) => x.code)).not.toContain('blank');
  });

  it('answers a query page\'s extended fields by expand-param, to holders of that page\'s function only', async () => {
    const ext = [{ name: 'memo', text: '备注', type: 'text', max: 10 }];
    expect((await addTemplate('query:currency', ext)).body.code).toBe(0);
    const r = await post<string | null>(el.expandParam.path, { expandParam: 'query:currency' }, staff);
    expect(r.body.code).toBe(0);
    expect(JSON.parse(r.body.data!)).toEqual({ template: ext });
    expect((await post(el.expandParam.path, { expandParam: 'query:country' }, staff)).body).toMatchObject({ code: 0, data: null });
    expect((await post(el.expandParam.path, { expandParam: 'query:dictionary' }, staff)).status).toBe(403);
    expect((await post(el.expandParam.path, { expandParam: 'query:nothing' }, staff)).body.code).toBe(CODE.expandParamUnknown);
  });

  it('grants every call by its function: staff hold neither templates nor dynamic forms', async () => {
    for (const [path, body] of [
      [tpl.query.path, { start: 1, limit: 10 }],
      [tpl.byId.path, { id: 1 }],
      [el.templates.path, {}],
      [el.byCode.path, { code: 'loan' }],
      [el.pageInfo.path, { id: 1 }],
      [el.update.path, { id: 1, version: 1, templateData: [] }],
      [el.query.path, { start: 1, limit: 10 }],
    ] as const) {
      const r = await post(path, body, staff);
      expect([path, r.status, r.body.code]).toEqual([path, 403, CODE.forbidden]);
    }
    expect((await post(el.save.path, { templateCode: 'loan', templateData: [] }, staff)).status).toBe(403);
    expect((await t.post(tpl.query.path, { start: 1, limit: 10 })).status).toBe(401);
  });
});
