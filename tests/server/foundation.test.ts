import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed';
import { migrations } from '../../server/db/migrations';
import { FUNCTION_TREE } from '../../server/db/seed-data/functions';
import { PGLITE_TEMPLATE, availableBackends, tempDir } from './support/backends';
import { openTestDb, type TestDb } from './support/test-server';

describe.each(availableBackends())('database on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('has every migration applied, and applying again changes nothing', async () => {
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db);
    expect(rows.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('is seeded with two administrators (the second reviews what the first adds), a staff user, their duties, the menu and the dictionaries', async () => {
    const users = await t.db.selectFrom('appUser').select(['userCode', 'userType']).orderBy('userCode').execute();
    expect(users).toEqual([
      { userCode: 'admin', userType: 1 },
      { userCode: 'checker', userType: 1 },
      { userCode: 'staff', userType: 2 },
    ]);
    const hash = await t.db.selectFrom('appUser').select('passwordHash').where('userCode', '=', 'admin').executeTakeFirstOrThrow();
    expect(hash.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    const topLevel = await t.db.selectFrom('func').select('id').where('fatherFunctionId', 'is', null).execute();
    expect(topLevel).toHaveLength(FUNCTION_TREE.length);
    const grants = await t.db
      .selectFrom('dutyFunc as g')
      .innerJoin('duty as d', 'd.id', 'g.dutyId')
      .select(['d.dutyCode', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('d.dutyCode')
      .orderBy('d.dutyCode')
      .execute();
    const total = await t.db.selectFrom('func').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(grants[0]).toEqual({ dutyCode: 'ADMIN', n: total.n });
    expect(grants[1]!.n).toBeLessThan(total.n);
    const types = await t.db.selectFrom('dictionaryItem').select('dictType').distinct().execute();
    expect(types.map((r) => r.dictType)).toEqual(expect.arrayContaining(['FileType', 'ExportType']));
    expect(await seedIfEmpty(t.db)).toBeNull();
  });

  it('creates, reads, updates and deletes a row', async () => {
    const { id } = await t.db.insertInto('org').values({ orgCode: 'SUB1', orgName: '子公司一', orgType: 'SUB' }).returning('id').executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('org').select(['orgCode', 'orgName']).where('id', '=', id).executeTakeFirst()).toEqual({ orgCode: 'SUB1', orgName: '子公司一' });
    await t.db.updateTable('org').set({ orgName: 'Subsidiary one' }).where('id', '=', id).execute();
    expect((await t.db.selectFrom('org').select('orgName').where('id', '=', id).executeTakeFirstOrThrow()).orgName).toBe('Subsidiary one');
    await t.db.deleteFrom('org').where('id', '=', id).execute();
    expect(await t.db.selectFrom('org').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a duplicate organisation code', async () => {
    await expect(t.db.insertInto('org').values({ orgCode: 'HQ', orgName: 'again', orgType: 'HQ' }).execute()).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('password hashing', () => {
  it('uses scrypt at OWASP parameters unless the test suite lowers N, and verifies only the right password', async () => {
    const saved = process.env.SCRYPT_LOG_N;
    delete process.env.SCRYPT_LOG_N;
    let password!: typeof import('../../server/security/password');
    // A fresh copy of the module: the one this suite loaded read the lowered cost.
    jest.isolateModules(() => {
      password = require('../../server/security/password');
    });
    process.env.SCRYPT_LOG_N = saved;
    const h = await password.hashPassword('Secret#2026');
    expect(h).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await password.verifyPassword('Secret#2026', h)).toBe(true);
    expect(await password.verifyPassword('secret#2026', h)).toBe(false);
  });
});

describe('embedded PGlite data directory', () => {
  it('keeps every row across a close and reopen', async () => {
    // A copy of the run's migrated template: migrating a new directory takes PGlite many seconds,
    // and global setup has just done it (and proves it) for the template.
    const dir = tempDir('reopen');
    fs.cpSync(PGLITE_TEMPLATE, dir, { recursive: true });
    const first = await openDatabase({ dataDir: dir });
    await first.insertInto('org').values({ orgCode: 'KEEP', orgName: 'kept', orgType: 'SUB' }).execute();
    await first.destroy();

    const second = await openDatabase({ dataDir: dir });
    expect(await migrateToLatest(second)).toEqual([]);
    expect(await second.selectFrom('org').select('orgName').where('orgCode', '=', 'KEEP').executeTakeFirst()).toEqual({ orgName: 'kept' });
    await second.destroy();
  });
});
