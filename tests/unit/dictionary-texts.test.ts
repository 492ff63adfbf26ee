import { describe, expect, it, jest } from '@jest/globals';
import type { Endpoint } from '../../src/shared/contract';
import { DICTIONARY_CODES_MAX } from '../../src/shared/contract/dictionary';

// The table's dictionary names (services/dictionaries.ts) against a double of the dictionary
// query: what it asks, and what each cell then reads.
const asked: string[][] = [];
const RESOURCES = Array.from({ length: DICTIONARY_CODES_MAX + 5 }, (_, i) => ({ value: `res-${i}`, text: `资源${i}` }));
jest.mock('../../src/services/http/call', () => ({
  call: async (_endpoint: Endpoint, codes: string[]) => {
    asked.push(codes);
    const dictionary: Record<string, Array<{ value: string; text: string }>> = {};
    for (const code of codes) {
      if (code === 'Resources') dictionary[code] = RESOURCES;
      else if (code === 'Broken') throw new Error('down');
      else if (code.startsWith('Field:')) dictionary[code] = [{ value: 'acctNo', text: `${code.slice('Field:'.length)}的账号 (acctNo)` }];
    }
    return { dictionary, constant: {}, custom: {} };
  },
}));

const { dictionaryOptions, dictionaryTexts, forgetPartialTexts, prefetchFamily } = jest.requireActual<typeof import('../../src/services/dictionaries')>('../../src/services/dictionaries');

describe('dictionaryTexts', () => {
  it('names a following column by the dictionary of the value it follows, asking in groups the contract allows', async () => {
    const names = await dictionaryTexts('t1', [{ field: 'resourceCode', dict: 'Resources' }, { field: 'fieldName', on: 'resourceCode', dictOf: (v) => `Field:${v}` }], 'zh-CN');
    expect(names.get('resourceCode')!('res-3', {})).toBe('资源3');
    expect(names.get('fieldName')!('acctNo', { resourceCode: 'res-3' })).toBe('res-3的账号 (acctNo)');
    expect(names.get('fieldName')!('acctNo', { resourceCode: `res-${DICTIONARY_CODES_MAX + 4}` })).toBe(`res-${DICTIONARY_CODES_MAX + 4}的账号 (acctNo)`);
    // A value its dictionary does not hold, or a row without the followed value: no name, the cell shows the value.
    expect(names.get('fieldName')!('other', { resourceCode: 'res-3' })).toBeUndefined();
    expect(names.get('fieldName')!('acctNo', {})).toBeUndefined();
    // One request for the plain dictionary, then the family's codes in groups of at most the contract's limit.
    expect(asked.map((codes) => codes.length)).toEqual([1, DICTIONARY_CODES_MAX, 5]);
  });

  it('leaves cells as values when a dictionary fails, and asks again next time', async () => {
    asked.length = 0;
    const names = await dictionaryTexts('t2', [{ field: 'kind', dict: 'Broken' }], 'zh-CN');
    expect(names.get('kind')!('A', {})).toBeUndefined();
    await dictionaryTexts('t3', [{ field: 'kind', dict: 'Broken' }], 'zh-CN');
    expect(asked).toEqual([['Broken'], ['Broken']]);
  });

  it('keeps a set with a failed dictionary while its page is open, and forgets it when the page closes', async () => {
    asked.length = 0;
    const columns = [{ field: 'kind', dict: 'Broken' }];
    const first = dictionaryTexts('t4', columns, 'zh-CN');
    await first;
    // The open page renders again: the same promise, no new request (a new one would suspend the page).
    expect(dictionaryTexts('t4', columns, 'zh-CN')).toBe(first);
    expect(asked).toEqual([['Broken']]);
    forgetPartialTexts('t4');
    const next = dictionaryTexts('t4', columns, 'zh-CN');
    expect(next).not.toBe(first);
    await next;
    expect(asked).toEqual([['Broken'], ['Broken']]);
  });

  it('keeps a whole set when its page closes', async () => {
    asked.length = 0;
    const columns = [{ field: 'resourceCode', dict: 'Resources' }];
    const first = dictionaryTexts('t5', columns, 'zh-CN');
    await first;
    forgetPartialTexts('t5');
    expect(dictionaryTexts('t5', columns, 'zh-CN')).toBe(first);
  });
});

describe('prefetchFamily', () => {
  it('brings every member of a family in one request, each then ready without suspending or asking again', async () => {
    asked.length = 0;
    await prefetchFamily('Resources', (v) => `Field:${v}`, 'en-US');
    // The followed dictionary, then its values' dictionaries in the contract's groups.
    expect(asked.map((codes) => codes.length)).toEqual([1, DICTIONARY_CODES_MAX, 5]);
    const ready = dictionaryOptions('Field:res-7', 'en-US') as Promise<unknown> & { status?: string; value?: unknown };
    expect([ready.status, ready.value]).toEqual(['fulfilled', [{ value: 'acctNo', text: 'res-7的账号 (acctNo)' }]]);
    await prefetchFamily('Resources', (v) => `Field:${v}`, 'en-US');
    expect(asked).toHaveLength(3);
  });

  it('marks a dictionary asked alone fulfilled once it is in', async () => {
    const first = dictionaryOptions('Resources', 'zh-CN') as Promise<unknown> & { status?: string };
    await first;
    expect(first.status).toBe('fulfilled');
  });
});
