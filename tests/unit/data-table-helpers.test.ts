import { describe, expect, it } from '@jest/globals';
import { amountText, formatAmount, isAmount, NOT_A_NUMBER } from '../../src/shared/format-amount';
import { clampWidth, defaultColumns, isUsableOrder, mergeColumns, moveColumn, resetColumns, toSettings, updateColumn, type SavedColumn } from '../../src/machines/column-settings';
import { tableLayout } from '../../src/machines/column-settings.connect';
import { cellText, cutText, linkUrl, nextSort, tablePaging } from '../../src/widgets/table/table-helpers';
import { BIG_TABLE_PAGE_SIZES, COLUMN_WIDTH, LONG_CELL_TEXT_MAX, TABLE_PAGE_SIZES } from '../../src/shared/constants';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN } from '../../src/shared/contract/query-settings';

describe('formatAmount (widgets §9: 2 decimals with thousands separators)', () => {
  it('formats numbers and numeric text in zh-CN and en-US', () => {
    expect(formatAmount(1234567.891, 'zh-CN')).toBe('1,234,567.89');
    expect(formatAmount(1234567.891, 'en-US')).toBe('1,234,567.89');
    expect(formatAmount(0, 'en-US')).toBe('0.00');
    expect(formatAmount(-9876.5, 'zh-CN')).toBe('-9,876.50');
    expect(formatAmount('1000', 'en-US')).toBe('1,000.00');
  });

  it('keeps every digit of a decimal that arrives as text, and rounds a half away from zero', () => {
    expect(formatAmount('12345678901234567.895', 'en-US')).toBe('12,345,678,901,234,567.90');
    expect(formatAmount('1.005', 'zh-CN')).toBe('1.01');
    expect(formatAmount(' 2.5 ', 'zh-CN')).toBe('2.50');
  });

  it('takes other decimals when asked (a rate)', () => {
    expect(formatAmount('6.12345', 'zh-CN', 4)).toBe('6.1235');
  });

  it('refuses what is not a number, with the amount helper’s message (widgets §5)', () => {
    for (const bad of ['abc', '', '1,000', 'NaN', NaN, Infinity]) expect(() => formatAmount(bad as never, 'en-US')).toThrow(NOT_A_NUMBER);
    expect(isAmount('12.5')).toBe(true);
    expect(isAmount(null)).toBe(false);
  });

  it('amountText: empty for no value, the value itself when it is not a number', () => {
    expect([amountText(null, 'en-US'), amountText(undefined, 'en-US'), amountText('', 'en-US')]).toEqual(['', '', '']);
    expect(amountText('n/a', 'en-US')).toBe('n/a');
    expect(amountText(1500, 'en-US')).toBe('1,500.00');
  });
});

