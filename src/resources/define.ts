import { LANGUAGES, VIRTUAL_DICTIONARY_FAMILIES, type Language, type VirtualDictionaryFamily } from '../shared/constants';
import type { ColumnKind } from '../shared/column-layout';
import type { ScrollSource } from '../shared/scroll-sources';
import { lookupFields, lookupOf, valueSearchOf } from '../shared/lookups';

/**
 * How a business resource is declared (docs/resources.md): one file per resource under
 * src/resources/, holding its fields, query fields, table columns, lifecycle and the function
 * that grants it. Everything else is derived from that one value: the API contract and the
 * validation schemas (`./schema.ts`, `./contract.ts`), the server's routes
 * (`server/resources/register.ts`), the migration check (`tests/server/resources-schema.test.ts`)
 * and the browser's query page and forms (`src/views/resource/`). Pure data: no browser API, no
 * server code, so both sides import it.
 */

/** A text in both languages (field labels, resource names). */
export type Label = Record<Language, string>;

export type FieldType = 'text' | 'int' | 'decimal' | 'date' | 'dict' | 'bool';

export interface FieldDef {
  type: FieldType;
  label: Label;
  /**
   * Drawn as a scroll dropdown of this source (widgets §2 "Scroll dropdowns",
   * docs/scroll-select.md): the field stores the row's value, the dropdown shows its label.
   */
  scroll?: ScrollSource;
  /**
   * The source's fixed filters, each from another field of the form (`{provinceCode:
   * 'provinceCode'}` for a city): the dropdown opens only once they are set, and a change of
   * one empties this field (the province and city pair).
   */
  scrollParams?: Record<string, string>;
  /** Must be given on add and update. */
  required?: boolean;
  /** text: most characters; int and decimal: largest value. */
  max?: number;
  /** text: fewest characters when given; int and decimal: smallest value. */
  min?: number;
  /** text: a regular expression the whole value must match. */
  pattern?: string;
  /** The message key shown when `pattern` does not match (locale module `resource`). */
  patternHint?: string;
  /** dict: the dictionary type its values come from (POST /common/query/dictionary). */
  dict?: string;
  /** decimal: digits after the point. */
  scale?: number;
  /** No two records share this value (the server answers 1404 with the field's label). */
  unique?: boolean;
  /** Filled by the server from the rule-code call when left empty: the business number's prefix. */
  ruleCode?: string;
  /** Kept out of drafts and logs (DECISIONS: `noDraft`). */
  sensitive?: boolean;
  /** Set on add only; read-only once the record exists (codes that others refer to). */
  immutable?: boolean;
  /** The value a new record's form starts with. */
  default?: string | number | boolean;
  /**
   * Picked with a lookup of src/resources/lookups.ts (widgets §2, docs/lookups.md): the form
   * shows a magnifier button beside the field; a pick fills `fills` (form field → the lookup
   * row's field), this field among them.
   */
  lookup?: string;
  fills?: Record<string, string>;
  /**
   * With `lookup`: the field takes typing, and opening the magnifier searches the lookup's value
   * field for what was typed; page 1 answering exactly one row picks it without showing the
   * dialog (widgets §4 "auto-select picks the only result on page 1"). For codes users know by
   * heart (an organisation's code, a branch's CNAPS number).
   */
  autoSelect?: boolean;
  /**
   * The field's chooser follows another field's value (a grant's value follows its kind,
   * docs/data-auth.md): for each value of `field`, the scroll dropdown or dictionary this field's
   * values come from. The form waits for `field`, and empties this field when `field` changes;
   * the server refuses a value its choice does not list (2203), and any value while `field`
   * holds one the map does not name (the field does not apply then). With `family` instead of
   * `choices`, every value of `field` has a chooser: the dictionary `<family>:<value>` the
   * server answers from the build (a resource's text fields for a sensitive setting); the
   * resource's own hook checks such a value, naming what it could have been (3701, 3900).
   */
  choiceBy?: { field: string; choices: Record<string, FieldChoice> } | { field: string; family: VirtualDictionaryFamily };
}

/** Where a `choiceBy` field's values come from for one value of the field it follows. */
export type FieldChoice = { scroll: ScrollSource; scrollParams?: Record<string, string> } | { dict: string };

