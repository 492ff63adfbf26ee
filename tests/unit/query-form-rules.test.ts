import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  applyOrder,
  defaultValues,
  defaultsOf,
  effectiveRequired,
  fieldProblems,
  hasFilter,
  isJsonObjectText,
  isShown,
  moveInOrder,
  nameLength,
  parseExtended,
  savedNameProblem,
  toFormValues,
  toParams,
  valueKeys,
  type QueryField,
} from '../../src/shared/query-rules';
import { saveProblemOf, shownFields, type QueryPageContext } from '../../src/machines/query-page.machine';
import { resourceQueryFields } from '../../src/widgets/query-form/fields';
import currency from '../../src/resources/defs/currency';
import { RESOURCES } from '../../src/resources';
import { SAVED_QUERY_MAX_DEFAULT, SAVED_QUERY_NAME_MAX } from '../../src/shared/constants';

/** Widgets §5 rules of the query form, as pure functions the browser and the server share. */
const today = '2026-03-05';
const fields: QueryField[] = [
  { name: 'code', label: '代码', type: 'text', max: 3, required: true },
  { name: 'amount', label: '金额', type: 'decimal', min: 0, max: 100 },
  { name: 'count', label: '笔数', type: 'int', min: 1, max: 9 },
  { name: 'day', label: '日期', type: 'date' },
  { name: 'enabled', label: '启用', type: 'bool' },
];
const field = (name: string) => fields.find((f) => f.name === name)!;

describe('saved query name, counted in code points', () => {
  it(`allows ${SAVED_QUERY_NAME_MAX}: six Chinese characters and six emoji fit, seven do not; blanks are empty`, () => {
    expect(nameLength('人民币查询一')).toBe(6);
    expect(nameLength('🙂🙂🙂🙂🙂🙂')).toBe(6);
    expect(savedNameProblem('人民币查询一')).toBeNull();
    expect(savedNameProblem('🙂🙂🙂🙂🙂🙂')).toBeNull();
    expect(savedNameProblem(' abcdef ')).toBeNull();
    expect(savedNameProblem('人民币查询一二')).toBe('nameTooLong');
    expect(savedNameProblem('')).toBe('nameRequired');
    expect(savedNameProblem('   ')).toBe('nameRequired');
  });

  it('needs at least one filled value: false and 0 count, blanks and null do not', () => {
    expect(hasFilter({})).toBe(false);
    expect(hasFilter({ a: '', b: '  ', c: null })).toBe(false);
    expect(hasFilter({ a: false })).toBe(true);
    expect(hasFilter({ a: 0 })).toBe(true);
    expect(hasFilter({ a: ' x ' })).toBe(true);
  });
});

describe('hidden-field default value', () => {
  it('is empty or the JSON text of an object', () => {
    for (const ok of ['', '   ', '{}', '{"a":1}', ' {"a":{"b":[1]}} ']) expect(isJsonObjectText(ok)).toBe(true);
    for (const bad of ['[]', 'null', '1', '"x"', '{a:1}', '{"a":', 'true']) expect(isJsonObjectText(bad)).toBe(false);
  });

  it('names the field\'s value keys, or `value` for all of them; $now becomes today', () => {
    expect(defaultsOf(field('code'), '{"code":"CNY"}', today)).toEqual({ code: 'CNY' });
    expect(defaultsOf(field('code'), '{"value":"USD"}', today)).toEqual({ code: 'USD' });
    expect(defaultsOf(field('day'), '{"value":"$now"}', today)).toEqual({ dayFrom: today, dayTo: today });
    expect(defaultsOf(field('day'), '{"dayFrom":"2026-01-01","dayTo":"$now"}', today)).toEqual({ dayFrom: '2026-01-01', dayTo: today });
    expect(defaultsOf(field('amount'), '{"amount":12.5}', today)).toEqual({ amount: '12.5' });
    expect(defaultsOf(field('enabled'), '{"enabled":false}', today)).toEqual({ enabled: 'false' });
    // Other keys, nested values, text that is not an object: nothing.
    expect(defaultsOf(field('code'), '{"other":"x","code":{"a":1}}', today)).toEqual({});
    expect(defaultsOf(field('code'), '[1]', today)).toEqual({});
    expect(defaultsOf(field('code'), '', today)).toEqual({});
    expect(defaultValues(fields, [{ prop: 'code', showOrHide: true, defaultVal: '{"code":"EUR"}', required: 1 }, { prop: 'day', showOrHide: false, defaultVal: '{"value":"$now"}', required: 1 }], today)).toEqual({ code: 'EUR', dayFrom: today, dayTo: today });
  });
});