describe('column settings helpers', () => {
  const base = [
    { field: '#seq', kind: 'seq' as const },
    { field: 'code', kind: 'code' as const },
    { field: 'name', kind: 'text' as const },
    { field: 'amount', kind: 'amount' as const },
    { field: '#operation', kind: 'operation' as const },
  ];
  const defaults = defaultColumns(base);
  const s = (field: string, over: Partial<SavedColumn> = {}): SavedColumn => ({ field, fixed: 'none', visible: true, width: 140, exist: true, ...over });

  it('defaults: portal-shell §9 widths per kind, the operation column fixed right, everything shown', () => {
    expect(defaults.map((c) => [c.field, c.width, c.fixed, c.visible, c.exist])).toEqual([
      ['#seq', COLUMN_WIDTH.seq, 'none', true, true],
      ['code', COLUMN_WIDTH.code, 'none', true, true],
      ['name', COLUMN_WIDTH.default, 'none', true, true],
      ['amount', COLUMN_WIDTH.amount, 'none', true, true],
      ['#operation', COLUMN_WIDTH.operation, 'right', true, true],
    ]);
  });

  it('a custom order is used only with the same count and every entry known, once (widgets §5)', () => {
    const order = ['name', '#seq', 'code', '#operation', 'amount'];
    expect(isUsableOrder(base, order.map((f) => s(f)))).toBe(true);
    expect(isUsableOrder(base, order.slice(1).map((f) => s(f)))).toBe(false);
    expect(isUsableOrder(base, [...order.slice(1), 'gone'].map((f) => s(f)))).toBe(false);
    expect(isUsableOrder(base, [...order.slice(1), '#seq'].map((f) => s(f)))).toBe(false);
    expect(isUsableOrder(base, null)).toBe(false);
    expect(mergeColumns(defaults, order.map((f) => s(f))).map((c) => c.field)).toEqual(order);
  });

  it('merges a usable saved list: order, fixing, visibility, width (clamped) and existence; the kind stays the page’s', () => {
    const saved = [s('amount', { fixed: 'left', width: 99999, type: 'text' }), s('#seq'), s('code', { visible: false }), s('name', { exist: false, width: 3 }), s('#operation', { fixed: 'bogus' })];
    const merged = mergeColumns(defaults, saved);
    expect(merged.map((c) => [c.field, c.kind, c.fixed, c.visible, c.width, c.exist])).toEqual([
      ['amount', 'amount', 'left', true, COLUMN_WIDTH_MAX, true],
      ['#seq', 'seq', 'none', true, 140, true],
      ['code', 'code', 'none', false, 140, true],
      ['name', 'text', 'none', true, COLUMN_WIDTH_MIN, false],
      // A malformed fixing keeps the default.
      ['#operation', 'operation', 'right', true, 140, true],
    ]);
  });

  it('an unusable saved list keeps the default order, but still brings the known columns’ settings', () => {
    const merged = mergeColumns(defaults, [s('name', { width: 300 }), s('gone', { width: 500 })]);
    expect(merged.map((c) => c.field)).toEqual(base.map((c) => c.field));
    expect(merged.find((c) => c.field === 'name')!.width).toBe(300);
    expect(mergeColumns(defaults, null)).toEqual(defaults);
    expect(mergeColumns(defaults, [])).toEqual(defaults);
  });

  it('the page’s existence flags have the last word, even with nothing saved', () => {
    expect(mergeColumns(defaults, null, { amount: false }).find((c) => c.field === 'amount')!.exist).toBe(false);
    expect(mergeColumns(defaults, [s('amount', { exist: false })], { amount: true }).find((c) => c.field === 'amount')!.exist).toBe(true);
  });

  it('moves among the listed columns, updates one column, resets but keeps existence, and writes what the contract takes', () => {
    const hiddenCode = updateColumn(defaults, 'code', { exist: false });
    // A staff member's list has no `code`: moving `name` up passes over it.
    expect(moveColumn(hiddenCode, 'name', -1, (c) => c.exist).map((c) => c.field)).toEqual(['name', '#seq', 'code', 'amount', '#operation']);
    expect(moveColumn(defaults, 'name', -1).map((c) => c.field)).toEqual(['#seq', 'name', 'code', 'amount', '#operation']);
    expect(moveColumn(defaults, '#seq', -1)).toEqual(defaults);
    expect(moveColumn(defaults, '#operation', 1)).toEqual(defaults);
    expect(updateColumn(defaults, 'name', { width: 5 }).find((c) => c.field === 'name')!.width).toBe(COLUMN_WIDTH_MIN);
    expect(updateColumn(defaults, 'nope', { width: 500 })).toEqual(defaults);
    const edited = updateColumn(updateColumn(moveColumn(hiddenCode, 'amount', -1), 'name', { visible: false }), 'amount', { fixed: 'left' });
    expect(resetColumns(defaults, edited)).toEqual(hiddenCode);
    expect(toSettings(defaults)[4]).toEqual({ field: '#operation', fixed: 'right', visible: true, width: COLUMN_WIDTH.operation, exist: true, type: 'operation' });
    expect([clampWidth(NaN), clampWidth(10.6), clampWidth(150.4)]).toEqual([COLUMN_WIDTH_MIN, COLUMN_WIDTH_MIN, 150]);
  });

  it('gives TanStack Table its order, visibility, pinning and sizing', () => {
    const cols = updateColumn(updateColumn(updateColumn(defaults, 'code', { fixed: 'left' }), 'name', { visible: false }), 'amount', { exist: false });
    expect(tableLayout(cols)).toEqual({
      columnOrder: ['#seq', 'code', 'name', 'amount', '#operation'],
      columnVisibility: { '#seq': true, code: true, name: false, amount: false, '#operation': true },
      columnPinning: { left: ['code'], right: ['#operation'] },
      columnSizing: { '#seq': 50, code: 140, name: 140, amount: 180, '#operation': 180 },
    });
  });
});

