import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_FULL_FORMAT, DYNAMIC_FIELD_NAME_MAX, DYNAMIC_PATTERN_MAX, DYNAMIC_TEMPLATE_FIELDS_MAX, DYNAMIC_TEXT_MAX, DYNAMIC_VALUE_TEXT_MAX } from './constants';
import { isDateText, parseDateTime, parseDateTimeFull } from './date-format';
import { LOOKUPS, lookupFields, lookupOf, type LookupDef } from './lookups';

/**
 * Dynamic forms from server templates (widgets §3 "Extended (expand) form field" and "Dynamic
 * form template", §5 "Extended fields" and "Dynamic form", §8; issue 11 point 7). Pure, so the
 * administrators' page, the form and the server check a template and its values with the same
 * code (docs/dynamic-forms.md):
 *
 * - the template field and its rules, and `templateProblems`, the template's own check;
 * - `checkField` / `checkValues`, the rule checker: each rule of a field (async-validator's
 *   kinds: required, enum, whitespace, date, type, len/min/max/range for strings, numbers and
 *   arrays, pattern) answers a message key of the `dynamic` locale module; how a pattern is
 *   run is the caller's (`PatternTest`): the browser runs it as is, the server off its event loop
 *   within a time limit (`readTemplateData`);
 * - the wire format: `templateData` is a list of `{name, value}` where `value` is the JSON text
 *   of `{"v": <typed value>}`, so a number stays a number and a list a list through any text
 *   column or form post.
 */

// ---- The template ---------------------------------------------------------------------------

