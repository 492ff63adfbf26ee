import { describe, expect, it } from '@jest/globals';
import { RESOURCES } from '../../src/resources';
import { choiceOf, choiceProblems, resolvedFields } from '../../src/resources/field-choice';
import { SENSITIVE_FIELD_DICTS } from '../../src/shared/constants';

const sensitiveSet = RESOURCES.find((d) => d.code === 'sensitive-set')!;
const dataAuth = RESOURCES.find((d) => d.code === 'data-auth')!;

describe('a field whose chooser follows another field', () => {
  it('follows a family of dictionaries: the resource chosen names the dictionary of its fields', () => {
    const field = sensitiveSet.fields.fieldName!;
    expect(choiceOf(field, {})).toEqual({ state: 'waiting', on: 'resourceCode' });
    const chosen = choiceOf(field, { resourceCode: 'counter-party' });
    expect(chosen.state === 'chosen' && chosen.field.dict).toBe(`${SENSITIVE_FIELD_DICTS}:counter-party`);
    expect(chosen.state === 'chosen' && 'choiceBy' in chosen.field).toBe(false);
    // Every value has a chooser: the field always applies once the resource is chosen.
    expect(choiceProblems(sensitiveSet, { resourceCode: 'bank', fieldName: 'bankName' })).toEqual([]);
    expect(choiceProblems(sensitiveSet, { fieldName: 'bankName' })).toEqual([{ field: 'fieldName', on: 'resourceCode' }]);
    expect(resolvedFields(sensitiveSet, { resourceCode: 'bank' }).fieldName!.dict).toBe(`${SENSITIVE_FIELD_DICTS}:bank`);
  });

  it('follows a map of choices: a kind the map does not name leaves the field out', () => {
    const field = dataAuth.fields.structCode!;
    expect(choiceOf(field, { dataType: 'orgStruct' })).toMatchObject({ state: 'chosen', field: { scroll: 'orgStruct' } });
    expect(choiceOf(field, { dataType: 'currency' })).toEqual({ state: 'none', on: 'dataType' });
    expect(choiceProblems(dataAuth, { dataType: 'currency', structCode: 'LEGAL' })).toEqual([{ field: 'structCode', on: 'dataType' }]);
    expect('structCode' in resolvedFields(dataAuth, { dataType: 'currency' })).toBe(false);
  });
});
