/**
 * Form helpers of widgets §5 and §9 (issue 11 point 8): the Chinese capital amount, the date
 * and date-time formats, and the date-range shortcuts. Pure functions: `now` is passed in.
 */
import { capitalAmount, CAPITAL_AMOUNT_TOO_LARGE, CAPITAL_AMOUNT_TOO_PRECISE } from '../../src/shared/capital-amount';
import { NOT_A_NUMBER } from '../../src/shared/format-amount';

describe('capitalAmount', () => {
  it.each<[number | string, string]>([
    [0, '零元整'],
    ['0.00', '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [10000, '壹万元整'],
    [100000, '壹拾万元整'],
    [100001, '壹拾万零壹元整'],
    [1000100, '壹佰万零壹佰元整'],
    [10010.05, '壹万零壹拾元零伍分'],
    [0.5, '伍角'],
    [0.05, '伍分'],
    ['0.0005', '伍毫'],
    [1.05, '壹元零伍分'],
    ['1.0005', '壹元零伍毫'],
    ['1.1005', '壹元壹角零伍毫'],
    ['1.1234', '壹元壹角贰分叁厘肆毫'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [100000000, '壹亿元整'],
    [100010000, '壹亿零壹万元整'],
    [1000000001, '壹拾亿零壹元整'],
    [110000000, '壹亿壹仟万元整'],
    [100000001, '壹亿零壹元整'],
    [1e12, '壹万亿元整'],
    [1000100000000, '壹万零壹亿元整'],
    [1000000010000, '壹万亿零壹万元整'],
    [1234567890123, '壹万贰仟叁佰肆拾伍亿陆仟柒佰捌拾玖万零壹佰贰拾叁元整'],
    ['9999999999999999.9999', '玖仟玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖厘玖毫'],
    ['1,234.50', '壹仟贰佰叁拾肆元伍角'],
    ['1,234,567', '壹佰贰拾叁万肆仟伍佰陆拾柒元整'],
    [' 12.30 ', '壹拾贰元叁角'],
    ['1.50000', '壹元伍角'],
    ['1.5e3', '壹仟伍佰元整'],
    ['.5', '伍角'],
    [-12.3, '负壹拾贰元叁角'],
    ['-0.05', '负伍分'],
    ['-0', '零元整'],
    ['+7', '柒元整'],
  ])('%p → %s', (value, expected) => {
    expect(capitalAmount(value)).toBe(expected);
  });

  it('works from the decimal text, not float sums', () => {
    // 0.1 + 0.2 is 0.30000000000000004: more than four decimals, refused rather than rounded.
    expect(() => capitalAmount(0.1 + 0.2)).toThrow(CAPITAL_AMOUNT_TOO_PRECISE);
    expect(capitalAmount('0.3')).toBe('叁角');
  });

  it.each<[unknown, string]>([
    [1e16, CAPITAL_AMOUNT_TOO_LARGE],
    ['10000000000000000', CAPITAL_AMOUNT_TOO_LARGE],
    ['-10000000000000000', CAPITAL_AMOUNT_TOO_LARGE],
    ['1e400', CAPITAL_AMOUNT_TOO_LARGE],
    ['1.23456', CAPITAL_AMOUNT_TOO_PRECISE],
    [0.00001, CAPITAL_AMOUNT_TOO_PRECISE],
    ['abc', NOT_A_NUMBER],
    ['', NOT_A_NUMBER],
    ['.', NOT_A_NUMBER],
    ['1,23', NOT_A_NUMBER],
    ['1.2.3', NOT_A_NUMBER],
    [NaN, NOT_A_NUMBER],
    [Infinity, NOT_A_NUMBER],
    [null, NOT_A_NUMBER],
    [undefined, NOT_A_NUMBER],
    [{}, NOT_A_NUMBER],
  ])('refuses %p with "%s"', (value, message) => {
    expect(() => capitalAmount(value as number)).toThrow(new Error(message));
  });
});