export const FIELD_TYPES = ['text', 'textarea', 'number', 'amount', 'date', 'dateTime', 'remoteselect', 'select', 'radio', 'checkbox', 'magnifier', 'file'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const DATA_TYPES = ['static', 'constant', 'dictionary', 'custom'] as const;
export type DataType = (typeof DATA_TYPES)[number];
/** The value types a rule may name (async-validator's, less the ones no field can hold). */
export const RULE_TYPES = ['string', 'number', 'integer', 'float', 'array', 'date', 'enum', 'email', 'url', 'boolean'] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export const RULE_TRIGGERS = ['blur', 'change'] as const;
export type RuleTrigger = (typeof RULE_TRIGGERS)[number];

/** Field types whose options come from `data` (dataType says where from). */
export const OPTION_TYPES: readonly FieldType[] = ['select', 'radio', 'checkbox', 'remoteselect'];
/** Field types that hold a number (widgets §5: typed as number). */
export const NUMBER_TYPES: readonly FieldType[] = ['number', 'amount'];

export interface TemplateOption {
  text: string;
  value: string;
}

/** One rule of a field, in async-validator's vocabulary (Element's form rules). */
export interface TemplateRule {
  required?: boolean;
  type?: RuleType;
  enum?: Array<string | number>;
  /** A value of only spaces counts as empty. */
  whitespace?: boolean;
  /** Exact length (string, array) or value (number). */
  len?: number;
  min?: number;
  max?: number;
  /** A regular expression the text must match (JavaScript syntax, no flags; at most DYNAMIC_PATTERN_MAX characters). */
  pattern?: string;
  /** A message of the administrator's own, shown instead of the localised one. */
  message?: string;
  /** When the rule runs as the user types: on blur (the default) or on every change. */
  trigger?: RuleTrigger;
}

/** A value a field holds: text, a number, a list (checkbox, a multiple select, files), or nothing. */
export type FieldValue = string | number | string[] | null;

/**
 * A field of a template (widgets §3). `ismuilte` is the wire's spelling (DECISIONS,
 * "Misspellings on the wire"); read it through `isMultiple`.
 */
export interface TemplateField {
  name: string;
  text: string;
  /** The English label, when the Chinese `text` is not what an en-US reader should see. */
  textEn?: string;
  type: FieldType;
  /** The default value of a new form. */
  value?: FieldValue;
  rules?: TemplateRule[];
  dataType?: DataType;
  /** static: the options; constant and dictionary: the code; custom: the resource whose records are the options. */
  data?: TemplateOption[] | string;
  placeholder?: string;
  /** number, amount: bounds of the value; text, textarea: the most characters. */
  min?: number;
  max?: number;
  /** date, dateTime: how the value is shown; amount: the decimals ("2"). */
  format?: string;
  /** date, dateTime: how the value is stored (DATE_FORMAT, DATE_TIME_FORMAT or DATE_TIME_FULL_FORMAT). */
  valueFormat?: string;
  ismuilte?: boolean;
  /** select: the options can be filtered by typing. */
  dropDownListIsSearch?: boolean;
  /** remoteselect: the typed text is sent to the server (`queryData`) instead of filtering locally. */
  dropDownListRemoteSearch?: boolean;
  /** custom: the record field that is the value. */
  hideData?: string;
  /** custom: the record field shown to the user. */
  showData?: string;
  /** custom: the query field a typed text filters by. */
  queryData?: string;
  /** magnifier: the lookup it opens (a code of src/shared/lookups.ts; docs/dynamic-forms.md). */
  lookup?: string;
  /**
   * magnifier: what a pick writes, template field → the lookup row's field (this field among
   * them; the others text fields of the template). Without it, this field takes the lookup's value.
   */
  fills?: Record<string, string>;
}

/** A template as the server answers it: its code and name and its fields. */
export interface Template {
  code: string;
  name: string;
  fields: TemplateField[];
}

export const isMultiple = (field: Pick<TemplateField, 'type' | 'ismuilte'>): boolean =>
  field.type === 'checkbox' || field.type === 'file' || (field.ismuilte === true && (field.type === 'select' || field.type === 'remoteselect'));

export const labelOf = (field: Pick<TemplateField, 'text' | 'textEn' | 'name'>, lang: string): string => (lang === 'en-US' && field.textEn ? field.textEn : field.text || field.name);

/** The value format of a date or date-time field. */
export function valueFormatOf(field: Pick<TemplateField, 'type' | 'valueFormat'>): string {
  if (field.valueFormat) return field.valueFormat;
  return field.type === 'dateTime' ? DATE_TIME_FORMAT : DATE_FORMAT;
}

/** A message key of the `dynamic` locale module and its parameters, or the administrator's own text. */
export interface Problem {
  key: string;
  params?: Record<string, unknown>;
  /** The rule's own message, when it has one: shown as is. */
  message?: string;
}

// ---- The template's own check ---------------------------------------------------------------

/** Where in the template a problem is: `fields[2].rules[0].pattern`, and what it is. */
export interface TemplateProblem extends Problem {
  path: string;
}

export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Dictionary, constant and resource codes a field may name. */
export const SOURCE_CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const VALUE_FORMATS = [DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_FULL_FORMAT];

const FIELD_KEYS = new Set(['name', 'text', 'textEn', 'type', 'value', 'rules', 'dataType', 'data', 'placeholder', 'min', 'max', 'format', 'valueFormat', 'ismuilte', 'dropDownListIsSearch', 'dropDownListRemoteSearch', 'hideData', 'showData', 'queryData', 'lookup', 'fills']);

/**
 * The lookups a template's magnifier may open: every lookup of src/shared/lookups.ts that needs
 * nothing but its search (the budget's call also needs the business currency, which a template
 * has no way to give).
 */
export const TEMPLATE_LOOKUPS: readonly LookupDef[] = (LOOKUPS as readonly LookupDef[]).filter((l) => !l.params?.length);
/** Field types a magnifier's pick may write into besides its own field: they hold text. */
const FILL_TYPES: readonly FieldType[] = ['text', 'textarea'];

/** The lookup a magnifier field opens, when it names one a template may use. */
export const templateLookupOf = (field: Pick<TemplateField, 'lookup'>): LookupDef | undefined => (field.lookup ? TEMPLATE_LOOKUPS.find((l) => l.code === field.lookup) : undefined);

/** What a magnifier's pick writes: its `fills`, or its own field taking the lookup's value. */
export function fillsOf(field: Pick<TemplateField, 'name' | 'lookup' | 'fills'>): Record<string, string> {
  if (field.fills) return field.fills;
  const lookup = field.lookup ? lookupOf(field.lookup) : undefined;
  return lookup ? { [field.name]: lookup.value } : {};
}
const RULE_KEYS = new Set(['required', 'type', 'enum', 'whitespace', 'len', 'min', 'max', 'pattern', 'message', 'trigger']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max = DYNAMIC_TEXT_MAX): v is string => typeof v === 'string' && [...v].length <= max && !v.includes('\u0000');
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** True when `pattern` compiles (as the checker will use it). */
export function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * Everything wrong with a template's field list, or nothing. The administrators' page shows
 * these under the editor before saving; the server refuses a template that has any (1801).
 * `input` is the parsed JSON: a list of fields, or `{template: [...]}`.
 */
export function templateProblems(input: unknown): TemplateProblem[] {
  const out: TemplateProblem[] = [];
  const add = (path: string, key: string, params?: Record<string, unknown>) => out.push({ path, key: `dynamic.template.${key}`, ...(params ? { params } : {}) });
  const list = isObject(input) && Array.isArray(input.template) ? input.template : input;
  if (!Array.isArray(list)) {
    add('', 'notList');
    return out;
  }
  if (list.length > DYNAMIC_TEMPLATE_FIELDS_MAX) add('', 'tooMany', { max: DYNAMIC_TEMPLATE_FIELDS_MAX });
  const names = new Set<string>();
  list.forEach((item, i) => {
    const at = `fields[${i}]`;
    if (!isObject(item)) return add(at, 'notObject');
    for (const key of Object.keys(item)) if (!FIELD_KEYS.has(key)) add(`${at}.${key}`, 'unknownKey', { key });
    const { name, type } = item;
    if (typeof name !== 'string' || !FIELD_NAME.test(name) || name.length > DYNAMIC_FIELD_NAME_MAX) add(`${at}.name`, 'badName', { max: DYNAMIC_FIELD_NAME_MAX });
    else if (names.has(name)) add(`${at}.name`, 'duplicateName', { name });
    else names.add(name);
    if (typeof item.text !== 'string' || !item.text.trim() || !isText(item.text)) add(`${at}.text`, 'badText', { max: DYNAMIC_TEXT_MAX });
    if (item.textEn !== undefined && !isText(item.textEn)) add(`${at}.textEn`, 'badText', { max: DYNAMIC_TEXT_MAX });
    if (!(FIELD_TYPES as readonly unknown[]).includes(type)) add(`${at}.type`, 'badType', { types: FIELD_TYPES.join(', ') });
    for (const key of ['placeholder', 'format', 'hideData', 'showData', 'queryData'] as const) if (item[key] !== undefined && !isText(item[key])) add(`${at}.${key}`, 'badString', { key });
    for (const key of ['ismuilte', 'dropDownListIsSearch', 'dropDownListRemoteSearch'] as const) if (item[key] !== undefined && typeof item[key] !== 'boolean') add(`${at}.${key}`, 'badBoolean', { key });
    for (const key of ['min', 'max'] as const) if (item[key] !== undefined && !isNumber(item[key])) add(`${at}.${key}`, 'badNumber', { key });
    if (isNumber(item.min) && isNumber(item.max) && item.min > item.max) add(`${at}.min`, 'minAboveMax');
    if (item.valueFormat !== undefined && !VALUE_FORMATS.includes(item.valueFormat as string)) add(`${at}.valueFormat`, 'badValueFormat', { formats: VALUE_FORMATS.join(', ') });
    fieldSourceProblems(item, at, add);
    lookupProblems(item, at, list, add);
    if (item.rules !== undefined) {
      if (!Array.isArray(item.rules)) add(`${at}.rules`, 'rulesNotList');
      else item.rules.forEach((rule, r) => ruleProblems(rule, `${at}.rules[${r}]`, add));
    }
    if (item.value !== undefined && item.value !== null && out.every((p) => !p.path.startsWith(`${at}.`) && p.path !== at)) {
      const field = item as unknown as TemplateField;
      if (!isValueShape(field, item.value)) add(`${at}.value`, 'badDefault');
    }
  });
  return out;
}

function fieldSourceProblems(item: Record<string, unknown>, at: string, add: (path: string, key: string, params?: Record<string, unknown>) => void) {
  const type = item.type as FieldType;
  const needsSource = OPTION_TYPES.includes(type);
  if (item.dataType !== undefined && !(DATA_TYPES as readonly unknown[]).includes(item.dataType)) add(`${at}.dataType`, 'badDataType', { types: DATA_TYPES.join(', ') });
  if (!needsSource) return;
  const dataType = (item.dataType ?? 'static') as DataType;
  if (type === 'remoteselect' && dataType === 'static') return add(`${at}.dataType`, 'remoteNotStatic');
  if (dataType === 'static') {
    const data = item.data;
    if (!Array.isArray(data) || data.length === 0) return add(`${at}.data`, 'optionsNeeded');
    const seen = new Set<string>();
    data.forEach((o, j) => {
      if (!isObject(o) || !isText(o.text) || !o.text || !isText(o.value) || !o.value || Object.keys(o).some((k) => k !== 'text' && k !== 'value')) add(`${at}.data[${j}]`, 'badOption');
      else if (seen.has(o.value)) add(`${at}.data[${j}]`, 'duplicateOption', { value: o.value });
      else seen.add(o.value);
    });
    return;
  }
  if (typeof item.data !== 'string' || !SOURCE_CODE.test(item.data)) add(`${at}.data`, 'sourceNeeded');
  if (dataType === 'custom') for (const key of ['hideData', 'showData'] as const) if (typeof item[key] !== 'string' || !FIELD_NAME.test(item[key] as string)) add(`${at}.${key}`, 'customField', { key });
}

/**
 * A magnifier names a lookup a template may use (the server refuses any other: 1801), in a mode
 * it has, and what a pick fills: its own field, other text fields of the template, each from a
 * field the lookup's rows carry. Other types name none.
 */
function lookupProblems(item: Record<string, unknown>, at: string, list: unknown[], add: (path: string, key: string, params?: Record<string, unknown>) => void) {
  if (item.type !== 'magnifier') {
    for (const key of ['lookup', 'fills'] as const) if (item[key] !== undefined) add(`${at}.${key}`, 'lookupOnMagnifier', { key });
    return;
  }
  const lookup = typeof item.lookup === 'string' ? TEMPLATE_LOOKUPS.find((l) => l.code === item.lookup) : undefined;
  if (!lookup) return add(`${at}.lookup`, 'lookupNeeded', { codes: TEMPLATE_LOOKUPS.map((l) => l.code).join(', ') });
  if (item.ismuilte === true && !lookup.modes.includes('multi')) add(`${at}.ismuilte`, 'lookupNoMulti', { code: lookup.code });
  if (item.fills === undefined) return;
  if (!isObject(item.fills) || Object.values(item.fills).some((v) => typeof v !== 'string')) return add(`${at}.fills`, 'badFills');
  if (!(String(item.name) in item.fills)) add(`${at}.fills`, 'fillsSelf', { name: String(item.name) });
  const rowFields = lookupFields(lookup).map((x) => x.name);
  for (const [target, rowField] of Object.entries(item.fills)) {
    const other = list.find((f) => isObject(f) && f.name === target) as Record<string, unknown> | undefined;
    if (target !== item.name && (!other || !FILL_TYPES.includes(other.type as FieldType))) add(`${at}.fills.${target}`, 'fillNotField', { field: target });
    if (!rowFields.includes(rowField as string)) add(`${at}.fills.${target}`, 'fillNoRowField', { code: lookup.code, field: String(rowField), fields: rowFields.join(', ') });
  }
}

function ruleProblems(rule: unknown, at: string, add: (path: string, key: string, params?: Record<string, unknown>) => void) {
  if (!isObject(rule)) return add(at, 'ruleNotObject');
  for (const key of Object.keys(rule)) if (!RULE_KEYS.has(key)) add(`${at}.${key}`, 'unknownKey', { key });
  for (const key of ['required', 'whitespace'] as const) if (rule[key] !== undefined && typeof rule[key] !== 'boolean') add(`${at}.${key}`, 'badBoolean', { key });
  if (rule.type !== undefined && !(RULE_TYPES as readonly unknown[]).includes(rule.type)) add(`${at}.type`, 'badRuleType', { types: RULE_TYPES.join(', ') });
  if (rule.type === 'enum' && !Array.isArray(rule.enum)) add(`${at}.enum`, 'enumNeeded');
  if (rule.enum !== undefined && (!Array.isArray(rule.enum) || rule.enum.length === 0 || rule.enum.some((v) => !isText(v) && !isNumber(v)))) add(`${at}.enum`, 'badEnum');
  for (const key of ['len', 'min', 'max'] as const) if (rule[key] !== undefined && !isNumber(rule[key])) add(`${at}.${key}`, 'badNumber', { key });
  if (isNumber(rule.min) && isNumber(rule.max) && rule.min > rule.max) add(`${at}.min`, 'minAboveMax');
  if (typeof rule.pattern === 'string' && [...rule.pattern].length > DYNAMIC_PATTERN_MAX) add(`${at}.pattern`, 'patternTooLong', { max: DYNAMIC_PATTERN_MAX });
  else if (rule.pattern !== undefined && (!isText(rule.pattern, DYNAMIC_PATTERN_MAX) || !compiles(rule.pattern))) add(`${at}.pattern`, 'badPattern');
  if (rule.message !== undefined && !isText(rule.message)) add(`${at}.message`, 'badString', { key: 'message' });
  if (rule.trigger !== undefined && !(RULE_TRIGGERS as readonly unknown[]).includes(rule.trigger)) add(`${at}.trigger`, 'badTrigger', { triggers: RULE_TRIGGERS.join(', ') });
}

/** True when a value has the shape its field holds (the type, not the rules). */
export function isValueShape(field: Pick<TemplateField, 'type' | 'ismuilte'>, value: unknown): boolean {
  if (value === null) return true;
  if (isMultiple(field)) return Array.isArray(value) && value.length <= DYNAMIC_TEMPLATE_FIELDS_MAX * 10 && value.every((v) => isText(v, DYNAMIC_VALUE_TEXT_MAX));
  if (NUMBER_TYPES.includes(field.type)) return isNumber(value);
  return isText(value, DYNAMIC_VALUE_TEXT_MAX);
}

/** Parses JSON text of a template; the problems when it is not JSON or not a valid template. */
export function parseTemplateText(text: string): { fields: TemplateField[]; problems: TemplateProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { fields: [], problems: [{ path: '', key: 'dynamic.template.json', params: { detail: error instanceof Error ? error.message : String(error) } }] };
  }
  const problems = templateProblems(parsed);
  const list = isObject(parsed) && Array.isArray(parsed.template) ? parsed.template : parsed;
  return { fields: problems.length ? [] : (list as TemplateField[]), problems };
}

