import type { Db } from '../db/database';

/**
 * Mail the server sends. No mail server is configured in this product yet, so every message
 * goes to the outbox table, which administrators read (POST /system/outbox/query). A mail
 * transport plugs in here later without changing the callers.
 */
export interface Mail {
  recipient: string;
  subject: string;
  body: string;
}

export async function sendMail(db: Db, mail: Mail): Promise<void> {
  await db.insertInto('outboxMessage').values(mail).execute();
}

export async function outboxPage(db: Db, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('outboxMessage')
      .select(['id', 'recipient', 'subject', 'body', 'createdAt'])
      .orderBy('id', 'desc')
      .offset((page - 1) * limit)
      .limit(limit)
      .execute(),
    db.selectFrom('outboxMessage').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