describe('table helpers', () => {
  it('tablePaging: the big-data sizes from 50, the others from 10 (widgets §9)', () => {
    expect(tablePaging()).toEqual({ pageSize: 10, pageSizes: TABLE_PAGE_SIZES });
    expect(tablePaging(true)).toEqual({ pageSize: 50, pageSizes: BIG_TABLE_PAGE_SIZES });
  });

  it('nextSort cycles ascending → descending → none; another column starts ascending', () => {
    expect(nextSort(null, 'name')).toEqual({ field: 'name', order: 'asc' });
    expect(nextSort({ field: 'name', order: 'asc' }, 'name')).toEqual({ field: 'name', order: 'desc' });
    expect(nextSort({ field: 'name', order: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ field: 'code', order: 'desc' }, 'name')).toEqual({ field: 'name', order: 'asc' });
  });

  it('cutText cuts over LONG_CELL_TEXT_MAX characters, counting a Chinese character or an emoji as one', () => {
    const exact = 'x'.repeat(LONG_CELL_TEXT_MAX);
    expect(cutText(exact)).toEqual({ text: exact, cut: false });
    expect(cutText(`${exact}y`)).toEqual({ text: `${exact}…`, cut: true });
    const han = '资'.repeat(LONG_CELL_TEXT_MAX + 3);
    expect(cutText(han).text).toBe(`${'资'.repeat(LONG_CELL_TEXT_MAX)}…`);
    const emoji = '💴'.repeat(LONG_CELL_TEXT_MAX + 1);
    expect(Array.from(cutText(emoji).text)).toHaveLength(LONG_CELL_TEXT_MAX + 1);
  });

  it('cellText writes nothing for null, lists with commas, objects as JSON', () => {
    expect([cellText(null), cellText(undefined), cellText(0), cellText(false), cellText(['a', null, 'b']), cellText({ a: 1 })]).toEqual(['', '', '0', 'false', 'a, b', '{"a":1}']);
  });

  it('linkUrl appends the row’s fields, encoded, to the base’s own query', () => {
    const row = { id: 7, name: '工商银行 & Co', code: 'a/b?c=d#e', empty: null };
    expect(linkUrl('https://example.invalid/page', row, ['id', 'name'])).toBe('https://example.invalid/page?id=7&name=%E5%B7%A5%E5%95%86%E9%93%B6%E8%A1%8C+%26+Co');
    expect(linkUrl('/embedded/view?mode=view', row, ['code', 'empty', 'missing'])).toBe('/embedded/view?mode=view&code=a%2Fb%3Fc%3Dd%23e');
    // A field of the base's own name is replaced, not repeated.
    expect(linkUrl('/v?id=1', row, ['id'])).toBe('/v?id=7');
    // A plain fragment stays after the query; a hash route gets the query itself.
    expect(linkUrl('https://example.invalid/doc#part', row, ['id'])).toBe('https://example.invalid/doc?id=7#part');
    expect(linkUrl('index.html#/bank/view?mode=view', row, ['id'])).toBe('index.html#/bank/view?mode=view&id=7');
    expect(linkUrl('/page', row, [])).toBe('/page');
    expect(new URL(linkUrl('https://example.invalid/p', row, ['name'])).searchParams.get('name')).toBe(row.name);
  });
});