// ---- The rule checker -----------------------------------------------------------------------

const EMAIL = /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
const URL_TEXT = /^(?:(?:https?|ftp):\/\/)(?:[^\s/$.?#].[^\s]*)$/i;

export const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The value type a rule checks when it names none: the field's own (widgets §5: numbers and amounts are numbers). */
export function defaultRuleType(field: Pick<TemplateField, 'type' | 'ismuilte'>): RuleType {
  if (NUMBER_TYPES.includes(field.type)) return 'number';
  if (isMultiple(field)) return 'array';
  if (field.type === 'date' || field.type === 'dateTime') return 'date';
  return 'string';
}

/** A date or date-time text in the field's value format. */
function isDateValue(field: Pick<TemplateField, 'type' | 'valueFormat'>, value: string): boolean {
  const f = valueFormatOf(field);
  try {
    if (f === DATE_FORMAT) return isDateText(value);
    if (f === DATE_TIME_FORMAT) return !!parseDateTime(value);
    return !!parseDateTimeFull(value);
  } catch {
    return false;
  }
}

function typeHolds(type: RuleType, value: unknown, field: TemplateField): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return isNumber(value);
    case 'integer':
      return isNumber(value) && Number.isInteger(value);
    case 'float':
      return isNumber(value);
    case 'array':
      return Array.isArray(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'email':
      return typeof value === 'string' && value.length <= 320 && EMAIL.test(value);
    case 'url':
      return typeof value === 'string' && URL_TEXT.test(value);
    case 'date':
      return typeof value === 'string' && isDateValue(field, value);
    case 'enum':
      return true;
  }
}

/**
 * The rules that apply to a field: its own, and those its definition implies: a number or
 * amount is a number within min–max, a text at most max characters, a static choice one of its
 * options. The implied ones come first, so "not a number" is said before "at most 10".
 */
export function rulesOf(field: TemplateField): TemplateRule[] {
  const implied: TemplateRule[] = [];
  if (NUMBER_TYPES.includes(field.type)) implied.push({ type: 'number', ...(isNumber(field.min) ? { min: field.min } : {}), ...(isNumber(field.max) ? { max: field.max } : {}) });
  else if ((field.type === 'text' || field.type === 'textarea') && isNumber(field.max)) implied.push({ type: 'string', max: field.max });
  else if (field.type === 'date' || field.type === 'dateTime') implied.push({ type: 'date' });
  if (OPTION_TYPES.includes(field.type) && (field.dataType ?? 'static') === 'static' && Array.isArray(field.data)) {
    implied.push({ type: isMultiple(field) ? 'array' : 'enum', enum: field.data.map((o) => o.value) });
  }
  return [...implied, ...(field.rules ?? [])];
}

/** The field's label in messages. */
const named = (field: TemplateField, lang: string) => labelOf(field, lang);

/** A text to test against a rule's pattern. */
export interface PatternCheck {
  pattern: string;
  value: string;
}

/** Whether a text matches a pattern; null when that could not be told (the server's check ran out of time). */
export type PatternVerdict = boolean | null;

export type PatternTest = (pattern: string, value: string) => PatternVerdict;

/**
 * The browser's: the pattern on JavaScript's own engine. A pattern that backtracks without end
 * on what was typed hangs only this tab; the server never runs a pattern this way.
 */
export const testPattern: PatternTest = (pattern, value) => new RegExp(pattern).test(value);

/**
 * Checks one rule against a value: the first problem, or null. `lang` names the field in the
 * message parameters. The order is async-validator's: required, whitespace, type, enum,
 * length or range, pattern.
 */
export function checkRule(field: TemplateField, rule: TemplateRule, value: FieldValue | undefined, lang = 'zh-CN', test: PatternTest = testPattern): Problem | null {
  const label = named(field, lang);
  const fail = (key: string, params: Record<string, unknown> = {}): Problem => ({ key: `dynamic.rule.${key}`, params: { field: label, ...params }, ...(rule.message ? { message: rule.message } : {}) });
  if (isEmpty(value) || (rule.whitespace && typeof value === 'string' && value.trim() === '')) {
    if (rule.required) return fail(!isEmpty(value) ? 'whitespace' : 'required');
    return null;
  }
  const type: RuleType = rule.type ?? (rule.enum ? 'enum' : defaultRuleType(field));
  if (type === 'date') {
    if (typeof value !== 'string' || !isDateValue(field, value)) return fail('date.invalid', { value: String(value), format: valueFormatOf(field) });
  } else if (!typeHolds(type, value, field)) return fail(`types.${type}`, { type });
  if (rule.enum) {
    const allowed = rule.enum.map(String);
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => !allowed.includes(String(v)))) return fail('enum', { enum: rule.enum.join(', ') });
  }
  const kind = Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value === 'string' ? 'string' : null;
  if (kind) {
    const size = kind === 'array' ? (value as string[]).length : kind === 'number' ? (value as number) : [...(value as string)].length;
    if (isNumber(rule.len)) {
      if (size !== rule.len) return fail(`${kind}.len`, { len: rule.len });
    } else if (isNumber(rule.min) && isNumber(rule.max)) {
      if (size < rule.min || size > rule.max) return fail(`${kind}.range`, { min: rule.min, max: rule.max });
    } else if (isNumber(rule.min)) {
      if (size < rule.min) return fail(`${kind}.min`, { min: rule.min });
    } else if (isNumber(rule.max)) {
      if (size > rule.max) return fail(`${kind}.max`, { max: rule.max });
    }
  }
  if (rule.pattern !== undefined && typeof value === 'string') {
    if (!compiles(rule.pattern)) return fail('default');
    const matched = test(rule.pattern, value);
    // Refused rather than let through: the administrator asked for this pattern, and a value
    // stored unchecked would be trusted later. Not the rule's own message: nobody knows
    // whether the value breaks it.
    if (matched === null) return { key: 'dynamic.rule.pattern.unchecked', params: { field: label } };
    if (!matched) return fail('pattern.mismatch', { value, pattern: rule.pattern });
  }
  return null;
}

