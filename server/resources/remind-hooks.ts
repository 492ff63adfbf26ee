import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { ResourceHooks } from './register';
import { CODE } from '../../src/shared/codes';
import { paramsOfKind, placeholdersOf, type RemindKind } from '../../src/shared/reminders';
import { dutyCodesOf } from '../../src/shared/workflow';
import remindConfig from '../../src/resources/defs/remind-config';
import { refuse } from '../http/answer';
import { localised } from '../i18n';

/**
 * Reminder settings (docs/reminders.md): what generation could not fill or reach is refused on
 * save rather than found missing in a reminder: a placeholder its kind does not fill (3050), a
 * kind's placeholder listed twice (3051), a configuration's template unknown or of another
 * kind (3052), a target no duty or user has (3053), a kind's setting left empty (3054).
 */
const any = (db: Db) => db as unknown as Kysely<any>;

/** The kind's name in the reader's language (dictionary RemindKind). */
async function kindName(db: Db, request: FastifyRequest, kind: string): Promise<string> {
  const row = await db.selectFrom('dictionaryItem').select(['textZh', 'textEn']).where('dictType', '=', 'RemindKind').where('value', '=', kind).executeTakeFirst();
  return row ? localised(request.lang, row.textZh, row.textEn) : kind;
}

/** Insert: the body; update: the stored row under the fields sent (immutable ones are not sent). */
const valuesOf = (request: FastifyRequest, row?: Record<string, unknown>) => ({ ...(row ?? {}), ...(request.body as Record<string, unknown>) });

async function checkTemplate(tx: Db, request: FastifyRequest, values: Record<string, unknown>) {
  const kind = String(values.remindKind) as RemindKind;
  const allowed = new Set(paramsOfKind(kind));
  for (const field of ['titleZh', 'titleEn', 'contentZh', 'contentEn']) {
    const unknown = placeholdersOf(String(values[field] ?? '')).find((p) => !allowed.has(p));
    if (unknown) throw refuse(CODE.remindParamUnknown, { kind: await kindName(tx, request, kind), param: `{${unknown}}` });
  }
}

async function checkParam(tx: Db, request: FastifyRequest, values: Record<string, unknown>, id: number | null) {
  const kind = String(values.remindKind) as RemindKind;
  const code = String(values.paramCode);
  if (!paramsOfKind(kind).includes(code)) throw refuse(CODE.remindParamUnknown, { kind: await kindName(tx, request, kind), param: `{${code}}` });
  let q = any(tx).selectFrom('remindParam').select('id').where('remindKind', '=', kind).where('paramCode', '=', code);
  if (id !== null) q = q.where('id', '<>', id);
  if (await q.executeTakeFirst()) throw refuse(CODE.remindParamTaken, { kind: await kindName(tx, request, kind), param: `{${code}}` });
}

async function checkConfig(tx: Db, request: FastifyRequest, values: Record<string, unknown>) {
  const kind = String(values.remindKind) as RemindKind;
  const template = await any(tx).selectFrom('remindTemplate').select('id').where('templateCode', '=', String(values.templateCode)).where('remindKind', '=', kind).executeTakeFirst();
  if (!template) throw refuse(CODE.remindTemplateUnknown, { code: values.templateCode, kind: await kindName(tx, request, kind) });
  const codes = dutyCodesOf(String(values.targets ?? ''));
  const known = new Set(
    values.targetType === 'user'
      ? (await tx.selectFrom('appUser').select('userCode as code').where('userCode', 'in', codes).execute()).map((r) => r.code)
      : (await tx.selectFrom('duty').select('dutyCode as code').where('dutyCode', 'in', codes).execute()).map((r) => r.code),
  );
  const missing = codes.find((c) => !known.has(c));
  if (missing) throw refuse(CODE.remindTargetUnknown, { code: missing });
  const needs = kind === 'balanceBelow' ? 'threshold' : kind === 'ratePlanEffective' ? 'days' : null;
  if (needs && (values[needs] === undefined || values[needs] === null || values[needs] === '')) {
    throw refuse(CODE.remindSettingMissing, { kind: await kindName(tx, request, kind), field: remindConfig.fields[needs]!.label[request.lang] });
  }
}

export const remindTemplateHooks: ResourceHooks = {
  async beforeInsert(tx, body, request) {
    await checkTemplate(tx, request, body);
    return {};
  },
  async beforeStep(tx, row, step, request) {
    if (step === 'RECORD.UPDATE') await checkTemplate(tx, request, valuesOf(request, row));
  },
};

export const remindParamHooks: ResourceHooks = {
  async beforeInsert(tx, body, request) {
    await checkParam(tx, request, body, null);
    return {};
  },
  async beforeStep(tx, row, step, request) {
    if (step === 'RECORD.UPDATE') await checkParam(tx, request, valuesOf(request, row), row.id);
  },
};

export const remindConfigHooks: ResourceHooks = {
  async beforeInsert(tx, body, request) {
    await checkConfig(tx, request, body);
    return {};
  },
  async beforeStep(tx, row, step, request) {
    if (step === 'RECORD.UPDATE') await checkConfig(tx, request, valuesOf(request, row));
  },
};