/** Column kinds and their layout live in src/shared/column-layout.ts (the machines use them too). */
export type { ColumnKind } from '../shared/column-layout';
export { columnLayout } from '../shared/column-layout';

export interface ColumnDef {
  /** A field of the resource, or a record column (`recordState`, `enabled`, `updatedAt`). */
  field: string;
  kind: ColumnKind;
  /**
   * A link column's embedded page (widgets §2): opened in the side panel with these fields of
   * the row appended as query parameters. Another system's page: the portal's own pages refuse
   * to be framed (docs/security.md, "Frames").
   */
  link?: { url: string; params: string[] };
}

/**
 * How a record moves (DECISIONS, "Records and their lifecycle"):
 * - `enable-disable`: in force on save, then enabled or disabled (reference data);
 * - `start-stop`: the same, labelled start/stop (schedule-like records);
 * - `review`: draft, submitted for review, then approved, refused or returned; nullify and
 *   delete as the record-lifecycle machine allows; enable/disable once approved.
 */
export type LifecycleKind = 'enable-disable' | 'start-stop' | 'review';

/** A collapsible section of the edit form (widgets §3 "Form section"): its fields, in order. */
export interface SectionDef {
  /** camelCase; the section-order settings store it. */
  name: string;
  title: Label;
  fields: string[];
}

/**
 * How the edit form shows a resource (widgets §2 "Edit form", §4 "Autosave draft"). All
 * optional: one section with every field, the §9 grid, in the side drawer, autosaved when adding.
 */
export interface FormOptions {
  /** Sections in their default order; every field in exactly one. */
  sections?: SectionDef[];
  /** 'grid': portal-shell §9 columns and label widths; 'vertical': labels above fields, FORM_VERTICAL_WIDTH wide. */
  layout?: 'grid' | 'vertical';
  /** 'dialog': the generic edit dialog of widgets §2, for small records; otherwise the side drawer. */
  container?: 'drawer' | 'dialog';
  /** Autosave drafts: in add mode unless `add: false`, in edit mode only with `edit: true`. */
  autosave?: { add?: boolean; edit?: boolean };
}

/**
 * The kinds of data a user is granted (portal-shell §1, §6 "data authorisation"): the values a
 * data-auth grant names. A resource scoped by one sees only the records whose field holds a
 * value the caller is granted (administrators see everything).
 */
export const DATA_DIMS = ['org', 'account', 'currency', 'businessType', 'paymentType'] as const;
export type DataDim = (typeof DATA_DIMS)[number];

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** The family's name on the wire: `/api/fsmc/<code>/…` (kebab case, as the spec names it). */
  code: string;
  /** The page's address (hash route), also the function that grants it (func.func_url). */
  path: string;
  /** The table its records live in (snake case in SQL, as Kysely's CamelCasePlugin maps it). */
  table: string;
  label: Label;
  fields: F;
  /** Fields of the query form, in their default order. */
  query: Array<keyof F & string>;
  /** Table columns, in their default order. */
  columns: ColumnDef[];
  /** The field that names a record in messages and lookups. */
  title: keyof F & string;
  /** The default sort of the paged query. */
  sort: { field: string; order: 'asc' | 'desc' };
  lifecycle: LifecycleKind;
  /** A big-data table: page sizes 50 to 1000 (default 50). */
  bigData?: boolean;
  form?: FormOptions;
  /** Data authorisation: the fields whose values a caller must be granted, by kind (server/services/data-auth.ts). */
  dataScope?: Array<{ field: keyof F & string; dim: DataDim }>;
  /**
   * The business module these records belong to (a BizModule value). A grant of an
   * organisation-structure node counts for them only when it is a node of the structure the
   * module works by (org-struct-module-rel): the module relation of data authorisation.
   */
  module?: string;
  /**
   * More pages of the same records, each a menu leaf of its own with hidden params (the data-auth
   * pages by kind, docs/data-auth.md). The definition's own `path` is the page without any.
   */
  pages?: Array<PageDef<keyof F & string>>;
  /** Its records may be imported from template files (widgets §2 "Import form", docs/import.md). */
  import?: ImportOptions<keyof F & string>;
  /**
   * Its records carry attachments (widgets §2 "Attachment upload", docs/attachments.md): the edit
   * form shows the uploader in its footer, and a save checks the required attachment types of
   * the business's setting (attach-type-set under this resource's code) on both sides.
   */
  attachments?: boolean;
  /**
   * Records the server writes itself (the operation log): the family has only its query and
   * by-id read, and its page neither adds nor offers a row's lifecycle steps.
   */
  readOnly?: boolean;
  /**
   * Records that stay as they were made (a signed product licence: the register shows what was
   * signed): added, then enabled or disabled, never updated or deleted. The family has no
   * update or delete call and its rows offer neither.
   */
  appendOnly?: boolean;
  /** Only administrators (userType 1) may call it, whatever duty grants its function. */
  adminOnly?: boolean;
}

