import { Body, Id, Page, Text, Type, type TSchema } from '../shared/contract/define';
import { PAGE_LIMIT_MAX, PAGE_START_MAX } from '../shared/constants';
import { RECORD_STATES } from '../shared/record';
import { DRAFT_ORDER_NO_PATTERN } from '../shared/attachments';
import { DECISION_FILES_MAX } from '../shared/workflow';
import type { FieldDef, ResourceDef } from './define';

/**
 * The JSON schemas of a resource, derived from its definition: the one set Fastify validates
 * bodies and answers with, the browser checks forms with (`src/services/resource-form.ts`) and
 * the typed client calls with. Never written by hand for a resource.
 */

export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** A record's version: every update carries the one it was based on. */
export const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** A review comment (ours: the spec names no bound). */
export const REVIEW_COMMENT_MAX = 500;
/** A text filter's longest value. */
export const FILTER_TEXT_MAX = 100;

/** The value schema of a field, as the client sends it and the server answers it. */
export function valueSchema(f: FieldDef): TSchema {
  switch (f.type) {
    case 'text':
      return Text(f.max ?? 0, { min: f.required ? Math.max(1, f.min ?? 1) : (f.min ?? 0), ...(f.pattern ? { pattern: f.pattern } : {}) });
    case 'dict':
      return Text(f.max ?? 32, { min: f.required ? 1 : 0 });
    case 'int':
      return Type.Integer({ minimum: f.min ?? -2_147_483_648, maximum: f.max ?? 2_147_483_647 });
    case 'decimal':
      return Type.Number({ minimum: f.min ?? -1e15, maximum: f.max ?? 1e15 });
    case 'date':
      return Text(10, { pattern: DATE_PATTERN });
    case 'bool':
      return Type.Boolean();
  }
}

const nullable = (s: TSchema) => Type.Union([s, Type.Null()]);

/** Fields as an add body takes them: required ones must be there; others may be missing or null. */
export function fieldsSchema(def: ResourceDef, { forUpdate = false } = {}): Record<string, TSchema> {
  const out: Record<string, TSchema> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (forUpdate && f.immutable) continue;
    // A rule-coded field may be left empty: the server fills it.
    const required = f.required && !f.ruleCode;
    out[name] = required ? valueSchema(f) : Type.Optional(nullable(valueSchema(f)));
  }
  return out;
}

/** A record as every answer carries it. */
export function rowSchema(def: ResourceDef) {
  const fields: Record<string, TSchema> = {};
  // A text as answered may be masked (docs/sensitive-info.md: 622****1234 is no credit code, and
  // longer than a short value): an answer's text is any text, its rules are the input's.
  const answered = (f: FieldDef) => (f.type === 'text' ? Type.String() : valueSchema(f));
  for (const [name, f] of Object.entries(def.fields)) fields[name] = f.required ? answered(f) : nullable(answered(f));
  return Type.Object({
    id: Id,
    version: Version,
    recordState: Type.Enum([...RECORD_STATES]),
    enabled: Type.Boolean(),
    ...fields,
    /** Who last changed the record: a reviewed record's submitter, whose own review is refused (1405), so the page offers none. */
    updatedBy: Type.Union([Id, Type.Null()]),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  });
}

/** The names a query may sort by: the columns that are fields or record columns. */
export function sortableFields(def: ResourceDef): string[] {
  return [...new Set(def.columns.map((c) => c.field).filter((f) => !f.startsWith('#')))];
}

/** A filter's schema: text contains, dictionary and number equal, dates as a from–to pair. */
export function filterSchemas(def: ResourceDef): Record<string, TSchema> {
  const out: Record<string, TSchema> = {};
  for (const name of def.query) {
    const f = def.fields[name]!;
    if (f.type === 'date') {
      out[`${name}From`] = Type.Optional(nullable(Text(10, { pattern: DATE_PATTERN })));
      out[`${name}To`] = Type.Optional(nullable(Text(10, { pattern: DATE_PATTERN })));
    } else if (f.type === 'text') out[name] = Type.Optional(nullable(Text(FILTER_TEXT_MAX)));
    else out[name] = Type.Optional(nullable(valueSchema(f)));
  }
  return out;
}

export function querySchema(def: ResourceDef) {
  const sortable = sortableFields(def);
  return Body({
    start: Type.Integer({ minimum: 1, maximum: PAGE_START_MAX }),
    limit: Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX }),
    ...filterSchemas(def),
    recordState: Type.Optional(nullable(Type.Enum([...RECORD_STATES]))),
    enabled: Type.Optional(nullable(Type.Boolean())),
    sort: Type.Optional(Body({ field: Type.Enum(sortable.length ? sortable : ['id']), order: Type.Enum(['asc', 'desc']) })),
  });
}

/**
 * An add of a resource with attachments may name the draft its files were uploaded under
 * (docs/attachments.md): the server moves them to the new record in the same transaction.
 */
export const addSchema = (def: ResourceDef) => Body({ ...fieldsSchema(def), ...(def.attachments ? { attachmentOrderNo: Type.Optional(Text(64, { min: 1, pattern: DRAFT_ORDER_NO_PATTERN })) } : {}) });
export const updateSchema = (def: ResourceDef) => Body({ id: Id, version: Version, ...fieldsSchema(def, { forUpdate: true }) });
/** A step of the lifecycle on one record: which record, and the version the caller saw. */
export const RecordRef = Body({ id: Id, version: Version });
/** An approval field config's code: the resource's own, or `<resource code>:<variant>`. */
export const APPROVAL_FIELD_CODE = '^[a-z][a-z0-9-]*(:[A-Za-z0-9_-]{1,32})?$';
/**
 * A review of a resource whose approval form may change fields (widgets §4 "Approval field
 * config"): the config it was opened with (`approvalField`) and the fields' values. The server
 * takes only what that config opened.
 */
export const reviewSchema = (def: ResourceDef) =>
  Body({
    id: Id,
    version: Version,
    decision: Type.Enum(['pass', 'refuse', 'back']),
    comment: Type.Optional(Text(REVIEW_COMMENT_MAX)),
    approvalField: Type.Optional(Text(64, { min: 1, pattern: APPROVAL_FIELD_CODE })),
    values: Type.Optional(Type.Object(Object.fromEntries(Object.entries(fieldsSchema(def, { forUpdate: true })).map(([name, schema]) => [name, Type.Optional(schema)])), { additionalProperties: false })),
    /** The decision's attachments: the reviewer's own uploads waiting for it (docs/approvals.md). */
    fileIdList: Type.Optional(Type.Array(Id, { maxItems: DECISION_FILES_MAX })),
  });
export const pageSchema = (def: ResourceDef) => Page(rowSchema(def));