describe('required setting', () => {
  it('1 keeps the field\'s rules, 2 requires it, 3 makes it optional', () => {
    expect(effectiveRequired({ required: true }, { required: 1 })).toBe(true);
    expect(effectiveRequired({ required: false }, { required: 1 })).toBe(false);
    expect(effectiveRequired({}, { required: 2 })).toBe(true);
    expect(effectiveRequired({ required: true }, { required: 3 })).toBe(false);
    expect(effectiveRequired({ required: true })).toBe(true);
    expect(isShown(undefined)).toBe(true);
    expect(isShown({ showOrHide: false })).toBe(false);
  });

  it('a required field with nothing in it says "不能为空" (the key query.rule.required); a date needs one end', () => {
    expect(fieldProblems(field('code'), {}, true)).toEqual({ code: { key: 'query.rule.required' } });
    expect(fieldProblems(field('code'), {}, false)).toEqual({});
    expect(fieldProblems(field('day'), { dayTo: today }, true)).toEqual({});
    expect(fieldProblems(field('day'), {}, true)).toEqual({ dayFrom: { key: 'query.rule.required' } });
  });
});

describe('custom order', () => {
  const defaults = ['a', 'b', 'c'];
  it('is used only with the same count and every entry known, once', () => {
    expect(applyOrder(defaults, ['c', 'a', 'b'])).toEqual(['c', 'a', 'b']);
    expect(applyOrder(defaults, null)).toEqual(defaults);
    expect(applyOrder(defaults, ['c', 'a'])).toEqual(defaults);
    expect(applyOrder(defaults, ['c', 'a', 'x'])).toEqual(defaults);
    expect(applyOrder(defaults, ['c', 'a', 'b', 'd'])).toEqual(defaults);
    expect(applyOrder(defaults, ['a', 'a', 'b'])).toEqual(defaults);
  });

  it('moves one field, clamped at the ends', () => {
    expect(moveInOrder(defaults, 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveInOrder(defaults, 'a', -1)).toBe(defaults);
    expect(moveInOrder(defaults, 'a', 5)).toEqual(['b', 'c', 'a']);
    expect(moveInOrder(defaults, 'x', 1)).toBe(defaults);
  });
});

describe('values and their problems', () => {
  it('checks numbers, bounds, text length in code points, dates and their order', () => {
    expect(fieldProblems(field('amount'), { amount: 'abc' }, false)).toEqual({ amount: { key: 'query.rule.number' } });
    expect(fieldProblems(field('amount'), { amount: '-1' }, false)).toEqual({ amount: { key: 'query.rule.min', params: { min: 0 } } });
    expect(fieldProblems(field('amount'), { amount: '100.5' }, false)).toEqual({ amount: { key: 'query.rule.max', params: { max: 100 } } });
    expect(fieldProblems(field('count'), { count: '1.5' }, false)).toEqual({ count: { key: 'query.rule.integer' } });
    expect(fieldProblems(field('code'), { code: '人民币' }, false)).toEqual({});
    expect(fieldProblems(field('code'), { code: 'ABCD' }, false)).toEqual({ code: { key: 'query.rule.maxLength', params: { max: 3 } } });
    expect(fieldProblems(field('day'), { dayFrom: '2026-13-40' }, false)).toEqual({ dayFrom: { key: 'query.rule.date' } });
    // A day the calendar lacks, which Date.parse would roll into March.
    expect(fieldProblems(field('day'), { dayFrom: '2026-02-30', dayTo: '2026-1-5' }, false)).toEqual({ dayFrom: { key: 'query.rule.date' }, dayTo: { key: 'query.rule.date' } });
    // The same check as the server's (isCalendarDate): a leap day is a day.
    expect(fieldProblems(field('day'), { dayFrom: '2028-02-29', dayTo: '2028-03-01' }, false)).toEqual({});
    expect(fieldProblems(field('day'), { dayFrom: '2026-03-05', dayTo: '2026-03-01' }, false)).toEqual({ dayTo: { key: 'query.rule.dateOrder' } });
    expect(fieldProblems(field('day'), { dayFrom: '2026-03-01', dayTo: '2026-03-05' }, false)).toEqual({});
  });

  it('sends typed values under their keys, blanks left out; and reads saved ones back', () => {
    const values = { code: ' CNY ', amount: '12.5', count: '3', dayFrom: '2026-01-01', dayTo: '', enabled: 'false', stray: 'x' };
    expect(toParams(fields, values)).toEqual({ code: 'CNY', amount: 12.5, count: 3, dayFrom: '2026-01-01', enabled: false });
    expect(toFormValues(fields, { code: 'CNY', amount: 12.5, enabled: false, dayTo: '2026-02-02', stray: 1, count: null })).toEqual({ code: 'CNY', amount: '12.5', enabled: 'false', dayTo: '2026-02-02' });
    expect(valueKeys(field('day'))).toEqual(['dayFrom', 'dayTo']);
  });
});

describe('extended fields', () => {
  it('come from the template list; numbers and amounts get number rules; dictionary and static options become selects', () => {
    const text = JSON.stringify({
      template: [
        { name: 'note', text: '备注', type: 'textarea', max: 20 },
        { name: 'fee', text: '手续费', type: 'amount', min: 0, rules: [{ required: true }] },
        { name: 'kind', text: '类型', type: 'select', dataType: 'dictionary', data: 'Kind' },
        { name: 'level', text: '级别', type: 'radio', data: [{ value: '1', text: '一级' }, { value: 2 }, { text: 'no value' }] },
        { name: 'when', text: '时间', type: 'dateTime' },
        { name: 'code', text: 'duplicate of a page field', type: 'text' },
        { name: '1bad', text: 'bad name' },
        'not an object',
      ],
    });
    const parsed = parseExtended(text, ['code']);
    // A valid template field travels whole, for the dynamic-form renderer; the option list with bad options does not.
    expect(parsed.map((f) => f.extended?.name ?? null)).toEqual(['note', 'fee', 'kind', null, 'when']);
    expect(parsed.map(({ extended: _e, ...f }) => f)).toEqual([
      { name: 'note', label: '备注', type: 'text', max: 20 },
      { name: 'fee', label: '手续费', type: 'decimal', min: 0, required: true },
      { name: 'kind', label: '类型', type: 'dict', dict: 'Kind' },
      { name: 'level', label: '级别', type: 'select', options: [{ value: '1', text: '一级' }, { value: '2', text: '2' }] },
      { name: 'when', label: '时间', type: 'date' },
    ]);
    expect(parseExtended(JSON.stringify([{ name: 'x', text: 'X' }]))).toEqual([{ name: 'x', label: 'X', type: 'text' }]);
  });

  it('are ignored when the text does not parse or holds no list (widgets §8)', () => {
    for (const bad of ['{"template": [', 'null', '"x"', '{"template": 3}', '', null, undefined]) expect(parseExtended(bad as string)).toEqual([]);
  });
});

describe('what a save needs (the save dialog\'s inline problems)', () => {
  const base = (over: Partial<QueryPageContext>): QueryPageContext =>
    ({ fields, order: fields.map((f) => f.name), hidden: [{ prop: 'code', showOrHide: true, defaultVal: '', required: 3 }], values: { amount: '5' }, saveName: '常用', saved: [], ...over }) as QueryPageContext;
  it('a valid form first, then a name, then a filter, then room', () => {
    expect(saveProblemOf(base({ values: { amount: 'x' } }))).toBe('formInvalid');
    expect(saveProblemOf(base({ saveName: ' ' }))).toBe('nameRequired');
    expect(saveProblemOf(base({ saveName: '一二三四五六七' }))).toBe('nameTooLong');
    expect(saveProblemOf(base({ values: {} }))).toBe('noFilter');
    // A hidden field's default does not count as a filter the user chose.
    expect(saveProblemOf(base({ values: { dayFrom: today }, hidden: [{ prop: 'code', showOrHide: true, defaultVal: '', required: 3 }, { prop: 'day', showOrHide: false, defaultVal: '{"value":"$now"}', required: 1 }] }))).toBe('noFilter');
    expect(saveProblemOf(base({ saved: Array.from({ length: SAVED_QUERY_MAX_DEFAULT }) as never }))).toBe('tooMany');
    expect(saveProblemOf(base({}))).toBeNull();
    expect(shownFields(base({ hidden: [{ prop: 'day', showOrHide: false, defaultVal: '', required: 1 }] })).map((f) => f.name)).toEqual(['code', 'amount', 'count', 'enabled']);
  });
});

describe('a resource\'s query fields', () => {
  it('come from its definition, labels in the reader\'s language, none required', () => {
    expect(resourceQueryFields(currency, 'en-US')).toEqual([
      { name: 'currencyCode', label: 'Currency code', type: 'text', max: 3 },
      { name: 'currencyName', label: 'Currency name', type: 'text', max: 100 },
    ]);
    expect(resourceQueryFields(currency, 'zh-CN').map((f) => f.label)).toEqual(['币种代码', '币种名称']);
    // Every resource's query fields are usable by the form: dictionaries named, names valid keys.
    for (const def of RESOURCES) {
      for (const f of resourceQueryFields(def, 'zh-CN')) {
        expect(f.name).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
        if (f.type === 'dict') expect(f.dict).toBeTruthy();
        expect(f.required).toBeUndefined();
      }
    }
  });
});

describe('the query module\'s messages', () => {
  const read = (lang: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../../locale/query', lang, 'index.json'), 'utf8')) as Record<string, Record<string, string>>;
  const keys = (o: Record<string, unknown>, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
  it('has every key in both languages, and the spec\'s words where it gives them', () => {
    const zh = read('zh-CN');
    const en = read('en-US');
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    expect([zh.rule!.required, zh.hidden!.badJson, zh.hidden!.saved, zh.hidden!.failed]).toEqual(['不能为空', '请输入正确的JSON格式', '操作成功!', '操作失败!']);
    expect(en.hidden!.badJson).toBe('Enter a correct JSON format');
  });
});
