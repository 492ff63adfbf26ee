import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ImportOptions, ResourceDef } from '../../../src/resources/define';
import { RESOURCES } from '../../../src/resources';
import { IMPORT_FILE_TYPES, IMPORT_TYPES, type ImportFileType, type ImportResult, type ImportRowError } from '../../../src/shared/contract/import';
import { IMPORT_ROWS_MAX, IMPORT_TYPE_COVER, LANGUAGES } from '../../../src/shared/constants';
import { CODE } from '../../../src/shared/codes';
import { bodyOf, initialValues, validateValues, type FormValues } from '../../../src/resources/form-values';
import { nextRecordState, type StoredRecordState } from '../../../src/machines/record-lifecycle.machine';
import { AppError, refuse } from '../../http/answer';
import type { Db } from '../../db/database';
import * as store from '../../resources/store';
import { isCalendarDate } from '../../../src/shared/date-format';
import { resourceScope } from '../../resources/scope';
import { ungrantedField } from '../data-auth';
import { checkScrollFields } from '../scroll-sources';
import { checkChoiceFields } from '../field-choice';
import { saveReport } from './reports';
import { headerKey } from './header';
import type { SheetRow } from './read-sheet';

/**
 * The import of any resource that opts in (docs/import.md): the form's four rules, then every
 * row of the file checked with the add form's own rules (src/resources/form-values.ts, the
 * schema the add call validates with), the calendar, the caller's data authorisation and page
 * scope, and the database's checks of an add (dictionaries, unique values, scroll dropdowns,
 * dependent choices). All rows are checked, each problem noted with its row, column and message;
 * then either nothing is written (2612, with the report's id) or every row in one transaction.
 */

export type Template = ImportOptions['templates'][number];

export interface ImportPlan {
  def: ResourceDef;
  template: Template;
  /** null when the resource offers no import mode (append only). */
  importType: (typeof IMPORT_TYPES)[number] | null;
  /** COVER's days, first and last. */
  range: { from: string; to: string } | null;
}

/** A resource that takes imports, by code (2600 when none of that code does). */
export function importable(code: string, templateType: string): { def: ResourceDef; template: Template | undefined } {
  const def = RESOURCES.find((d) => d.code === code && d.import);
  if (!def) throw refuse(CODE.importUnknown, { resource: code, templateType: templateType || '-' });
  return { def, template: def.import!.templates.find((t) => t.type === templateType) };
}

/** The functions that let a caller write the resource: its own page or any of its pages. */
export const writeFuncs = (def: ResourceDef) => (def.pages?.length ? [def.path, ...def.pages.map((p) => p.path)] : def.path);

/**
 * The import form's rules (widgets §5 "Import"), in the form's order: templateType, then the mode
 * when offered, then the range when the mode is COVER.
 */
export function planImport(def: ResourceDef, fields: { templateType?: string; importType?: string; importTypeDate?: string }, lang: FastifyRequest['lang']): ImportPlan {
  if (!fields.templateType) throw refuse(CODE.importTemplateTypeRequired);
  const template = def.import!.templates.find((t) => t.type === fields.templateType);
  if (!template) throw refuse(CODE.importUnknown, { resource: def.label[lang], templateType: fields.templateType });
  if (!def.import!.cover) return { def, template, importType: null, range: null };
  const importType = fields.importType as ImportPlan['importType'] | undefined;
  if (!importType) throw refuse(CODE.importTypeRequired);
  if (importType !== IMPORT_TYPE_COVER) return { def, template, importType, range: null };
  const [from = '', to = ''] = (fields.importTypeDate ?? '').split(',');
  if (!from || !to) throw refuse(CODE.importTypeDateRequired);
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to) throw refuse(CODE.importBadField, { field: 'importTypeDate' }, { status: 400 });
  return { def, template, importType, range: { from, to } };
}

/** The file's type by its name's extension (2606 for anything but xlsx and csv). */
export function fileTypeOf(fileName: string): ImportFileType {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (!(IMPORT_FILE_TYPES as readonly string[]).includes(ext)) throw refuse(CODE.importFileType, { fileName: fileName || '-' });
  return ext as ImportFileType;
}

/**
 * A header cell names a template column by its label in either language, by the field's name,
 * or by a name an enabled field map gives it (docs/import.md, "Field maps"), spaces and case aside.
 */
function columnIndexes(def: ResourceDef, template: Template, header: readonly string[], lang: FastifyRequest['lang'], mapped: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const cells = header.map(headerKey);
  const out = new Map<string, number>();
  for (const name of template.columns) {
    const names = [name, ...LANGUAGES.map((l) => def.fields[name]!.label[l]), ...(mapped.get(name) ?? [])].map(headerKey);
    const index = cells.findIndex((c) => names.includes(c));
    if (index < 0) throw refuse(CODE.importColumnMissing, { column: def.fields[name]!.label[lang] });
    out.set(name, index);
  }
  return out;
}

/** The column names the resource's enabled field maps give its fields: field → names. */
async function fieldMaps(tx: Db, def: ResourceDef): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ fieldName: string; sourceName: string }>`select field_name as "fieldName", source_name as "sourceName" from sys_field_map
    where resource_code = ${def.code} and enabled`.execute(tx);
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.fieldName, [...(out.get(r.fieldName) ?? []), r.sourceName]);
  return out;
}

interface CheckedRow {
  number: number;
  body: Record<string, unknown>;
}

/**
 * Checks every data row as the add form and the add call would, collecting each problem instead
 * of stopping at the first: the rows that pass, and the problems.
 */