/**
 * The first problem of a field's value under its rules, or null. `trigger` limits the check to
 * the rules of that trigger (blur is every rule's default); without it every rule runs (save).
 */
export function checkField(field: TemplateField, value: FieldValue | undefined, lang = 'zh-CN', trigger?: RuleTrigger, test: PatternTest = testPattern): Problem | null {
  for (const rule of rulesOf(field)) {
    // On blur every rule runs (a change rule has had its say already, and saying it again is harmless).
    if (trigger === 'change' && rule.trigger !== 'change') continue;
    const problem = checkRule(field, rule, value, lang, test);
    if (problem) return problem;
  }
  return null;
}

/** Every field's first problem, by field name; empty when all hold. */
export function checkValues(fields: readonly TemplateField[], values: Record<string, FieldValue | undefined>, lang = 'zh-CN', test: PatternTest = testPattern): Record<string, Problem> {
  const out: Record<string, Problem> = {};
  for (const field of fields) {
    const problem = checkField(field, values[field.name], lang, undefined, test);
    if (problem) out[field.name] = problem;
  }
  return out;
}

/** Whether a field has a required rule (the form marks it). */
export const isRequired = (field: TemplateField): boolean => (field.rules ?? []).some((r) => r.required === true);

// ---- What the user types, and the wire ------------------------------------------------------