/**
 * How a resource takes rows from a file (widgets §2, §3, §5 "Import"; docs/import.md): its
 * template types, each one sheet whose first row holds these fields' labels in this order, and,
 * when `cover` is given, the import mode (the ImportType dictionary): APPEND adds the rows,
 * COVER first removes the records whose `cover.field` (a date) lies in the chosen range
 * (importTypeDate). Every row passes the add form's rules; all are written or none.
 */
export interface ImportOptions<K extends string = string> {
  templates: Array<{ type: string; label: Label; columns: K[] }>;
  cover?: { field: K };
}

/**
 * A page of a resource fixed to some values (widgets §3 "Hidden param": a value the page always
 * sends and the user neither sees in the query form nor changes): its queries carry `hidden`,
 * its table has no column for them, its add form starts with them and cannot change them. The
 * server enforces the same: a caller holding only this page's function reads and writes only
 * records with these values.
 */
export interface PageDef<K extends string = string> {
  /** camelCase; the page's settings (saved queries, columns, drafts) are kept under `<code>.<name>`. */
  name: string;
  /** The page's address, also the function that grants it. */
  path: string;
  label: Label;
  hidden: Partial<Record<K, string>>;
}

export const RECORD_COLUMNS = ['id', 'version', 'recordState', 'enabled', 'createdAt', 'updatedAt'] as const;
export type RecordColumn = (typeof RECORD_COLUMNS)[number];

/** Labels of the record columns every resource has. */
export const RECORD_COLUMN_LABELS: Record<RecordColumn, Label> = {
  id: { 'zh-CN': '编号', 'en-US': 'ID' },
  version: { 'zh-CN': '版本', 'en-US': 'Version' },
  recordState: { 'zh-CN': '状态', 'en-US': 'Status' },
  enabled: { 'zh-CN': '启用', 'en-US': 'Enabled' },
  createdAt: { 'zh-CN': '创建时间', 'en-US': 'Created' },
  updatedAt: { 'zh-CN': '修改时间', 'en-US': 'Updated' },
};

// ---- Field builders: what a resource file writes ------------------------------------------

type Opt = Omit<FieldDef, 'type' | 'label'>;
/** A label in both languages, Chinese first as the spec writes them. */
export const L = (zh: string, en: string): Label => ({ 'zh-CN': zh, 'en-US': en });

export const text = (zh: string, en: string, options: Opt & { max: number }): FieldDef => ({ type: 'text', label: L(zh, en), ...options });
export const int = (zh: string, en: string, options: Opt & { min: number; max: number }): FieldDef => ({ type: 'int', label: L(zh, en), ...options });
export const decimal = (zh: string, en: string, options: Opt & { min: number; max: number; scale: number }): FieldDef => ({ type: 'decimal', label: L(zh, en), ...options });
export const date = (zh: string, en: string, options: Opt = {}): FieldDef => ({ type: 'date', label: L(zh, en), ...options });
export const dict = (zh: string, en: string, options: Opt & { dict: string; max?: number }): FieldDef => ({ type: 'dict', label: L(zh, en), max: 32, ...options });
export const bool = (zh: string, en: string, options: Opt = {}): FieldDef => ({ type: 'bool', label: L(zh, en), ...options });

// ---- Column builders (portal-shell §9) --------------------------------------------------

export const col = (field: string, kind: ColumnKind = 'text', link?: ColumnDef['link']): ColumnDef => ({ field, kind, ...(link ? { link } : {}) });
/** The row number, the status and the operation buttons every query page shows. */
export const seq = () => col('#seq', 'seq');
export const state = () => col('recordState', 'state');
export const operation = () => col('#operation', 'operation');

