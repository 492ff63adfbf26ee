/**
 * A resource form's own check of its values (src/resources/form-values.ts), the one the edit form,
 * the import and the server's write share: here a date's day and a decimal's places against its field's scale,
 * which the database's numeric(p, scale) would otherwise round without a word.
 */
import { describe, expect, it } from '@jest/globals';
import rateAdd from '../../src/resources/defs/rate-add';
import { initialValues, validateValues, withinScale } from '../../src/resources/form-values';

const values = (rateValue: string) => ({ ...initialValues(rateAdd), rateType: 'LPR', currencyCode: 'CNY', tenor: '1Y', effectiveDate: '2026-12-01', rateValue });

describe('a decimal field and its scale', () => {
  it('takes up to the scale\'s places, trailing zeros and signs included', () => {
    for (const text of ['3', '3.1', '3.123456', '-0.000001', '3.1234560000']) expect([text, validateValues(rateAdd, values(text)).rateValue]).toEqual([text, undefined]);
  });

  it('refuses one place more, saying how many it keeps', () => {
    for (const text of ['3.1234567', '-0.0000001', '99.9999999']) expect([text, validateValues(rateAdd, values(text)).rateValue]).toEqual([text, { key: 'resource.error.scale', params: { scale: 6 } }]);
  });

  it('reports a value out of range or not a number as that, not as too precise', () => {
    expect(validateValues(rateAdd, values('100.0000001')).rateValue).toEqual({ key: 'resource.error.maximum', params: { max: 100 } });
    expect(validateValues(rateAdd, values('1.2.3')).rateValue).toEqual({ key: 'resource.error.number' });
  });

  it('decides on the number, so that large values whose places a double keeps pass', () => {
    expect([withinScale(123456789.123456, 6), withinScale(0.35, 6), withinScale(0.1 + 0.2, 6)]).toEqual([true, true, false]);
  });
});

describe('a date field', () => {
  const withDate = (effectiveDate: string) => ({ ...values('3'), effectiveDate });

  it('refuses a day the calendar lacks in the browser, as the server does, and a text not shaped as a date', () => {
    for (const text of ['2026-02-30', '2025-02-29', '2026-04-31', '0000-01-01']) expect([text, validateValues(rateAdd, withDate(text)).effectiveDate]).toEqual([text, { key: 'resource.error.date' }]);
    expect(validateValues(rateAdd, withDate('2026-1-5')).effectiveDate).toEqual({ key: 'resource.error.date' });
  });

  it('takes a real day, a leap day included', () => {
    for (const text of ['2026-12-01', '2028-02-29']) expect([text, validateValues(rateAdd, withDate(text)).effectiveDate]).toEqual([text, undefined]);
  });
});
