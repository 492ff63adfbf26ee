import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { RESOURCES } from '../../src/resources';
import { CODE } from '../../src/shared/codes';
import type { Db } from '../db/database';
import { forbidden, refuse } from '../http/answer';
import { grantedFunc } from './permissions';

/**
 * Embedded pages of edit forms (docs/embedded-pages.md): the list a form asks for, and the demo
 * guest page's remarks. A form code is a resource's code; whoever may use that resource's
 * function may read its pages and keep its remarks.
 */
export async function requireFormGrant(request: FastifyRequest, formCode: string): Promise<void> {
  const def = RESOURCES.find((r) => r.code === formCode);
  if (!def) throw refuse(CODE.embeddedFormUnknown, { code: formCode });
  if (!(await grantedFunc(request.server.db, request.user.id, def.path))) throw forbidden();
}

/** The active pages of a form, by their order (then id, so equal orders stay put). */
export async function embeddedPages(db: Db, formCode: string) {
  const rows = await db
    .selectFrom('sysPageIframe')
    .select(['id', 'iframeTitle', 'iframeName', 'iframeUrl', 'iframeHeight', 'iframeOrder', 'enabled'])
    .where('formCode', '=', formCode)
    .where('enabled', '=', true)
    .orderBy('iframeOrder')
    .orderBy('id')
    .execute();
  return rows.map(({ enabled, ...r }) => ({ ...r, iframeActive: enabled }));
}

export async function remarkOf(db: Db, formCode: string, recordKey: string): Promise<string | null> {
  const row = await db.selectFrom('embeddedRemark').select('remark').where('formCode', '=', formCode).where('recordKey', '=', recordKey).executeTakeFirst();
  return row?.remark ?? null;
}

export async function saveRemark(db: Db, userId: number, formCode: string, recordKey: string, remark: string): Promise<void> {
  await db
    .insertInto('embeddedRemark')
    .values({ formCode, recordKey, remark, updatedBy: userId })
    .onConflict((oc) => oc.columns(['formCode', 'recordKey']).doUpdateSet({ remark, updatedBy: userId, updatedAt: sql`now()` }))
    .execute();
}
