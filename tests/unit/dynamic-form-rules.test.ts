import { describe, expect, it, jest } from '@jest/globals';
import en from '../../locale/dynamic/en-US/index.json';
import zh from '../../locale/dynamic/zh-CN/index.json';
import { DYNAMIC_PATTERN_MAX } from '../../src/shared/constants';
import {
  RULE_MESSAGE_KEYS,
  checkField,
  checkRule,
  checkValues,
  fromTemplateData,
  inputValue,
  parseLoadedForm,
  parseTemplateText,
  patternChecks,
  readTemplateData,
  templateProblems,
  toTemplateData,
  unwrapValue,
  wrapValue,
  type PatternCheck,
  type TemplateField,
  type TemplateRule,
} from '../../src/shared/dynamic-form';

const lookup = (dict: unknown, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), dict);

const text: TemplateField = { name: 'title', text: '标题', textEn: 'Title', type: 'text' };
const amount: TemplateField = { name: 'amount', text: '金额', type: 'amount' };
const tags: TemplateField = { name: 'tags', text: '标签', type: 'checkbox', data: [{ text: 'a', value: 'a' }, { text: 'b', value: 'b' }, { text: 'c', value: 'c' }] };
const day: TemplateField = { name: 'day', text: '日期', type: 'date' };
const key = (field: TemplateField, rule: TemplateRule, value: Parameters<typeof checkRule>[2]) => checkRule(field, rule, value)?.key ?? null;