/** Digits with optional thousands separators and a decimal part ("1,234.5", "-3", ".5"). */
const NUMBER_TEXT = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/;

/**
 * The value of what was typed: a number or amount field's text becomes a number when it writes
 * one (thousands separators allowed), and stays text otherwise so the checker can say "not a
 * number"; blank is null. Other values pass as they are.
 */
export function inputValue(field: Pick<TemplateField, 'type'>, input: FieldValue): FieldValue {
  if (!NUMBER_TYPES.includes(field.type)) return input;
  if (input === null || typeof input === 'number') return input;
  if (Array.isArray(input)) return input;
  const text = input.trim();
  if (text === '') return null;
  if (!NUMBER_TEXT.test(text) || text === '.' || text === '+' || text === '-') return input;
  return Number(text.replace(/,/g, ''));
}

/** The empty value of a field: an empty list or null. */
export const emptyValue = (field: Pick<TemplateField, 'type' | 'ismuilte'>): FieldValue => (isMultiple(field) ? [] : null);

/** A new form's values: each field's default, else empty. */
export function initialValues(fields: readonly TemplateField[]): Record<string, FieldValue> {
  return Object.fromEntries(fields.map((f) => [f.name, f.value !== undefined && isValueShape(f, f.value) ? f.value : emptyValue(f)]));
}

