import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CODE } from '../../src/shared/codes';
import { contract } from '../../src/shared/contract';
import { SECTIONS_MAX, type SectionEntry } from '../../src/shared/contract/section-order';
import type { FieldConfig } from '../../src/shared/contract/field-config';
import { editableInApproval } from '../../src/shared/field-config';
import { saveSectionOrder, sectionOrder } from '../../server/services/section-order';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type CallResult, type TestApp } from './support/test-server';

jest.setTimeout(120_000);

const s = contract.sectionOrder;
/** rate-add's form has the sections application and rate (its definition); custom-form is no resource, so any names go. */
const PAGE = 'rate-add';
const OTHER = 'custom-form';
const entries = (...names: string[]): SectionEntry[] => names.map((name) => ({ name, exist: true }));

/**
 * Issue 11 points 1 and 5 (widgets §3, §5, §7, §8; DECISIONS "Administrators' settings"): the
 * edit form's section order is each user's own; hiding a section is the administrators', for
 * everyone, and refused to anyone else with 1702; names are each listed once and, for a
 * resource's form, its sections. The approval field config is an administered resource;
 * its call answers the enabled configs of a page to someone granted that page.
 */
describe.each(availableBackends())('edit form settings on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let checker: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ admin, checker, staff } = await t.loginDemo());
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = <T = any>(path: string, body: unknown, token: string, lang?: string): Promise<CallResult<T>> => t.post<T>(path, body, { token, ...(lang ? { lang } : {}) });
  const load = async (token: string, code = PAGE) => {
    const r = await post<{ customOrder: SectionEntry[] | null; hiddenParams: string[] }>(s.load.path, { code }, token);
    expect([r.status, r.body.code]).toEqual([200, 0]);
    return r.body.data;
  };
  const save = (token: string, collapseItemsOrder: SectionEntry[], code = PAGE, lang?: string) => post(s.save.path, { code, collapseItemsOrder }, token, lang);
  const userId = async (userCode: string) => (await t.db.selectFrom('appUser').select('id').where('userCode', '=', userCode).executeTakeFirstOrThrow()).id;

  describe('section order', () => {
    it('is null until saved, then each user gets their own back, and a page has its own', async () => {
      expect(await load(staff)).toEqual({ customOrder: null, hiddenParams: [] });
      expect((await save(staff, entries('rate', 'application'))).body.code).toBe(0);
      expect((await save(admin, entries('application', 'rate'))).body.code).toBe(0);
      expect((await load(staff)).customOrder).toEqual(entries('rate', 'application'));
      expect((await load(admin)).customOrder).toEqual(entries('application', 'rate'));
      // The checker, an administrator too, saved nothing: still the defaults.
      expect((await load(checker)).customOrder).toBeNull();
      expect((await load(staff, 'currency')).customOrder).toBeNull();
      // Saving again replaces; an empty list goes back to the default order.
      expect((await save(staff, entries('application', 'rate'))).body.code).toBe(0);
      expect((await load(staff)).customOrder).toEqual(entries('application', 'rate'));
      expect((await save(staff, [])).body.code).toBe(0);
      expect((await load(staff)).customOrder).toBeNull();
      expect((await save(admin, [])).body.code).toBe(0);
    });

    it('refuses a name listed twice with 1701, in the reader\'s language, and keeps what was saved', async () => {
      expect((await save(staff, entries('application', 'rate'))).body.code).toBe(0);
      const zh = await save(staff, entries('application', 'application'));
      expect([zh.status, zh.body.code, zh.body.msg]).toEqual([200, CODE.sectionDuplicate, '分组重复：application']);
      const en = await save(staff, entries('rate', 'rate'), PAGE, 'en-US');
      expect(en.body).toMatchObject({ code: CODE.sectionDuplicate, msg: 'Section listed twice: rate' });
      expect((await load(staff)).customOrder).toEqual(entries('application', 'rate'));
      await save(staff, []);
    });

    it('refuses malformed names and more than the most sections a form has before any SQL (400)', async () => {
      for (const name of ['', 'a b', '1st', '<script>', 'x'.repeat(65)]) expect((await save(staff, entries(name))).status).toBe(400);
      const many = Array.from({ length: SECTIONS_MAX + 1 }, (_, i) => `s${i}`);
      expect((await save(staff, entries(...many), OTHER)).status).toBe(400);
      expect((await save(staff, entries(...many.slice(0, SECTIONS_MAX)), OTHER)).body.code).toBe(0);
      expect((await load(staff, OTHER)).customOrder).toHaveLength(SECTIONS_MAX);
      await save(staff, [], OTHER);
      expect((await post(s.save.path, { code: PAGE, collapseItemsOrder: [{ name: 'basic' }] }, staff)).status).toBe(400);
      expect((await post(s.save.path, { code: PAGE, collapseItemsOrder: [], extra: 1 }, staff)).status).toBe(400);
      expect((await post(s.load.path, { code: 'bad code' }, staff)).status).toBe(400);
      await save(staff, []);
    });

    it('refuses a name the resource\'s form does not have with 1700; a page that is no resource takes any well-formed names', async () => {
      const zh = await save(staff, entries('application', 'attachments'));
      expect(zh.body).toMatchObject({ code: CODE.sectionUnknown, msg: '表单没有名为 attachments 的分组' });
      // A currency's form declares no sections: its one section is the default.
      expect((await save(staff, entries('rate'), 'currency', 'en-US')).body).toMatchObject({ code: CODE.sectionUnknown, msg: 'The form has no section named rate' });
      expect((await save(staff, entries('basic'), 'currency')).body.code).toBe(0);
      expect((await save(admin, [{ name: 'ghost', exist: false }])).body.code).toBe(CODE.sectionUnknown);
      expect((await load(staff)).customOrder).toBeNull();
      expect((await save(staff, entries('history', 'basic', 'rate'), OTHER)).body.code).toBe(0);
      expect((await load(staff, OTHER)).customOrder).toEqual(entries('history', 'basic', 'rate'));
      // The check is the service's own, whoever calls it.
      const id = await userId('staff');
      await expect(saveSectionOrder(t.db, id, false, 'declared-page', entries('basic', 'x'), ['basic'])).rejects.toMatchObject({ code: CODE.sectionUnknown, params: { name: 'x' } });
      expect((await sectionOrder(t.db, id, 'declared-page')).customOrder).toBeNull();
      for (const code of ['currency', OTHER]) await save(staff, [], code);
    });

    it('lets an administrator hide a section for everyone, refuses it to staff with 1702, and shows the page\'s flags in everyone\'s order', async () => {
      const hide = [{ name: 'application', exist: true }, { name: 'rate', exist: false }];
      const refused = await save(staff, hide);
      expect(refused.body).toMatchObject({ code: CODE.sectionHiddenAdminOnly, msg: '只有管理员可以隐藏或显示分组' });
      expect((await load(staff)).customOrder).toBeNull();
      expect((await load(admin)).hiddenParams).toEqual([]);

      expect((await save(admin, hide)).body.code).toBe(0);
      // Everyone sees it hidden, also those who never saved an order.
      for (const token of [admin, checker, staff]) expect((await load(token)).hiddenParams).toEqual(['rate']);
      expect((await load(admin)).customOrder).toEqual(hide);

      // Staff reorder with the page's flags as they are; showing the hidden one again is refused.
      const mine = [{ name: 'rate', exist: false }, { name: 'application', exist: true }];
      expect((await save(staff, mine)).body.code).toBe(0);
      expect((await load(staff)).customOrder).toEqual(mine);
      const showAgain = await save(staff, entries('rate', 'application'), PAGE, 'en-US');
      expect(showAgain.body).toMatchObject({ code: CODE.sectionHiddenAdminOnly, msg: 'Only an administrator can hide or show sections' });
      expect((await load(staff)).customOrder).toEqual(mine);

      // The checker (an administrator) shows it again, for everyone; staff's order stays theirs.
      expect((await save(checker, entries('application', 'rate'))).body.code).toBe(0);
      expect((await load(staff)).hiddenParams).toEqual([]);
      expect((await load(staff)).customOrder).toEqual(entries('rate', 'application'));
      for (const token of [admin, checker, staff]) await save(token, []);
    });

    it('needs a session', async () => {
      const r = await t.post(s.load.path, { code: PAGE });
      expect(r.status).toBe(401);
    });
  });

  describe('approval field config', () => {
    const f = contract.fieldConfig.query;
    const configs = async (token: string, code = PAGE) => {
      const r = await post<FieldConfig[]>(f.path, { code }, token);
      return r;
    };
    const add = async (body: Record<string, unknown>, token = admin, lang?: string) =>
      t.post('/api/fsmc/approval-field/add', body, { token, ...(lang ? { lang } : {}) });

    it('answers the seeded config of rate-add: its remark is enabled and keeps its value', async () => {
      const r = await configs(checker);
      expect([r.status, r.body.code]).toEqual([200, 0]);
      expect(r.body.data).toEqual([{ prop: 'remark', value: null, disabled: false, isValidValue: true }]);
      expect(editableInApproval(r.body.data)).toEqual(['remark']);
      // Staff hold rate-add too.
      expect((await configs(staff)).body.data).toEqual(r.body.data);
      // A page without configs answers an empty list.
      expect((await configs(checker, 'currency')).body.data).toEqual([]);
      expect((await configs(checker, 'no-such-page')).body.data).toEqual([]);
    });

    it('is administered as a resource: an administrator adds one; a field twice or a field the page lacks is refused; a disabled config is not answered', async () => {
      const added = await add({ code: PAGE, prop: 'rateValue', disabled: true, value: '', isValidValue: false });
      expect(added.body.code).toBe(0);
      expect((await configs(checker)).body.data).toEqual([
        { prop: 'remark', value: null, disabled: false, isValidValue: true },
        { prop: 'rateValue', value: null, disabled: true, isValidValue: false },
      ]);
      expect(editableInApproval((await configs(checker)).body.data)).toEqual(['remark']);
      const twice = await add({ code: PAGE, prop: 'rateValue', disabled: false, isValidValue: true });
      expect(twice.body).toMatchObject({ code: CODE.approvalFieldDuplicate, msg: 'rate-add 的字段 rateValue 已有配置' });
      const unknown = await add({ code: PAGE, prop: 'noSuchField', disabled: false, isValidValue: true }, admin, 'en-US');
      expect(unknown.body).toMatchObject({ code: CODE.approvalFieldUnknown, msg: 'rate-add has no field named noSuchField' });
      // A page that is not a resource takes any well-formed field name.
      expect((await add({ code: 'custom-form', prop: 'memo', disabled: false, value: '待复核', isValidValue: true })).body.code).toBe(0);
      expect((await configs(staff, 'custom-form')).body.data).toEqual([{ prop: 'memo', value: '待复核', disabled: false, isValidValue: true }]);

      const row = added.body.data as { id: number; version: number };
      expect((await t.post('/api/fsmc/approval-field/disable', { id: row.id, version: row.version }, { token: admin })).body.code).toBe(0);
      expect((await configs(checker)).body.data).toEqual([{ prop: 'remark', value: null, disabled: false, isValidValue: true }]);
    });

    it('grants: the administration needs the approval-field function; the config of a resource needs that resource\'s', async () => {
      // Staff's duty holds the rates, not the system settings.
      expect((await add({ code: PAGE, prop: 'tenor', disabled: false, isValidValue: true }, staff)).status).toBe(403);
      expect((await t.post('/api/fsmc/approval-field/query', { start: 1, limit: 10 }, { token: staff })).status).toBe(403);
      const leaf = await t.db.selectFrom('func').select('id').where('funcUrl', '=', '/rate-add').executeTakeFirstOrThrow();
      const duty = await t.db.selectFrom('duty').select('id').where('dutyCode', '=', 'STAFF').executeTakeFirstOrThrow();
      const grants = await t.db.selectFrom('dutyFunc').selectAll().where('dutyId', '=', duty.id).where('funcId', '=', leaf.id).execute();
      expect(grants.length).toBe(1);
      await t.db.deleteFrom('dutyFunc').where('dutyId', '=', duty.id).where('funcId', '=', leaf.id).execute();
      try {
        expect((await configs(staff)).status).toBe(403);
        expect((await configs(staff)).body.code).toBe(CODE.forbidden);
        // Codes that are not resources still answer.
        expect((await configs(staff, 'custom-form')).body.code).toBe(0);
      } finally {
        await t.db.insertInto('dutyFunc').values(grants as never).execute();
      }
      expect((await configs(staff)).body.code).toBe(0);
    });
  });
});
