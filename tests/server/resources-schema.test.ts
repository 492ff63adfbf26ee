import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { RESOURCES } from '../../src/resources';
import { expectedColumns, type ExpectedColumn } from '../../server/resources/columns';
import { availableBackends } from './support/backends';
import { openTestDb, type TestDb } from './support/test-server';

/**
 * Issue 10 point 1, "the migration check": every resource's migrated table has exactly the
 * columns its definition derives (names, types, lengths, scales, nullability). A definition
 * changed without a migration, or a migration that drifted, fails here.
 */
describe.each(availableBackends())('resource tables match their definitions on %s', (backend) => {
  let d: TestDb;
  beforeAll(async () => {
    d = await openTestDb(backend);
  });
  afterAll(async () => {
    await d?.dispose();
  });

  it.each(RESOURCES.map((def) => [def.code, def] as const))('%s', async (_code, def) => {
    const { rows } = await sql<{ name: string; dataType: string; nullable: string; maxLength: number | null; scale: number | null }>`
      select column_name as name, data_type as "dataType", is_nullable as nullable, character_maximum_length as "maxLength", numeric_scale as scale
      from information_schema.columns where table_schema = 'public' and table_name = ${def.table}`.execute(d.db);
    expect(rows.length).toBeGreaterThan(0);
    const actual = new Map(rows.map((r) => [r.name, r]));
    const problems: string[] = [];
    for (const want of expectedColumns(def)) {
      const have = actual.get(want.name);
      if (!have) {
        problems.push(`${want.name}: missing`);
        continue;
      }
      const got: ExpectedColumn = {
        name: have.name,
        dataType: have.dataType,
        nullable: have.nullable === 'YES',
        ...(want.maxLength !== undefined ? { maxLength: have.maxLength ?? undefined } : {}),
        ...(want.scale !== undefined ? { scale: have.scale ?? undefined } : {}),
      };
      if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${want.name}: table has ${JSON.stringify(got)}, definition wants ${JSON.stringify(want)}`);
    }
    expect(problems).toEqual([]);
  });
});
