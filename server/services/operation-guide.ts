import sanitizeHtml from 'sanitize-html';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { GUIDE_ALLOWED_ATTRIBUTES, GUIDE_ALLOWED_SCHEMES, GUIDE_ALLOWED_TAGS, GUIDE_CONTENT_MAX, mayEditGuide } from '../../src/shared/operation-guide';
import { USER_TYPE_ADMIN, isDbId } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import type { OperationGuide } from '../../src/shared/contract/guide';
import { forbidden, refuse } from '../http/answer';
import { localised } from '../i18n';

/**
 * The operation guide on the server (docs/operation-guide.md). Guides are HTML a help editor
 * typed in the browser's editor and every reader's browser renders: whatever arrives is cleaned
 * here, by sanitize-html (an htmlparser2-based, allow-list sanitiser) against the allow-list of
 * src/shared/operation-guide.ts, before it is kept. Links keep http(s) and mailto only and open
 * in a new tab without the opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...GUIDE_ALLOWED_TAGS],
  allowedAttributes: GUIDE_ALLOWED_ATTRIBUTES,
  allowedSchemes: [...GUIDE_ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with their content: what is inside a script or a style is never text to show.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'template'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};
// target and rel are set by the transform, never taken from the input.
OPTIONS.allowedAttributes = { ...GUIDE_ALLOWED_ATTRIBUTES, a: [...(GUIDE_ALLOWED_ATTRIBUTES.a ?? []), 'target', 'rel'] };

/** The guide's HTML as it may be kept: allowed markup only; '' when no text is left. */
export function sanitiseGuideHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '');
  return text === '' ? '' : clean;
}

async function funcExists(db: Db, funcId: number): Promise<boolean> {
  if (!isDbId(funcId)) return false;
  return (await db.selectFrom('func').select('id').where('id', '=', funcId).executeTakeFirst()) !== undefined;
}

/** Whoever holds the function through an active duty reads its guide; administrators and help editors read every guide. */
export async function mayReadGuide(db: Db, user: { id: number; userType: number; staffType: number }, funcId: number): Promise<boolean> {
  if (user.userType === USER_TYPE_ADMIN || mayEditGuide(user)) return true;
  const row = await db
    .selectFrom('userDuty as ud')
    .innerJoin('duty as d', (j) => j.onRef('d.id', '=', 'ud.dutyId').on('d.status', '=', 'active'))
    .innerJoin('dutyFunc as df', 'df.dutyId', 'ud.dutyId')
    .select('df.funcId')
    .where('ud.userId', '=', user.id)
    .where('df.funcId', '=', funcId)
    .executeTakeFirst();
  return row !== undefined;
}

async function guideOf(db: Db, funcId: number, lang: string): Promise<OperationGuide> {
  const row = await db
    .selectFrom('operationGuide as g')
    .leftJoin('appUser as u', 'u.id', 'g.updatedBy')
    .select(['g.id', 'g.funcId', 'g.descriptionContent', 'g.version', 'g.updatedAt', 'u.userName', 'u.userNameEn'])
    .where('g.funcId', '=', funcId)
    .executeTakeFirst();
  if (!row) return { id: null, funcId, descriptionContent: '', version: 0, updatedAt: null, updatedByName: null };
  return {
    id: row.id,
    funcId: row.funcId,
    descriptionContent: row.descriptionContent,
    version: row.version,
    updatedAt: new Date(row.updatedAt).toISOString(),
    updatedByName: row.userName === null ? null : localised(lang, row.userName, row.userNameEn),
  };
}

export async function readGuide(db: Db, request: FastifyRequest, funcId: number): Promise<OperationGuide> {
  if (!(await funcExists(db, funcId))) throw refuse(CODE.guideFuncUnknown);
  if (!(await mayReadGuide(db, request.user!, funcId))) throw forbidden();
  return guideOf(db, funcId, request.lang);
}

/**
 * Saves a guide: help editors only (refused again here whatever the browser showed), sanitised,
 * bounded, and only over the version the editor read (a first guide: version 0). The guide is
 * one row per function, so two first saves at once meet the unique key: the second is a conflict.
 */
export async function saveGuide(db: Db, request: FastifyRequest, body: { funcId: number; descriptionContent: string; version: number }, now: Date): Promise<OperationGuide> {
  const user = request.user!;
  if (!mayEditGuide(user)) throw refuse(CODE.guideNotEditor);
  if (!(await funcExists(db, body.funcId))) throw refuse(CODE.guideFuncUnknown);
  const html = sanitiseGuideHtml(body.descriptionContent);
  if (html.length > GUIDE_CONTENT_MAX) throw refuse(CODE.guideTooLong);
  if (body.version === 0) {
    const inserted = await db
      .insertInto('operationGuide')
      .values({ funcId: body.funcId, descriptionContent: html, createdBy: user.id, updatedBy: user.id, createdAt: now, updatedAt: now })
      .onConflict((c) => c.column('funcId').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw refuse(CODE.guideVersionConflict);
  } else {
    const updated = await db
      .updateTable('operationGuide')
      .set((eb) => ({ descriptionContent: html, version: eb('version', '+', 1), updatedBy: user.id, updatedAt: now }))
      .where('funcId', '=', body.funcId)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw refuse(CODE.guideVersionConflict);
  }
  return guideOf(db, body.funcId, request.lang);
}
