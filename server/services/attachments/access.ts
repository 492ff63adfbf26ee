import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { RESOURCES, reviewedResource } from '../../../src/resources';
import type { ResourceDef } from '../../../src/resources/define';
import { nextRecordState } from '../../../src/machines/record-lifecycle.machine';
import { ownerOf } from '../../../src/shared/attachments';
import { USER_TYPE_ADMIN } from '../../../src/shared/constants';
import type { Db } from '../../db/database';
import { findById, type Row } from '../../resources/store';
import { resourceScope } from '../../resources/scope';
import { grantedFuncs } from '../permissions';
import { GUIDE_ATTACHMENT_BUSINESS, mayEditGuide } from '../../../src/shared/operation-guide';
import { mayReadGuide } from '../operation-guide';
import { DECISION_ATTACHMENT_BUSINESS } from '../../../src/shared/workflow';
import { mayDecideNow } from '../workflow';

/**
 * Who may touch a file (docs/attachments.md, "Who reads what"). A file attached to a record is
 * read by whoever may read the record: a function of its resource granted, and the record within
 * their data authorisation and page scope (the same cut as the table's query); it is changed
 * (upload, delete, category and comment) by whoever may read it while the record's lifecycle
 * still allows an update. A draft's files (an add form's, no record yet) are their uploader's
 * alone. A function's operation guide (`FILE<funcId>`) is read by whoever may read the guide
 * and changed by help editors (docs/operation-guide.md). A reviewer's files for a coming
 * decision (`WKFL:<type>:<id>`) are uploaded by whoever may see the record and decide its flow's
 * current step, and are their uploader's alone, as a draft's; once a decision holds them
 * (`WKFL<history id>`) they are read by whoever may read the record, and changed by no one
 * (docs/approvals.md). Any other orderNo names nothing a user uploads to.
 */
export type Access = 'none' | 'read' | 'change';

export interface OwnerRef {
  orderNo: string;
  resourceCode: string | null;
  recordId: number | null;
  createdBy: number | null;
}

export const attachmentResource = (code: string): ResourceDef | undefined => RESOURCES.find((r) => r.code === code && r.attachments);

/** The record a caller may see, or undefined. */
export async function visibleRecord(db: Db, request: FastifyRequest, def: ResourceDef, id: number): Promise<Row | undefined> {
  const user = request.user!;
  const funcs = [def.path, ...(def.pages ?? []).map((p) => p.path)];
  if ((await grantedFuncs(db, user.id, funcs)).size === 0) return undefined;
  const scope = await resourceScope(db, def, request);
  return findById(db, def, id, scope.all);
}

/** What the caller may do with the files of a record, by its resource and id. */
export async function recordAccess(db: Db, request: FastifyRequest, def: ResourceDef, id: number): Promise<Access> {
  const row = await visibleRecord(db, request, def, id);
  if (!row) return 'none';
  return nextRecordState(def.lifecycle === 'review', row, 'RECORD.UPDATE') === null ? 'read' : 'change';
}

/** What the caller may do with a function's operation-guide files. */
export async function guideAccess(db: Db, request: FastifyRequest, funcId: number): Promise<Access> {
  const user = request.user;
  if (!user) return 'none';
  if (!(await db.selectFrom('func').select('id').where('id', '=', funcId).executeTakeFirst())) return 'none';
  if (mayEditGuide(user)) return 'change';
  return (await mayReadGuide(db, user, funcId)) ? 'read' : 'none';
}

/** The record a decision (a wkfl_history row) was made on. */
async function decisionRecord(db: Db, historyId: number): Promise<{ businessType: string; recordId: number } | undefined> {
  const { rows } = await sql<{ businessType: string; recordId: number }>`
    select i.business_type as "businessType", i.record_id as "recordId" from wkfl_history h join wkfl_instance i on i.id = h.instance_id where h.id = ${historyId}`.execute(db);
  return rows[0];
}

/** What the caller may do with the files of a decision on a record: read them when they may read the record. */
async function decidedAccess(db: Db, request: FastifyRequest, historyId: number): Promise<Access> {
  const decided = await decisionRecord(db, historyId);
  const def = decided && reviewedResource(decided.businessType);
  if (!decided || !def || !request.user) return 'none';
  return (await visibleRecord(db, request, def, decided.recordId)) ? 'read' : 'none';
}

/**
 * What the caller may do with the files under an orderNo (a record's, a draft's or a guide's),
 * and the business whose attachment setting applies (none for a draft).
 */
export async function orderAccess(db: Db, request: FastifyRequest, orderNo: string): Promise<{ access: Access; def?: ResourceDef; recordId?: number; businessCode?: string }> {
  const owner = ownerOf(orderNo);
  if (!owner) return { access: 'none' };
  if (owner.kind === 'guide') return { access: await guideAccess(db, request, owner.funcId), businessCode: GUIDE_ATTACHMENT_BUSINESS };
  // A draft is anyone's to upload to, but each sees and changes only their own files of it (listFiles' createdBy, fileAccess).
  if (owner.kind === 'draft') return { access: request.user ? 'change' : 'none' };
  if (owner.kind === 'decisionDraft') {
    const def = reviewedResource(owner.businessType);
    if (!def || !request.user || !(await visibleRecord(db, request, def, owner.recordId))) return { access: 'none' };
    // One who may read the record lists their own waiting files; only one who may decide now uploads.
    return { access: (await mayDecideNow(db, def.code, owner.recordId, request.user.id)) ? 'change' : 'read', businessCode: DECISION_ATTACHMENT_BUSINESS };
  }
  if (owner.kind === 'decision') return { access: await decidedAccess(db, request, owner.historyId), businessCode: DECISION_ATTACHMENT_BUSINESS };
  const def = attachmentResource(owner.resourceCode);
  if (!def) return { access: 'none' };
  return { access: await recordAccess(db, request, def, owner.recordId), def, recordId: owner.recordId, businessCode: def.code };
}

/** What the caller may do with one stored file. */
export async function fileAccess(db: Db, request: FastifyRequest, file: OwnerRef): Promise<Access> {
  if (file.resourceCode && file.recordId) {
    const def = attachmentResource(file.resourceCode);
    return def ? recordAccess(db, request, def, file.recordId) : 'none';
  }
  const owner = ownerOf(file.orderNo);
  if (owner?.kind === 'guide') return guideAccess(db, request, owner.funcId);
  if (owner?.kind === 'draft' || owner?.kind === 'decisionDraft') return file.createdBy !== null && file.createdBy === request.user?.id ? 'change' : 'none';
  if (owner?.kind === 'decision') return decidedAccess(db, request, owner.historyId);
  // Files of the shell (login logos and the like) are read as before: their uploader or an administrator.
  const user = request.user;
  if (!user) return 'none';
  return user.userType === USER_TYPE_ADMIN || (file.createdBy !== null && file.createdBy === user.id) ? 'read' : 'none';
}
