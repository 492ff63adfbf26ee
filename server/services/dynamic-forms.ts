import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CODE } from '../../src/shared/codes';
import { EXPAND_PARAM_PREFIXES, TEMPLATE_STATUS } from '../../src/shared/constants';
import type { ElementRow, TemplateDetail, TemplateRow } from '../../src/shared/contract/dynamic-form';
import {
  OPTION_TYPES,
  initialValues,
  templateLookupOf,
  labelOf,
  parseTemplateText,
  readTemplateData,
  toTemplateData,
  type FieldValue,
  type Problem,
  type RunPatterns,
  type TemplateDatum,
  type TemplateField,
} from '../../src/shared/dynamic-form';
import { RESOURCES } from '../../src/resources';
import { LOOKUP_MULTI_SEPARATOR } from '../../src/machines/magnifier.machine';
import type { LookupDef } from '../../src/shared/lookups';
import { forbidden, refuse } from '../http/answer';
import { isUniqueViolation } from '../db/unique-violation';
import { localised, type Translate } from '../i18n';
import { queryDictionaries } from './dictionaries';
import { grantedFunc } from './permissions';

/**
 * Dynamic forms (issue 11 point 7; docs/dynamic-forms.md): the templates administrators keep
 * (expand_template) and the forms users fill from them (element_info). Every template goes
 * through the shared template check and every value through the shared rule checker
 * (src/shared/dynamic-form.ts), so the server refuses what the browser would. jsonb columns
 * are read as text and parsed here, so the camel-case plugin never renames a template's keys.
 */

type Status = (typeof TEMPLATE_STATUS)[keyof typeof TEMPLATE_STATUS];

const messageOf = (t: Translate, p: Problem) => p.message ?? t(p.key, p.params);

/** The template's field list, or 1801 naming each problem in the reader's language. */
function checkedFields(text: string, t: Translate): TemplateField[] {
  const { fields, problems } = parseTemplateText(text);
  if (problems.length) {
    const described = problems.map((p) => ({ path: p.path, key: p.key, params: p.params ?? {}, message: `${p.path ? `${p.path}: ` : ''}${t(p.key, p.params)}` }));
    throw refuse(CODE.templateInvalid, { problems: described.map((d) => d.message).join(t('validation.separator')) }, { data: { problems: described } });
  }
  return fields;
}

const templateColumns = ['id', 'code', 'name', 'nameEn', 'status', 'version', 'updatedAt', sql<string>`fields::text`.as('fieldsText'), sql<number>`jsonb_array_length(fields)`.as('fieldCount')] as const;

type TemplateRecord = { id: number; code: string; name: string; nameEn: string | null; status: Status; version: number; updatedAt: Date; fieldsText: string; fieldCount: number };

const detailOf = (r: TemplateRecord): TemplateDetail & { updatedAt: string | Date } => ({
  id: r.id,
  code: r.code,
  name: r.name,
  nameEn: r.nameEn,
  status: r.status,
  version: r.version,
  fieldCount: Number(r.fieldCount),
  updatedAt: r.updatedAt as unknown as string,
  fields: JSON.stringify(JSON.parse(r.fieldsText), null, 2),
});

async function templateRecord(db: Db, where: { id: number } | { code: string }): Promise<TemplateRecord | undefined> {
  const q = db.selectFrom('expandTemplate').select(templateColumns as never);
  const row = 'id' in where ? await q.where('id', '=', where.id).executeTakeFirst() : await q.where('code', '=', where.code).executeTakeFirst();
  return row as TemplateRecord | undefined;
}

// ---- Templates (administrators, '/expand-template') -----------------------------------------

export async function queryTemplates(db: Db, input: { start: number; limit: number; code?: string; name?: string }): Promise<{ rows: TemplateRow[]; total: number }> {
  let q = db.selectFrom('expandTemplate');
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (input.code?.trim()) q = q.where('code', 'ilike', like(input.code.trim()));
  if (input.name?.trim()) q = q.where((eb) => eb.or([eb('name', 'ilike', like(input.name!.trim())), eb('nameEn', 'ilike', like(input.name!.trim()))]));
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(templateColumns as never)
    .orderBy('code')
    .limit(input.limit)
    .offset((input.start - 1) * input.limit)
    .execute();
  return { rows: (rows as unknown as TemplateRecord[]).map(({ fieldsText: _f, ...r }) => ({ ...r, fieldCount: Number(r.fieldCount), updatedAt: r.updatedAt as unknown as string })), total: Number(total) };
}