/** A field naming a lookup: the lookup exists, and it fills this field and only fields of the resource with fields of its rows. */
function lookupProblems(name: string, f: FieldDef, fields: Record<string, FieldDef>): string[] {
  const lookup = lookupOf(f.lookup!);
  if (!lookup) return [`field ${name} names lookup ${f.lookup}, which does not exist`];
  const rowFields = lookupFields(lookup).map((x) => x.name);
  const fills = f.fills ?? {};
  const out: string[] = [];
  if (!(name in fills)) out.push(`field ${name}: its lookup does not fill it`);
  // Auto-select searches the value column for what was typed, and picks one row.
  if (f.autoSelect && !valueSearchOf(lookup)) out.push(`field ${name}: lookup ${lookup.code} cannot search its value, so it cannot auto-select`);
  if (f.autoSelect && !lookup.modes.includes('single')) out.push(`field ${name}: lookup ${lookup.code} has no single mode to auto-select in`);
  for (const [formField, rowField] of Object.entries(fills)) {
    if (!(formField in fields)) out.push(`field ${name}: lookup fills ${formField}, not a field`);
    if (!rowFields.includes(rowField)) out.push(`field ${name}: lookup ${lookup.code} has no ${rowField}`);
  }
  return out;
}

/** A `choiceBy` field follows a field of the resource, and each choice names a chooser. */
function choiceProblems(name: string, f: FieldDef, fields: Record<string, FieldDef>): string[] {
  const out: string[] = [];
  const by = f.choiceBy!;
  if (!(by.field in fields) || by.field === name) out.push(`field ${name} follows ${by.field}, not another field`);
  if (f.scroll || f.lookup || f.dict) out.push(`field ${name}: a choiceBy field has no chooser of its own`);
  if ('family' in by) {
    if (!(VIRTUAL_DICTIONARY_FAMILIES as readonly string[]).includes(by.family)) out.push(`field ${name}: ${by.family} is no family of dictionaries`);
    return out;
  }
  for (const [value, choice] of Object.entries(by.choices)) {
    if (!('scroll' in choice) && !('dict' in choice)) out.push(`field ${name}: choice ${value} names no chooser`);
    for (const other of Object.values('scrollParams' in choice ? (choice.scrollParams ?? {}) : {})) if (!(other in fields)) out.push(`field ${name}: choice ${value} waits for ${other}, not a field`);
  }
  return out;
}

/** An import's templates name fields and hold every field a new record needs; COVER works on a date field. */
function importProblems(def: ResourceDef): string[] {
  const out: string[] = [];
  const imp = def.import!;
  if (imp.templates.length === 0) out.push('import has no template');
  const types = imp.templates.map((t) => t.type);
  if (new Set(types).size !== types.length) out.push('import template types repeat');
  for (const t of imp.templates) {
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(t.type)) out.push(`import template ${t.type}: not a template type code`);
    for (const lang of LANGUAGES) if (!t.label[lang]) out.push(`import template ${t.type} has no ${lang} label`);
    for (const c of t.columns) if (!(c in def.fields)) out.push(`import template ${t.type}: column ${c} is not a field`);
    for (const [name, f] of Object.entries(def.fields)) if (f.required && !f.ruleCode && !t.columns.includes(name)) out.push(`import template ${t.type} lacks required field ${name}`);
  }
  if (imp.cover && def.fields[imp.cover.field]?.type !== 'date') out.push(`import cover field ${imp.cover.field} is not a date field`);
  return out;
}

/** The name of the one section of a form that declares none. */
export const DEFAULT_SECTION = 'basic';
const DEFAULT_SECTION_TITLE: Label = { 'zh-CN': '基本信息', 'en-US': 'Basic information' };

/** A resource's form sections in their default order (one holding every field when it declares none). */
export function sectionsOf(def: ResourceDef): SectionDef[] {
  return def.form?.sections ?? [{ name: DEFAULT_SECTION, title: DEFAULT_SECTION_TITLE, fields: Object.keys(def.fields) }];
}

