import type { Db } from '../db/database';
import type { ProfileValues } from '../../src/shared/contract';

/** "My profile": the user's own English name, e-mail and gender. */
export async function readProfile(db: Db, userId: number) {
  const row = await db.selectFrom('appUser').select(['userCode', 'userName', 'userNameEn', 'email', 'gender']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { userCode: row.userCode, userName: row.userName, userNameEn: row.userNameEn ?? '', email: row.email ?? '', gender: row.gender ?? '' };
}

export async function saveProfile(db: Db, userId: number, values: ProfileValues): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ userNameEn: values.userNameEn || null, email: values.email || null, gender: values.gender || null, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}