/** One pair of `templateData`: the field's name and the JSON text of `{v: value}`. */
export interface TemplateDatum {
  name: string;
  value: string;
}

export const wrapValue = (value: FieldValue): string => JSON.stringify({ v: value });

/** The value inside `{"v": …}` text; undefined when the text is not such an object. */
export function unwrapValue(text: string): FieldValue | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed) || !('v' in parsed)) return undefined;
    return parsed.v as FieldValue;
  } catch {
    return undefined;
  }
}

/** The form's values as `templateData`, in the template's order. */
export function toTemplateData(fields: readonly TemplateField[], values: Record<string, FieldValue | undefined>): TemplateDatum[] {
  return fields.map((f) => ({ name: f.name, value: wrapValue(values[f.name] ?? emptyValue(f)) }));
}

/** `templateData` back into values by name; pairs that do not unwrap, or name no field, are left out. */
export function fromTemplateData(fields: readonly TemplateField[], data: readonly TemplateDatum[]): Record<string, FieldValue> {
  const values = initialValues(fields.map((f) => ({ ...f, value: undefined })));
  const known = new Map(fields.map((f) => [f.name, f]));
  for (const pair of data) {
    const field = known.get(pair.name);
    const value = field ? unwrapValue(pair.value) : undefined;
    if (field && value !== undefined && isValueShape(field, value)) values[field.name] = value;
  }
  return values;
}