/** The label of a field or record column in a language. */
export function labelOf(def: ResourceDef, field: string, lang: Language): string {
  const f = def.fields[field];
  if (f) return f.label[lang];
  if ((RECORD_COLUMNS as readonly string[]).includes(field)) return RECORD_COLUMN_LABELS[field as RecordColumn][lang];
  return field;
}

/**
 * Declares a resource and checks the declaration itself: every query field and column names a
 * field, labels exist in both languages, codes are kebab case. A mistake fails at import, in
 * every test, rather than as a page that shows nothing.
 */
export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef {
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9-]*$/.test(def.code)) problems.push(`code ${def.code} is not kebab case`);
  if (!/^[a-z][a-z0-9_]*$/.test(def.table)) problems.push(`table ${def.table} is not snake case`);
  const known = (f: string) => f in def.fields || (RECORD_COLUMNS as readonly string[]).includes(f) || f.startsWith('#');
  for (const q of def.query) if (!(q in def.fields)) problems.push(`query field ${q} is not a field`);
  for (const c of def.columns) if (!known(c.field)) problems.push(`column ${c.field} is not a field`);
  for (const c of def.columns) for (const p of c.link?.params ?? []) if (!known(p)) problems.push(`link of ${c.field} names ${p}, not a field`);
  if (!(def.title in def.fields)) problems.push(`title ${def.title} is not a field`);
  if (!known(def.sort.field) || def.sort.field.startsWith('#')) problems.push(`sort ${def.sort.field} is not a field`);
  for (const [name, f] of Object.entries(def.fields)) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) problems.push(`field ${name} is not camel case`);
    for (const lang of LANGUAGES) if (!f.label[lang]) problems.push(`field ${name} has no ${lang} label`);
    if (f.type === 'text' && !f.max) problems.push(`text field ${name} has no max`);
    if (f.type === 'dict' && !f.dict) problems.push(`dict field ${name} names no dictionary`);
    if (f.lookup) problems.push(...lookupProblems(name, f, def.fields));
    if (f.autoSelect && !f.lookup) problems.push(`field ${name}: autoSelect without a lookup`);
    if (f.lookup && f.scroll) problems.push(`field ${name}: both a lookup and a scroll dropdown`);
  }
  for (const scope of def.dataScope ?? []) {
    if (!(scope.field in def.fields)) problems.push(`data scope ${scope.field} is not a field`);
    if (!(DATA_DIMS as readonly string[]).includes(scope.dim)) problems.push(`data scope ${scope.field} names no kind of data`);
  }
  for (const [name, f] of Object.entries(def.fields)) if (f.choiceBy) problems.push(...choiceProblems(name, f, def.fields));
  const paths = [def.path, ...(def.pages ?? []).map((p) => p.path)];
  if (new Set(paths).size !== paths.length) problems.push('page paths repeat');
  for (const page of def.pages ?? []) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(page.name)) problems.push(`page ${page.name} is not camel case`);
    for (const lang of LANGUAGES) if (!page.label[lang]) problems.push(`page ${page.name} has no ${lang} label`);
    if (Object.keys(page.hidden).length === 0) problems.push(`page ${page.name} hides nothing: it is the definition's own page`);
    for (const field of Object.keys(page.hidden)) if (!(field in def.fields)) problems.push(`page ${page.name} hides ${field}, not a field`);
  }
  if (def.import) problems.push(...importProblems(def as unknown as ResourceDef));
  if (def.form?.sections) {
    const placed = def.form.sections.flatMap((section) => section.fields);
    const names = def.form.sections.map((section) => section.name);
    for (const name of names) if (!/^[a-z][A-Za-z0-9]*$/.test(name)) problems.push(`section ${name} is not camel case`);
    if (new Set(names).size !== names.length) problems.push('section names repeat');
    for (const section of def.form.sections) for (const lang of LANGUAGES) if (!section.title[lang]) problems.push(`section ${section.name} has no ${lang} title`);
    for (const f of placed) if (!(f in def.fields)) problems.push(`section field ${f} is not a field`);
    for (const f of Object.keys(def.fields)) if (placed.filter((p) => p === f).length !== 1) problems.push(`field ${f} is not in exactly one section`);
  }
  if (problems.length) throw new Error(`resource ${def.code}: ${problems.join('; ')}`);
  // The field names were checked against F; from here on a resource is any resource.
  return def as unknown as ResourceDef;
}
