import { randomBytes } from 'node:crypto';
import type { Db } from './database';
import { hashPassword } from '../security/password';
import { FUNCTION_TREE, STAFF_FUNCTION_IDS, flattenFunctions, subtreeIds } from './seed-data/functions';
import { DICTIONARIES } from './seed-data/dictionaries';
import { seedFileRows } from './seed-data/files';
import { DEMO_REMINDERS } from './seed-data/reminders';
import { createDuty, setDutyFunctions, setUserDuties } from '../services/duties';
import { addReminders } from '../services/reminders';
import { seedResources } from './seed-resources';

export interface DemoUser {
  userCode: string;
  password: string;
  userType: number;
  dutyCode: string;
  userName: string;
  userNameEn: string;
}

/**
 * Demo credentials for a local install. In production (NODE_ENV=production) or when
 * SEED_PASSWORDS=random the passwords are random and printed once at the first start.
 *
 * Two administrators: users and duties are reviewed by someone other than their last editor
 * (four eyes, docs/user-admin.md), so with `admin` alone a fresh install could never get a new
 * user or duty approved. `checker` is the second pair of eyes.
 */
export function demoUsers(env: NodeJS.ProcessEnv = process.env): DemoUser[] {
  const random = env.NODE_ENV === 'production' || env.SEED_PASSWORDS === 'random';
  const pick = (demo: string) => (random ? `${randomBytes(9).toString('base64url')}A1!` : demo);
  const users: DemoUser[] = [
    { userCode: 'admin', password: pick('Admin@2026'), userType: 1, dutyCode: 'ADMIN', userName: '系统管理员', userNameEn: 'Administrator' },
    { userCode: 'staff', password: pick('Staff@2026'), userType: 2, dutyCode: 'STAFF', userName: '张会计', userNameEn: 'Zhang (clerk)' },
    // Last, so the first two users keep the ids they always had.
    { userCode: 'checker', password: pick('Checker@2026'), userType: 1, dutyCode: 'ADMIN', userName: '复核员', userNameEn: 'Checker' },
  ];
  return [...users, ...workerCopies(users, env)];
}

/**
 * End-to-end tests run in parallel workers, and one user has one session (logging in elsewhere
 * ends the other): each worker after the first gets its own copy of the demo users,
 * `<code>-w<n>`, same duties, passwords and names (tests/e2e/support/users.ts picks by worker).
 * Only outside production, and only when E2E_WORKER_USERS asks.
 */
function workerCopies(users: DemoUser[], env: NodeJS.ProcessEnv): DemoUser[] {
  const workers = Number(env.E2E_WORKER_USERS ?? 1);
  if (env.NODE_ENV === 'production' || !Number.isInteger(workers) || workers < 2) return [];
  return Array.from({ length: Math.min(workers, 8) - 1 }, (_, i) => users.map((u) => ({ ...u, userCode: `${u.userCode}-w${i + 2}` }))).flat();
}

export const SYS_PARAMS: Record<string, string> = {
  'system.title.zh-CN': '资金管理平台',
  'system.title.en-US': 'Treasury Portal',
  'login.types': 'password,qrcode,cert',
  'login.forgot-password': '1',
  /** The mobile app's download address for the login page's QR code; empty hides it. */
  'app.download.url': '',
};

/**
 * Fills an empty database once: a demo organisation, two administrators and a staff user with
 * their duties, the function tree, dictionaries and system parameters. Returns the users
 * created, or null when the database was already seeded (every row is kept).
 */
export async function seedIfEmpty(db: Db, users: DemoUser[] = demoUsers()): Promise<DemoUser[] | null> {
  const seeded = await db.selectFrom('sysParam').select('paramValue').where('paramKey', '=', 'seed.version').executeTakeFirst();
  if (seeded) return null;

  const hashes = await Promise.all(users.map((u) => hashPassword(u.password)));

  await db.transaction().execute(async (tx) => {
    const org = await tx
      .insertInto('org')
      .values({ orgCode: 'HQ', orgName: '集团总部', orgNameEn: 'Group headquarters', orgType: 'HQ' })
      .returning('id')
      .executeTakeFirstOrThrow();

    await tx.insertInto('func').values(flattenFunctions()).execute();

    const dutyIds: Record<string, number> = {};
    for (const [dutyCode, dutyName, dutyNameEn] of [
      ['ADMIN', '系统管理员', 'System administrator'],
      ['STAFF', '资金业务员', 'Treasury clerk'],
    ] as const) {
      dutyIds[dutyCode] = await createDuty(tx, { dutyCode, dutyName, dutyNameEn });
    }
    await setDutyFunctions(tx, dutyIds.ADMIN!, subtreeIds(FUNCTION_TREE.map((f) => f.id)));
    await setDutyFunctions(tx, dutyIds.STAFF!, subtreeIds(STAFF_FUNCTION_IDS));

    for (const [i, u] of users.entries()) {
      const row = await tx
        .insertInto('appUser')
        .values({
          userCode: u.userCode,
          userName: u.userName,
          userNameEn: u.userNameEn,
          orgId: org.id,
          orgCode: 'HQ',
          userType: u.userType,
          staffType: u.userType,
          passwordHash: hashes[i]!,
          email: `${u.userCode}@example.invalid`,
          status: 'active',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setUserDuties(tx, row.id, [dutyIds[u.dutyCode]!]);
      await addReminders(tx, row.id, DEMO_REMINDERS);
    }

    await tx
      .insertInto('dictionaryItem')
      .values(DICTIONARIES.flatMap((d) => d.items.map(([value, textZh, textEn], sort) => ({ groupName: d.group, dictType: d.type, value, textZh, textEn, sort }))))
      .execute();

    await tx.insertInto('uploadFile').values(seedFileRows()).execute();

    // Issue 10: the reference records of the business resources (currencies, banks, rates…).
    await seedResources(tx);

    await tx
      .insertInto('sysParam')
      .values([...Object.entries(SYS_PARAMS), ['seed.version', '1']].map(([paramKey, paramValue]) => ({ paramKey: paramKey!, paramValue: paramValue! })))
      .execute();
  });
  return users;
}