/** Widgets §5 "Dynamic form": every rule kind, with a localised message in both languages. */
describe('the rule checker', () => {
  it('has a message for every rule kind in both languages, with the same placeholders', () => {
    expect(RULE_MESSAGE_KEYS).toHaveLength(1 + 1 + 1 + 1 + 1 + 8 + 12 + 2);
    for (const k of RULE_MESSAGE_KEYS) {
      const path = k.replace(/^dynamic\./, '');
      const [a, b] = [lookup(zh, path), lookup(en, path)];
      expect([k, typeof a, typeof b]).toEqual([k, 'string', 'string']);
      const holes = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(holes(a as string)).toEqual(holes(b as string));
    }
  });

  it('required: empty text, null, an empty list; whitespace only with whitespace on', () => {
    expect(key(text, { required: true }, '')).toBe('dynamic.rule.required');
    expect(key(amount, { required: true }, null)).toBe('dynamic.rule.required');
    expect(key(tags, { required: true }, [])).toBe('dynamic.rule.required');
    expect(key(text, { required: true }, '  ')).toBeNull();
    expect(key(text, { required: true, whitespace: true }, '  ')).toBe('dynamic.rule.whitespace');
    expect(key(text, { required: true }, 'x')).toBeNull();
    // Not required: an empty value passes every other rule.
    expect(key(text, { min: 3, pattern: '^x' }, '')).toBeNull();
  });

  it('types: numbers and amounts are numbers; integer, float, array, email, url, boolean, string', () => {
    expect(key(amount, {}, 'abc')).toBe('dynamic.rule.types.number');
    expect(key(amount, {}, 12.5)).toBeNull();
    expect(key(amount, { type: 'integer' }, 2.5)).toBe('dynamic.rule.types.integer');
    expect(key(amount, { type: 'float' }, 'x')).toBe('dynamic.rule.types.float');
    expect(key(text, { type: 'array' }, 'x')).toBe('dynamic.rule.types.array');
    expect(key(text, { type: 'email' }, 'a@b')).toBe('dynamic.rule.types.email');
    expect(key(text, { type: 'email' }, 'a@b.cn')).toBeNull();
    expect(key(text, { type: 'url' }, 'example')).toBe('dynamic.rule.types.url');
    expect(key(text, { type: 'url' }, 'https://example.com/a')).toBeNull();
    expect(key(text, { type: 'boolean' }, 'yes')).toBe('dynamic.rule.types.boolean');
    expect(key(amount, { type: 'string' }, 5)).toBe('dynamic.rule.types.string');
  });

  it('enum, date, pattern and a broken pattern (the default message)', () => {
    expect(key(text, { type: 'enum', enum: ['A', 'B'] }, 'C')).toBe('dynamic.rule.enum');
    expect(key(text, { enum: ['A', 'B'] }, 'B')).toBeNull();
    expect(checkRule(text, { enum: ['A', 'B'] }, 'C')?.params).toMatchObject({ field: '标题', enum: 'A, B' });
    expect(key(day, {}, '2024-02-30')).toBe('dynamic.rule.date.invalid');
    expect(key(day, {}, '2024-02-29')).toBeNull();
    expect(key({ ...day, type: 'dateTime' }, {}, '2024-02-29 10:30')).toBeNull();
    expect(key({ ...day, type: 'dateTime', valueFormat: 'yyyy-MM-dd HH:mm:ss' }, {}, '2024-02-29 10:30')).toBe('dynamic.rule.date.invalid');
    expect(key(text, { type: 'date' }, 'tomorrow')).toBe('dynamic.rule.date.invalid');
    expect(key(text, { pattern: '^[A-Z]+$' }, 'abc')).toBe('dynamic.rule.pattern.mismatch');
    expect(key(text, { pattern: '(' }, 'abc')).toBe('dynamic.rule.default');
  });

  it('len, min, max and range for strings (in characters), numbers and lists', () => {
    expect(key(text, { len: 3 }, '人民币')).toBeNull();
    expect(key(text, { len: 3 }, 'ab')).toBe('dynamic.rule.string.len');
    expect(key(text, { min: 3 }, 'ab')).toBe('dynamic.rule.string.min');
    expect(key(text, { max: 2 }, 'abc')).toBe('dynamic.rule.string.max');
    expect(key(text, { min: 1, max: 2 }, 'abc')).toBe('dynamic.rule.string.range');
    expect(key(amount, { len: 3 }, 4)).toBe('dynamic.rule.number.len');
    expect(key(amount, { min: 0 }, -1)).toBe('dynamic.rule.number.min');
    expect(key(amount, { max: 10 }, 11)).toBe('dynamic.rule.number.max');
    expect(key(amount, { min: 0, max: 10 }, 11)).toBe('dynamic.rule.number.range');
    expect(key(tags, { len: 1 }, ['a', 'b'])).toBe('dynamic.rule.array.len');
    expect(key(tags, { min: 2 }, ['a'])).toBe('dynamic.rule.array.min');
    expect(key(tags, { max: 1 }, ['a', 'b'])).toBe('dynamic.rule.array.max');
    expect(key(tags, { min: 1, max: 2 }, ['a', 'b', 'c'])).toBe('dynamic.rule.array.range');
  });

  it('a rule\'s own message is said as written; labels follow the language', () => {
    expect(checkRule(text, { required: true, message: '请填写标题' }, '')).toMatchObject({ message: '请填写标题' });
    expect(checkRule(text, { required: true }, '', 'en-US')?.params).toEqual({ field: 'Title' });
  });

  it('field rules: implied ones first (a number within min–max, static options), blur runs all, change only change rules', () => {
    const fee: TemplateField = { ...amount, min: 0, max: 100, rules: [{ required: true }] };
    expect(checkField(fee, 'x')?.key).toBe('dynamic.rule.types.number');
    expect(checkField(fee, 101)?.key).toBe('dynamic.rule.number.range');
    expect(checkField(fee, null)?.key).toBe('dynamic.rule.required');
    expect(checkField(tags, ['z'])?.key).toBe('dynamic.rule.enum');
    const code: TemplateField = { ...text, rules: [{ pattern: '^[A-Z]+$', trigger: 'change' }, { required: true }] };
    expect(checkField(code, '', 'zh-CN', 'change')).toBeNull();
    expect(checkField(code, 'ab', 'zh-CN', 'change')?.key).toBe('dynamic.rule.pattern.mismatch');
    expect(checkField(code, '', 'zh-CN', 'blur')?.key).toBe('dynamic.rule.required');
    expect(Object.keys(checkValues([fee, code], { amount: 5, title: 'AB' }))).toEqual([]);
  });
});