/**
 * The pattern tests `checkValues` may make of these values, each text and pattern once (a text
 * that an earlier rule refuses is tested all the same: the list is made before the rules run).
 */
export function patternChecks(fields: readonly TemplateField[], values: Record<string, FieldValue | undefined>): PatternCheck[] {
  const out: PatternCheck[] = [];
  const seen = new Map<string, Set<string>>();
  for (const field of fields) {
    const value = values[field.name];
    if (typeof value !== 'string' || value === '') continue;
    for (const { pattern } of rulesOf(field)) {
      if (typeof pattern !== 'string' || !compiles(pattern)) continue;
      const texts = seen.get(pattern) ?? seen.set(pattern, new Set()).get(pattern)!;
      if (texts.has(value)) continue;
      texts.add(value);
      out.push({ pattern, value });
    }
  }
  return out;
}

/**
 * Runs pattern checks somewhere safe and answers one verdict per check, in order (the server's:
 * server/services/template-patterns.ts).
 */
export type RunPatterns = (checks: readonly PatternCheck[]) => Promise<readonly PatternVerdict[]>;

/**
 * What the server makes of submitted `templateData`: the values by field, and the problems
 * (a pair naming no field, a value that does not unwrap or has the wrong shape, a field twice,
 * then every rule). Used by the server on save and update, so a browser that skipped the
 * checks gains nothing. The patterns are run by `runPatterns`, before the rules, because an
 * administrator's pattern can take exponential time on a crafted value: a test it gives no
 * verdict for refuses its value (`rule.pattern.unchecked`).
 */