export async function templateById(db: Db, id: number): Promise<TemplateDetail> {
  const row = await templateRecord(db, { id });
  if (!row) throw refuse(CODE.templateNotFound, { code: id });
  return detailOf(row);
}

export async function addTemplate(db: Db, userId: number, input: { code: string; name: string; nameEn?: string; fields: string }, t: Translate): Promise<TemplateDetail> {
  const fields = checkedFields(input.fields, t);
  const taken = () => refuse(CODE.templateCodeTaken, { code: input.code });
  try {
    return await db.transaction().execute(async (tx) => {
      if (await tx.selectFrom('expandTemplate').select('id').where('code', '=', input.code).executeTakeFirst()) throw taken();
      const { id } = await tx
        .insertInto('expandTemplate')
        .values({ code: input.code, name: input.name.trim(), nameEn: input.nameEn?.trim() || null, fields: JSON.stringify(fields), createdBy: userId, updatedBy: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return detailOf((await templateRecord(tx, { id }))!);
    });
  } catch (error) {
    // The code taken by a concurrent add after the check above: the unique index says so (23505).
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function updateTemplate(db: Db, userId: number, input: { id: number; version: number; name: string; nameEn?: string; fields: string }, t: Translate): Promise<TemplateDetail> {
  const fields = checkedFields(input.fields, t);
  if (!(await templateRecord(db, { id: input.id }))) throw refuse(CODE.templateNotFound, { code: input.id });
  const done = await db
    .updateTable('expandTemplate')
    .set({ name: input.name.trim(), nameEn: input.nameEn?.trim() || null, fields: JSON.stringify(fields), updatedBy: userId, updatedAt: sql`now()` as never, version: sql`version + 1` as never })
    .where('id', '=', input.id)
    .where('version', '=', input.version)
    .returning('id')
    .executeTakeFirst();
  if (!done) throw refuse(CODE.elementStale);
  return templateById(db, input.id);
}

export async function setTemplateStatus(db: Db, userId: number, input: { id: number; version: number; status: Status }): Promise<TemplateDetail> {
  if (!(await templateRecord(db, { id: input.id }))) throw refuse(CODE.templateNotFound, { code: input.id });
  const done = await db
    .updateTable('expandTemplate')
    .set({ status: input.status, updatedBy: userId, updatedAt: sql`now()` as never, version: sql`version + 1` as never })
    .where('id', '=', input.id)
    .where('version', '=', input.version)
    .returning('id')
    .executeTakeFirst();
  if (!done) throw refuse(CODE.elementStale);
  return templateById(db, input.id);
}

// ---- Filled forms (element info, '/dynamic-form') -------------------------------------------

export async function enabledTemplates(db: Db, lang: string): Promise<Array<{ code: string; name: string }>> {
  const rows = await db.selectFrom('expandTemplate').select(['code', 'name', 'nameEn']).where('status', '=', TEMPLATE_STATUS.enabled).orderBy('code').execute();
  return rows.map((r) => ({ code: r.code, name: localised(lang, r.name, r.nameEn) }));
}

/** An enabled template's fields, for a new form: 1800 unknown, 1804 disabled. */
async function enabledTemplate(db: Db, code: string): Promise<TemplateRecord> {
  const row = await templateRecord(db, { code });
  if (!row) throw refuse(CODE.templateNotFound, { code });
  if (row.status !== TEMPLATE_STATUS.enabled) throw refuse(CODE.templateDisabled, { code });
  return row;
}

/** Widgets §7: the template for a new form, as JSON text of {template, templateData}; the data are the fields' defaults. */
export async function templateForNew(db: Db, code: string, lang: string): Promise<string> {
  const row = await enabledTemplate(db, code);
  const template = JSON.parse(row.fieldsText) as TemplateField[];
  return JSON.stringify({ templateCode: row.code, templateName: localised(lang, row.name, row.nameEn), template, templateData: toTemplateData(template, initialValues(template)) });
}

type ElementRecord = { id: number; templateCode: string; templateText: string; dataText: string; version: number; name: string; nameEn: string | null; creatorName: string | null; creatorNameEn: string | null; createdAt: Date; updatedAt: Date };

async function elementRecord(db: Db, id: number): Promise<ElementRecord | undefined> {
  return (await db
    .selectFrom('elementInfo as e')
    .innerJoin('expandTemplate as t', 't.code', 'e.templateCode')
    .leftJoin('appUser as u', 'u.id', 'e.createdBy')
    .select(['e.id', 'e.templateCode', sql<string>`e.template::text`.as('templateText'), sql<string>`e.data::text`.as('dataText'), 'e.version', 't.name', 't.nameEn', 'u.userName as creatorName', 'u.userNameEn as creatorNameEn', 'e.createdAt', 'e.updatedAt'])
    .where('e.id', '=', id)
    .executeTakeFirst()) as ElementRecord | undefined;
}

/** Widgets §7: a filled form for view or edit, as JSON text of {template, templateData, …}; 1806 when unknown. */
export async function pageInfo(db: Db, id: number, lang: string): Promise<string> {
  const row = await elementRecord(db, id);
  if (!row) throw refuse(CODE.elementNotFound);
  return JSON.stringify({
    id: row.id,
    version: row.version,
    templateCode: row.templateCode,
    templateName: localised(lang, row.name, row.nameEn),
    creatorName: row.creatorName ? localised(lang, row.creatorName, row.creatorNameEn) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    template: JSON.parse(row.templateText) as TemplateField[],
    templateData: JSON.parse(row.dataText) as TemplateDatum[],
  });
}

/**
 * The submitted values, checked again: the wire's shape, every rule of every field, and, for
 * dictionary and constant choices, that each value is one of the dictionary's enabled values.
 * 1802 names each problem; the normalised templateData (every field, in the template's order)
 * is what gets stored. Patterns run where they cannot stall the server (services/template-patterns.ts).
 */
async function checkedData(db: Db, template: TemplateField[], data: TemplateDatum[], lang: string, t: Translate, checks: ValueChecks): Promise<TemplateDatum[]> {
  const { values, problems } = await readTemplateData(template, data, lang, checks.patterns);
  await dictionaryProblems(db, template, values, lang, problems);
  await lookupProblems(template, values, lang, problems, checks.lookupHolds);
  const names = Object.keys(problems);
  if (names.length) {
    const errors = names.map((name) => ({ name, key: problems[name]!.key, params: problems[name]!.params ?? {}, message: messageOf(t, problems[name]!) }));
    throw refuse(CODE.dynamicValuesInvalid, { problems: errors.map((e) => e.message).join(t('validation.separator')) }, { data: { errors } });
  }
  return toTemplateData(template, values);
}

async function dictionaryProblems(db: Db, template: TemplateField[], values: Record<string, FieldValue>, lang: string, problems: Record<string, Problem>): Promise<void> {
  const coded = template.filter((f) => OPTION_TYPES.includes(f.type) && (f.dataType === 'dictionary' || f.dataType === 'constant') && typeof f.data === 'string' && !problems[f.name]);
  if (!coded.length) return;
  const answer = await queryDictionaries(db, [...new Set(coded.map((f) => f.data as string))], lang, ['dictionary', 'constant', 'custom']);
  for (const field of coded) {
    const code = field.data as string;
    const options = answer.dictionary[code] ?? answer.constant[code] ?? answer.custom[code] ?? [];
    const allowed = new Set(options.map((o) => o.value));
    const value = values[field.name];
    const chosen = Array.isArray(value) ? value : value === null || value === '' ? [] : [String(value)];
    if (chosen.some((v) => !allowed.has(v))) problems[field.name] = { key: 'dynamic.rule.enum', params: { field: labelOf(field, lang), enum: options.map((o) => o.text).join(', ') } };
  }
}

/**
 * True when the lookup lists this value for the caller (a record in force and enabled that the
 * caller's data authorisation lets them see): the route binds it to the request.
 */
export type LookupHolds = (lookup: LookupDef, value: string) => Promise<boolean>;

/** What checks a form's values beyond the template's own rules: the caller's lookups, and where patterns run. */
export interface ValueChecks {
  lookupHolds: LookupHolds;
  patterns: RunPatterns;
}

/**
 * A magnifier's value was picked from its lookup: each value (several, joined, for a multiple
 * one) must be one the lookup lists for this caller, or the form could name a record the user
 * may not see. The other fields a pick fills are the user's text and are not re-checked.
 */
async function lookupProblems(template: TemplateField[], values: Record<string, FieldValue>, lang: string, problems: Record<string, Problem>, holds: LookupHolds): Promise<void> {
  for (const field of template) {
    const lookup = field.type === 'magnifier' ? templateLookupOf(field) : undefined;
    const value = values[field.name];
    if (!lookup || problems[field.name] || typeof value !== 'string' || value === '') continue;
    for (const one of value.split(LOOKUP_MULTI_SEPARATOR)) {
      if (!(await holds(lookup, one))) {
        problems[field.name] = { key: 'dynamic.rule.lookup', params: { field: labelOf(field, lang), value: one } };
        break;
      }
    }
  }
}

export async function saveElement(db: Db, userId: number, input: { templateCode: string; templateData: TemplateDatum[] }, lang: string, t: Translate, checks: ValueChecks): Promise<{ id: number; version: number }> {
  const row = await enabledTemplate(db, input.templateCode);
  const template = JSON.parse(row.fieldsText) as TemplateField[];
  if (template.length === 0) throw refuse(CODE.templateEmpty, { code: row.code });
  const data = await checkedData(db, template, input.templateData, lang, t, checks);
  const saved = await db
    .insertInto('elementInfo')
    .values({ templateCode: row.code, template: JSON.stringify(template), data: JSON.stringify(data), createdBy: userId, updatedBy: userId })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  return saved;
}

/** Updates a filled form against the fields it was filled with, at the version the caller read (1803 otherwise). */
export async function updateElement(db: Db, userId: number, input: { id: number; version: number; templateData: TemplateDatum[] }, lang: string, t: Translate, checks: ValueChecks): Promise<{ id: number; version: number }> {
  const row = await elementRecord(db, input.id);
  if (!row) throw refuse(CODE.elementNotFound);
  const template = JSON.parse(row.templateText) as TemplateField[];
  const data = await checkedData(db, template, input.templateData, lang, t, checks);
  const done = await db
    .updateTable('elementInfo')
    .set({ data: JSON.stringify(data), updatedBy: userId, updatedAt: sql`now()` as never, version: sql`version + 1` as never })
    .where('id', '=', input.id)
    .where('version', '=', input.version)
    .returning(['id', 'version'])
    .executeTakeFirst();
  if (!done) throw refuse(CODE.elementStale);
  return done;
}

export async function queryElements(db: Db, input: { start: number; limit: number; templateCode?: string }, lang: string): Promise<{ rows: ElementRow[]; total: number }> {
  let q = db.selectFrom('elementInfo as e').innerJoin('expandTemplate as t', 't.code', 'e.templateCode').leftJoin('appUser as u', 'u.id', 'e.createdBy');
  if (input.templateCode) q = q.where('e.templateCode', '=', input.templateCode);
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['e.id', 'e.templateCode', 't.name', 't.nameEn', 'e.version', 'u.userName', 'u.userNameEn', 'e.createdAt', 'e.updatedAt'])
    .orderBy('e.updatedAt', 'desc')
    .orderBy('e.id', 'desc')
    .limit(input.limit)
    .offset((input.start - 1) * input.limit)
    .execute();
  return {
    rows: rows.map((r) => ({
      id: r.id,
      templateCode: r.templateCode,
      templateName: localised(lang, r.name, r.nameEn),
      version: r.version,
      creatorName: r.userName ? localised(lang, r.userName, r.userNameEn) : null,
      createdAt: r.createdAt as unknown as string,
      updatedAt: r.updatedAt as unknown as string,
    })),
    total: Number(total),
  };
}

// ---- Expand params (query pages' extended fields, tables' extra columns) ---------------------

/**
 * Widgets §7 expand-param: `query:<resource code>` (or `table:…`) answers the enabled template
 * of that code as JSON text of {template}, or null when there is none. The caller must hold the
 * resource's own function (the page the fields extend); a code naming no resource is 1808.
 */
export async function expandParam(db: Db, userId: number, code: string): Promise<string | null> {
  const prefix = Object.values(EXPAND_PARAM_PREFIXES).find((p) => code.startsWith(p));
  const def = prefix ? RESOURCES.find((r) => r.code === code.slice(prefix.length)) : undefined;
  if (!def) throw refuse(CODE.expandParamUnknown, { code });
  if (!(await grantedFunc(db, userId, def.path))) throw forbidden();
  const row = await templateRecord(db, { code });
  if (!row || row.status !== TEMPLATE_STATUS.enabled) return null;
  return JSON.stringify({ template: JSON.parse(row.fieldsText) });
}