describe('values on the wire', () => {
  it('typed: number and amount text becomes a number (thousands separators allowed), other text stays to be refused', () => {
    expect(inputValue(amount, '1,234.50')).toBe(1234.5);
    expect(inputValue(amount, ' 12 ')).toBe(12);
    expect(inputValue(amount, '')).toBeNull();
    expect(inputValue(amount, '12a')).toBe('12a');
    expect(inputValue(text, ' x ')).toBe(' x ');
  });

  it('travels as {name, value} pairs whose value is the JSON text of {"v": …}, and comes back typed', () => {
    const fields = [text, amount, tags];
    const data = toTemplateData(fields, { title: 'x', amount: 12.5, tags: ['a'] });
    expect(data).toEqual([
      { name: 'title', value: '{"v":"x"}' },
      { name: 'amount', value: '{"v":12.5}' },
      { name: 'tags', value: '{"v":["a"]}' },
    ]);
    expect(fromTemplateData(fields, data)).toEqual({ title: 'x', amount: 12.5, tags: ['a'] });
    expect(unwrapValue(wrapValue(null))).toBeNull();
    expect(unwrapValue('12')).toBeUndefined();
    expect(fromTemplateData(fields, [{ name: 'amount', value: '{"v":"12"}' }]).amount).toBeNull();
  });

  const matchAll = async (checks: readonly PatternCheck[]) => checks.map((c) => new RegExp(c.pattern).test(c.value));

  it('is read by the server: unknown names, a pair twice, the wrong shape, then the rules', async () => {
    const { problems } = await readTemplateData([text, amount], [
      { name: 'title', value: '{"v":"a"}' },
      { name: 'title', value: '{"v":"b"}' },
      { name: 'amount', value: '{"v":"12"}' },
      { name: 'other', value: '{"v":1}' },
    ], 'zh-CN', matchAll);
    expect(Object.fromEntries(Object.entries(problems).map(([n, p]) => [n, p.key]))).toEqual({ title: 'dynamic.wire.duplicate', amount: 'dynamic.wire.badValue', other: 'dynamic.wire.unknownField' });
  });

  it('is read by the server with its patterns run by the caller, once per text and pattern; a test without a verdict refuses its value', async () => {
    const code: TemplateField = { ...text, rules: [{ pattern: '^[A-Z]+$', message: 'Capitals only' }, { pattern: '^[A-Z]+$' }] };
    const acct: TemplateField = { name: 'acct', text: '账号', textEn: 'Account', type: 'text', rules: [{ pattern: '^(a+)+$' }] };
    const note: TemplateField = { name: 'note', text: '备注', type: 'textarea', rules: [{ pattern: '(' }] };
    const fields = [code, acct, note, tags];
    const data = toTemplateData(fields, { title: 'AB', acct: 'a'.repeat(40) + '!', note: 'x', tags: ['a'] });
    expect(patternChecks(fields, { title: 'AB', acct: 'aa', note: 'x', tags: ['a'] })).toEqual([
      { pattern: '^[A-Z]+$', value: 'AB' },
      { pattern: '^(a+)+$', value: 'aa' },
    ]);
    const asked: PatternCheck[][] = [];
    // The server's runner gave up on the second test: no verdict.
    const { values, problems } = await readTemplateData(fields, data, 'en-US', async (checks) => {
      asked.push([...checks]);
      return [true, null];
    });
    expect(asked).toEqual([[{ pattern: '^[A-Z]+$', value: 'AB' }, { pattern: '^(a+)+$', value: 'a'.repeat(40) + '!' }]]);
    expect(values.acct).toBe('a'.repeat(40) + '!');
    // Not the administrator's own message: nobody knows whether the value breaks the rule.
    expect(problems.acct).toEqual({ key: 'dynamic.rule.pattern.unchecked', params: { field: 'Account' } });
    expect(problems.note?.key).toBe('dynamic.rule.default');
    expect(problems.title).toBeUndefined();
    // A runner that answers fewer verdicts than tests refuses the rest the same way.
    const short = await readTemplateData(fields, data, 'zh-CN', async () => [false]);
    expect(Object.fromEntries(Object.entries(short.problems).map(([n, p]) => [n, [p.key, p.message]]))).toEqual({
      title: ['dynamic.rule.pattern.mismatch', 'Capitals only'],
      acct: ['dynamic.rule.pattern.unchecked', undefined],
      note: ['dynamic.rule.default', undefined],
    });
    // Nothing to test, nothing asked.
    const none = jest.fn(matchAll);
    await readTemplateData(fields, toTemplateData(fields, { title: '', acct: null, note: null, tags: [] }), 'zh-CN', none);
    expect(none).not.toHaveBeenCalled();
  });

  it('answers of the reads: no data is null', () => {
    expect(parseLoadedForm(null)).toBeNull();
    expect(parseLoadedForm('not json')).toBeNull();
    expect(parseLoadedForm('{"x":1}')).toBeNull();
    expect(parseLoadedForm('{"template":[],"templateData":[]}')).toMatchObject({ template: [], templateData: [] });
  });
});