async function checkRows(tx: Db, request: FastifyRequest, plan: ImportPlan, rows: readonly SheetRow[]): Promise<{ good: CheckedRow[]; errors: ImportRowError[] }> {
  const { def, template } = plan;
  const lang = request.lang;
  const label = (field: string) => def.fields[field]?.label[lang] ?? field;
  const fieldOfLabel = (text: unknown) => Object.keys(def.fields).find((f) => label(f) === text);
  const indexes = columnIndexes(def, template, rows[0]?.cells ?? [], lang, await fieldMaps(tx, def));
  const scope = await resourceScope(tx, def, request);
  const errors: ImportRowError[] = [];
  const good: CheckedRow[] = [];
  const seenUnique = new Map<string, Set<string>>();
  const note = (row: number, field: string | undefined, message: string) => errors.push({ row, column: field ? label(field) : '', message });

  for (const row of rows.slice(1)) {
    const values: FormValues = initialValues(def);
    for (const [name, index] of indexes) values[name] = row.cells[index] ?? '';
    // Every field's problem, as the form shows them beside its inputs.
    const problems = validateValues(def, values);
    const bad = Object.keys(problems);
    for (const field of bad) note(row.number, field, request.t(problems[field]!.key, problems[field]!.params));
    const body = bodyOf(def, values);
    if (plan.range && def.import!.cover) {
      const field = def.import!.cover.field;
      const v = body[field];
      if (!bad.includes(field) && typeof v === 'string' && (v < plan.range.from || v > plan.range.to)) {
        note(row.number, field, request.t('import.outsideCover', { value: v, ...plan.range }));
        bad.push(field);
      }
    }
    if (bad.length) continue;
    // Data authorisation and the page's fixed values, as an add checks them (2201, 2202).
    const ungranted = ungrantedField(scope.data, body);
    if (ungranted) {
      note(row.number, ungranted, request.t(`code.${CODE.dataNotGranted}`, { field: label(ungranted), value: String(body[ungranted]) }));
      continue;
    }
    const notHeld = ungrantedField(scope.page, body);
    if (notHeld) {
      note(row.number, notHeld, request.t(`code.${CODE.pageValueNotHeld}`, { field: label(notHeld), value: String(body[notHeld]) }));
      continue;
    }
    // Two rows of the file taking one unique value: the second is the problem.
    const clash = Object.entries(def.fields).find(([name, f]) => f.unique && body[name] !== undefined && seenUnique.get(name)?.has(String(body[name])));
    if (clash) {
      note(row.number, clash[0], request.t(`code.${CODE.recordDuplicate}`, { field: label(clash[0]), value: String(body[clash[0]]) }));
      continue;
    }
    try {
      await store.checkDictionaries(tx, def, body, label);
      await store.checkUnique(tx, def, body, null, label);
      await checkScrollFields(tx, def, body, request);
      await checkChoiceFields(tx, def, body, request);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      note(row.number, fieldOfLabel(error.params.field), request.t(error.msgKey, error.params));
      continue;
    }
    for (const [name, f] of Object.entries(def.fields)) if (f.unique && body[name] !== undefined) (seenUnique.get(name) ?? seenUnique.set(name, new Set()).get(name)!).add(String(body[name]));
    good.push({ number: row.number, body });
  }
  return { good, errors };
}

/** Thrown inside the transaction to roll it back when a row failed; carries the problems out. */
class RowsInvalid extends Error {
  constructor(readonly errors: ImportRowError[]) {
    super('rows invalid');
  }
}

/**
 * Checks and writes the rows of a read file (the header first): all of them in one transaction,
 * or none, answering 2612 with the report of every problem.
 */
export async function runImport(db: Db, request: FastifyRequest, plan: ImportPlan, rows: readonly SheetRow[], now: number): Promise<ImportResult> {
  const { def } = plan;
  // The first row is the header; a file of nothing but a header imports nothing.
  const dataRows = rows.length - 1;
  if (dataRows < 1) throw refuse(CODE.importEmpty);
  if (dataRows > IMPORT_ROWS_MAX) throw refuse(CODE.importTooManyRows, { count: dataRows, max: IMPORT_ROWS_MAX });
  const state = nextRecordState(def.lifecycle === 'review', null, 'RECORD.SAVE') as StoredRecordState;
  try {
    return await db.transaction().execute(async (tx) => {
      const { good, errors } = await checkRows(tx, request, plan, rows);
      if (errors.length) throw new RowsInvalid(errors);
      const replaced = plan.range ? await store.deleteInDateRange(tx, def, def.import!.cover!.field, plan.range.from, plan.range.to, (await resourceScope(tx, def, request)).all) : 0;
      const bodies = [];
      for (const row of good) bodies.push(await withRuleCodes(tx, def, row.body));
      const imported = await store.insertRecords(tx, def, bodies, state, request.user!.id);
      return { imported, replaced };
    });
  } catch (error) {
    if (!(error instanceof RowsInvalid)) throw error;
    const reportId = await saveReport(db, { id: request.user!.id, lang: request.lang }, def.code, error.errors, now);
    throw refuse(CODE.importRowsInvalid, { count: error.errors.length }, { data: { errorCount: error.errors.length, reportId } });
  }
}

/** Rule-coded fields left empty get the next business number, as an add fills them. */
async function withRuleCodes(tx: Db, def: ResourceDef, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out = { ...body };
  for (const [name, f] of Object.entries(def.fields)) if (f.ruleCode && (out[name] === undefined || out[name] === null || out[name] === '')) out[name] = await store.nextRuleCode(tx, def, name, f.ruleCode);
  return out;
}
