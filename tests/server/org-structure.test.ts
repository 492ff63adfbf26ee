import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { orgsUnder } from '../../server/services/org-structure';
import { availableBackends } from './support/backends';
import { startTestApp, type TestApp } from './support/test-server';

/**
 * Organisation structures (portal-shell §1, §5; docs/org-structure.md): the tree a grant "by
 * organisation structure" gives, and the refusals of structures, their nodes and relations.
 */
describe.each(availableBackends())('organisation structures on %s', (backend) => {
  let t: TestApp;
  let db: Kysely<any>;
  beforeAll(async () => {
    t = await startTestApp(backend);
    db = t.db as unknown as Kysely<any>;
  });
  afterAll(async () => {
    await t?.dispose();
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