describe('the template check', () => {
  it('accepts every field type and data type it documents', () => {
    const all: TemplateField[] = [
      { name: 'a', text: 'A', type: 'text', max: 5, rules: [{ required: true, trigger: 'blur' }] },
      { name: 'b', text: 'B', type: 'textarea' },
      { name: 'c', text: 'C', type: 'number', min: 0, max: 9 },
      { name: 'd', text: 'D', type: 'amount', format: '2' },
      { name: 'e', text: 'E', type: 'date' },
      { name: 'f', text: 'F', type: 'dateTime', valueFormat: 'yyyy-MM-dd HH:mm:ss' },
      { name: 'g', text: 'G', type: 'remoteselect', dataType: 'custom', data: 'currency', hideData: 'currencyCode', showData: 'currencyName', queryData: 'currencyName', dropDownListRemoteSearch: true },
      { name: 'h', text: 'H', type: 'select', dataType: 'dictionary', data: 'FileType', ismuilte: true },
      { name: 'i', text: 'I', type: 'radio', dataType: 'constant', data: 'LoginType' },
      { name: 'j', text: 'J', type: 'checkbox', dataType: 'static', data: [{ text: 'x', value: 'x' }] },
      { name: 'k', text: 'K', type: 'magnifier', lookup: 'bank', fills: { k: 'cnapsCode', a: 'bankName' } },
      { name: 'l', text: 'L', type: 'file' },
    ];
    expect(templateProblems(all)).toEqual([]);
    expect(templateProblems({ template: all })).toEqual([]);
  });

  it('names each problem by its path', () => {
    const paths = (input: unknown) => templateProblems(input).map((p) => `${p.path} ${p.key.replace('dynamic.template.', '')}`);
    expect(paths('x')).toEqual([' notList']);
    expect(paths([{ name: 'a', text: 'A', type: 'text', colour: 'red' }])).toEqual(['fields[0].colour unknownKey']);
    expect(paths([{ name: 'a', text: 'A', type: 'magnifier', dataType: 'custom', data: 'bank', hideData: 'x', showData: 'y' }])).toEqual(['fields[0].lookup lookupNeeded']);
    // The budget's call needs a business currency a template cannot give: not offered.
    expect(paths([{ name: 'a', text: 'A', type: 'magnifier', lookup: 'budget' }])).toEqual(['fields[0].lookup lookupNeeded']);
    expect(paths([{ name: 'a', text: 'A', type: 'text', max: 5, lookup: 'bank', fills: {} }])).toEqual(['fields[0].lookup lookupOnMagnifier', 'fields[0].fills lookupOnMagnifier']);
    expect(paths([{ name: 'a', text: 'A', type: 'magnifier', lookup: 'bank', ismuilte: true }])).toEqual(['fields[0].ismuilte lookupNoMulti']);
    expect(paths([{ name: 'a', text: 'A', type: 'magnifier', lookup: 'organisation', fills: 'orgCode' }])).toEqual(['fields[0].fills badFills']);
    expect(
      paths([
        { name: 'org', text: 'O', type: 'magnifier', lookup: 'organisation', fills: { orgName: 'orgName', amount: 'orgCode', ghost: 'orgType', note: 'colour' } },
        { name: 'orgName', text: 'N', type: 'text' },
        { name: 'amount', text: 'M', type: 'amount' },
        { name: 'note', text: 'R', type: 'textarea' },
      ]),
    ).toEqual(['fields[0].fills fillsSelf', 'fields[0].fills.amount fillNotField', 'fields[0].fills.ghost fillNotField', 'fields[0].fills.note fillNoRowField']);
    expect(paths([{ name: 'a', text: 'A', type: 'remoteselect', dataType: 'custom', data: 'bank' }])).toEqual(['fields[0].hideData customField', 'fields[0].showData customField']);
    expect(paths([{ name: 'a', text: 'A', type: 'select', data: [{ text: 'x', value: 'x' }, { text: 'y', value: 'x' }] }])).toEqual(['fields[0].data[1] duplicateOption']);
    expect(paths([{ name: 'a', text: 'A', type: 'text', rules: [{ type: 'colour', min: 3, max: 1, trigger: 'hover' }] }])).toEqual([
      'fields[0].rules[0].type badRuleType',
      'fields[0].rules[0].min minAboveMax',
      'fields[0].rules[0].trigger badTrigger',
    ]);
    expect(paths([{ name: 'a', text: 'A', type: 'number', value: 'x' }])).toEqual(['fields[0].value badDefault']);
    const long = `^${'人'.repeat(DYNAMIC_PATTERN_MAX - 1)}$`;
    expect(paths([{ name: 'a', text: 'A', type: 'text', rules: [{ pattern: long.slice(1) }, { pattern: long }, { pattern: '(' }, { pattern: 1 }] }])).toEqual([
      'fields[0].rules[1].pattern patternTooLong',
      'fields[0].rules[2].pattern badPattern',
      'fields[0].rules[3].pattern badPattern',
    ]);
    expect(templateProblems([{ name: 'a', text: 'A', type: 'text', rules: [{ pattern: long }] }])[0]?.params).toEqual({ max: DYNAMIC_PATTERN_MAX });
    expect(parseTemplateText('[').problems[0]?.key).toBe('dynamic.template.json');
  });

  it('has a message for every problem in both languages', () => {
    const keys = Object.keys(en.template);
    expect(Object.keys(zh.template).sort()).toEqual([...keys].sort());
    expect(Object.keys(zh.wire).sort()).toEqual(Object.keys(en.wire).sort());
  });
});