export async function readTemplateData(
  fields: readonly TemplateField[],
  data: readonly TemplateDatum[],
  lang: string,
  runPatterns: RunPatterns,
): Promise<{ values: Record<string, FieldValue>; problems: Record<string, Problem> }> {
  const problems: Record<string, Problem> = {};
  const known = new Map(fields.map((f) => [f.name, f]));
  const values: Record<string, FieldValue> = Object.fromEntries(fields.map((f) => [f.name, emptyValue(f)]));
  const seen = new Set<string>();
  for (const pair of data) {
    const field = known.get(pair.name);
    if (!field) {
      problems[pair.name] = { key: 'dynamic.wire.unknownField', params: { field: pair.name } };
      continue;
    }
    if (seen.has(pair.name)) {
      problems[pair.name] = { key: 'dynamic.wire.duplicate', params: { field: labelOf(field, lang) } };
      continue;
    }
    seen.add(pair.name);
    const value = unwrapValue(pair.value);
    if (value === undefined || !isValueShape(field, value)) problems[pair.name] = { key: 'dynamic.wire.badValue', params: { field: labelOf(field, lang) } };
    else values[pair.name] = value;
  }
  const checks = patternChecks(fields, values);
  const verdicts = checks.length ? await runPatterns(checks) : [];
  const found = new Map<string, Map<string, PatternVerdict>>();
  checks.forEach(({ pattern, value }, i) => (found.get(pattern) ?? found.set(pattern, new Map()).get(pattern)!).set(value, verdicts[i] ?? null));
  const test: PatternTest = (pattern, value) => found.get(pattern)?.get(value) ?? null;
  for (const [name, problem] of Object.entries(checkValues(fields, values, lang, test))) problems[name] ??= problem;
  return { values, problems };
}

/** Every message key the checker and the template check can answer, for the locale test. */
export const RULE_MESSAGE_KEYS = [
  'default', 'required', 'enum', 'whitespace', 'date.invalid',
  ...RULE_TYPES.filter((t) => t !== 'enum' && t !== 'date').map((t) => `types.${t}`),
  ...(['string', 'number', 'array'] as const).flatMap((k) => ['len', 'min', 'max', 'range'].map((r) => `${k}.${r}`)),
  'pattern.mismatch', 'pattern.unchecked',
].map((k) => `dynamic.rule.${k}`);

// ---- What the two reads answer ----------------------------------------------------------------

/** A form as the server's reads answer it (widgets §7: JSON text of template and templateData, and for a filled form its id and version). */
export interface LoadedForm {
  templateCode: string;
  templateName: string;
  template: TemplateField[];
  templateData: TemplateDatum[];
  id?: number;
  version?: number;
  creatorName?: string | null;
}

/** The answer's JSON text as a form, or null when there is no data (nothing, not JSON, no template list). */
export function parseLoadedForm(text: string | null | undefined): LoadedForm | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(parsed) || !Array.isArray(parsed.template)) return null;
  const templateData = Array.isArray(parsed.templateData) ? parsed.templateData.filter((d): d is TemplateDatum => isObject(d) && typeof d.name === 'string' && typeof d.value === 'string') : [];
  return {
    templateCode: typeof parsed.templateCode === 'string' ? parsed.templateCode : '',
    templateName: typeof parsed.templateName === 'string' ? parsed.templateName : '',
    template: parsed.template as TemplateField[],
    templateData,
    ...(typeof parsed.id === 'number' ? { id: parsed.id } : {}),
    ...(typeof parsed.version === 'number' ? { version: parsed.version } : {}),
    ...(typeof parsed.creatorName === 'string' || parsed.creatorName === null ? { creatorName: parsed.creatorName as string | null } : {}),
  };
}
