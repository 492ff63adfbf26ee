import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { orgsUnder } from '../../server/services/org-structure';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

type Row = Record<string, unknown> & { id: number; version: number };
type Answer<T> = { code: number; msg: string; data: T };

/**
 * Organisation structures (portal-shell §1, §5; docs/org-structure.md): the tree a grant "by
 * organisation structure" gives, and the refusals of structures, their nodes and relations.
 */
describe.each(availableBackends())('organisation structures on %s', (backend) => {
  let t: TestApp;
  let db: Kysely<any>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    db = t.db as unknown as Kysely<any>;
    admin = await t.login(DEMO.admin);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const call = async <T = Row>(family: string, step: string, body: unknown, lang = 'zh-CN') => {
    const path = `/api/fsmc/${family}/${step}`;
    return (await t.post<T>(path, body, { token: admin, lang })).body;
  };
  const find = async (family: string, filter: Record<string, unknown>) => (await call<{ rows: Row[] }>(family, 'query', { start: 1, limit: 100, ...filter })).data.rows;
  const node = async (structCode: string, orgCode: string) => (await find('org-struct-node', { structCode, orgCode })).find((r) => r.orgCode === orgCode)!;
  /** A stored record's step at its current version. */
  const step = async (family: string, row: Row, name: string, more: Record<string, unknown> = {}) => call(family, name, { id: row.id, version: row.version, ...more });

  it('seeds a main structure of three levels under headquarters, with module relations', async () => {
    const main = (await find('org-struct', { mainFlag: true })).filter((r) => r.enabled);
    expect(main.map((r) => r.structCode)).toEqual(['FUND']);
    expect(await orgsUnder(t.db, 'FUND', 'HQ')).toEqual(['HQ', 'SC01', 'GZ01', 'SH01']);
    expect(await orgsUnder(t.db, 'FUND', 'SC01')).toEqual(['SC01', 'GZ01', 'SH01']);
    expect((await find('org-struct-module-rel', { structCode: 'FUND' })).length).toBeGreaterThan(0);
  });

  it('refuses a repeated structure code and a second main structure in force', async () => {
    expect((await call('org-struct', 'add', { structCode: 'FUND', structName: '重复', structNameEn: 'Again' })).code).toBe(CODE.recordDuplicate);
    const second = await call('org-struct', 'add', { structCode: 'MAIN2', structName: '第二主结构', structNameEn: 'Second main', mainFlag: true }, 'en-US');
    expect([second.code, second.msg]).toEqual([CODE.mainStructExists, 'Structure FUND is already the main structure; only one enabled structure can be main']);
    const plain = await call('org-struct', 'add', { structCode: 'PLAIN', structName: '普通结构', structNameEn: 'Plain', mainFlag: false });
    expect(plain.code).toBe(0);
    expect((await step('org-struct', plain.data, 'update', { structName: '普通结构', structNameEn: 'Plain', mainFlag: true })).code).toBe(CODE.mainStructExists);
    // A disabled structure may carry the flag; enabling it while another is main is refused.
    const off = await step('org-struct', plain.data, 'disable');
    const flagged = await step('org-struct', off.data, 'update', { structName: '普通结构', structNameEn: 'Plain', mainFlag: true });
    expect(flagged.code).toBe(0);
    expect((await step('org-struct', flagged.data, 'enable')).code).toBe(CODE.mainStructExists);
  });

  it('builds a three-level tree and refuses a repeated organisation, a parent outside, a cycle and a removal with children', async () => {
    expect((await call('org-struct', 'add', { structCode: 'TREE3', structName: '三级结构', structNameEn: 'Three levels' })).code).toBe(0);
    for (const [orgCode, parentOrgCode] of [['HQ', null], ['SH01', 'HQ'], ['GZ01', 'SH01']] as const) {
      expect((await call('org-struct-node', 'add', { structCode: 'TREE3', orgCode, parentOrgCode })).code).toBe(0);
    }
    expect(await orgsUnder(t.db, 'TREE3', 'HQ')).toEqual(['HQ', 'SH01', 'GZ01']);
    expect(await orgsUnder(t.db, 'TREE3', 'SH01')).toEqual(['SH01', 'GZ01']);

    const twice = await call('org-struct-node', 'add', { structCode: 'TREE3', orgCode: 'SH01', parentOrgCode: 'HQ' });
    expect([twice.code, twice.msg]).toEqual([CODE.structContainsOrg, '组织结构TREE3已包含机构“SH01”']);
    expect((await call('org-struct-node', 'add', { structCode: 'TREE3', orgCode: 'SC01', parentOrgCode: 'SC01' })).code).toBe(CODE.structCycle);
    expect((await call('org-struct-node', 'add', { structCode: 'TREE3', orgCode: 'SC01', parentOrgCode: 'NOPE' })).code).toBe(CODE.structParentMissing);
    expect((await call('org-struct-node', 'add', { structCode: 'TREE3', orgCode: 'NOPE', parentOrgCode: 'HQ' })).code).toBe(CODE.structOrgUnknown);
    expect((await call('org-struct-node', 'add', { structCode: 'NO-SUCH', orgCode: 'HQ' })).code).toBe(CODE.structUnknown);

    // Moving headquarters under its own grandchild would make a cycle; moving a leaf up is fine.
    expect((await step('org-struct-node', await node('TREE3', 'HQ'), 'update', { parentOrgCode: 'GZ01' })).code).toBe(CODE.structCycle);
    const moved = await step('org-struct-node', await node('TREE3', 'GZ01'), 'update', { parentOrgCode: 'HQ' });
    expect(moved.code).toBe(0);
    expect(await orgsUnder(t.db, 'TREE3', 'SH01')).toEqual(['SH01']);
    const back = await step('org-struct-node', moved.data, 'update', { parentOrgCode: 'SH01' });
    expect(back.code).toBe(0);

    // SH01 keeps GZ01 beneath it: neither disabled nor, once GZ01 alone is gone, deleted early.
    expect((await step('org-struct-node', await node('TREE3', 'SH01'), 'disable')).code).toBe(CODE.structNodeHasChildren);
    expect((await step('org-struct-node', back.data, 'disable')).code).toBe(0);
    const sh = await step('org-struct-node', await node('TREE3', 'SH01'), 'disable');
    expect(sh.code).toBe(0);
    const refused = await step('org-struct-node', sh.data, 'delete');
    expect(refused.code).toBe(CODE.structNodeHasChildren);
    // A disabled node's branch gives no grants.
    expect(await orgsUnder(t.db, 'TREE3', 'HQ')).toEqual(['HQ']);
    // Re-enabling the leaf under its disabled parent is refused: the parent must be in force.
    expect((await step('org-struct-node', await node('TREE3', 'GZ01'), 'enable')).code).toBe(CODE.structParentMissing);
  });

  it('refuses disabling an organisation a structure uses', async () => {
    const sc = (await find('org-info', { orgCode: 'SC01' })).find((r) => r.orgCode === 'SC01')!;
    const refused = await step('org-info', sc, 'disable');
    expect([refused.code, refused.msg]).toEqual([CODE.orgUsedByStruct, '机构“SC01”已用于组织结构FUND，不能停用或删除']);
  });

  it('relates one structure per module, and refuses disabling or deleting a structure in use', async () => {
    const s = await call('org-struct', 'add', { structCode: 'RELATED', structName: '被关联结构', structNameEn: 'Related' });
    const rel = await call('org-struct-module-rel', 'add', { moduleCode: 'INVEST', structCode: 'RELATED' });
    expect(rel.code).toBe(0);
    expect((await call('org-struct-module-rel', 'add', { moduleCode: 'INVEST', structCode: 'FUND' })).code).toBe(CODE.recordDuplicate);
    expect((await call('org-struct-module-rel', 'add', { moduleCode: 'FX', structCode: 'NO-SUCH' })).code).toBe(CODE.scrollValueUnknown);
    const inUse = await call('org-struct', 'disable', { id: s.data.id, version: s.data.version }, 'en-US');
    expect([inUse.code, inUse.msg]).toEqual([CODE.structUsedByRelation, 'Structure RELATED is used by the relation of module Investments; it cannot be disabled or deleted']);
    // Once the relation is gone the structure goes, and its nodes with it.
    expect((await call('org-struct-node', 'add', { structCode: 'RELATED', orgCode: 'HQ' })).code).toBe(0);
    const relOff = await step('org-struct-module-rel', rel.data, 'disable');
    expect((await step('org-struct-module-rel', relOff.data, 'delete')).code).toBe(0);
    const off = await call<Row>('org-struct', 'disable', { id: s.data.id, version: s.data.version });
    expect(off.code).toBe(0);
    expect((await step('org-struct', off.data, 'delete')).code).toBe(0);
    expect(await find('org-struct-node', { structCode: 'RELATED' })).toEqual([]);
  });

  describe('orgsUnder', () => {
    // T1 ─┬─ T2 ─┬─ T4
    //     │      └─ T5 (disabled: cuts its branch) ── T6
    //     └─ T3
    beforeAll(async () => {
      await db.insertInto('orgStruct').values([
        { structCode: 'OU-A', structName: '树', structNameEn: 'Tree' },
        { structCode: 'OU-OFF', structName: '停用', structNameEn: 'Off', enabled: false },
      ]).execute();
      const node = (structCode: string, orgCode: string, parentOrgCode: string | null, enabled = true) => ({ structCode, orgCode, parentOrgCode, enabled });
      await db.insertInto('orgStructNode').values([
        node('OU-A', 'T1', null),
        node('OU-A', 'T2', 'T1'),
        node('OU-A', 'T3', 'T1'),
        node('OU-A', 'T4', 'T2'),
        node('OU-A', 'T5', 'T2', false),
        node('OU-A', 'T6', 'T5'),
        // The same organisations in another structure do not leak into this one.
        node('OU-OFF', 'T1', null),
        node('OU-OFF', 'T9', 'T1'),
      ]).execute();
    });

    it('gives the organisation and everything beneath it, level by level', async () => {
      expect(await orgsUnder(t.db, 'OU-A', 'T1')).toEqual(['T1', 'T2', 'T3', 'T4']);
      expect(await orgsUnder(t.db, 'OU-A', 'T2')).toEqual(['T2', 'T4']);
      expect(await orgsUnder(t.db, 'OU-A', 'T4')).toEqual(['T4']);
    });

    it('gives nothing for a disabled node, an organisation outside the structure or a disabled structure', async () => {
      expect(await orgsUnder(t.db, 'OU-A', 'T5')).toEqual([]);
      expect(await orgsUnder(t.db, 'OU-A', 'T9')).toEqual([]);
      expect(await orgsUnder(t.db, 'OU-NONE', 'T1')).toEqual([]);
      expect(await orgsUnder(t.db, 'OU-OFF', 'T1')).toEqual([]);
    });
  });
});
