import { describe, expect, it } from '@jest/globals';
import { editableInApproval, fieldConfigEffect, type FieldConfigEntry } from '../../src/shared/field-config';
import { hiddenSections, mergeSections, moveSection, resetSections, sectionMoveTarget, setSectionExist, visibleSections } from '../../src/shared/section-order';

const cfg = (prop: string, over: Partial<FieldConfigEntry> = {}): FieldConfigEntry => ({ prop, value: null, disabled: true, isValidValue: true, ...over });

describe('approval field config rules (src/shared/field-config.ts)', () => {
  it('enables exactly the fields whose config says disabled: false, each once, by its first config', () => {
    expect(editableInApproval([])).toEqual([]);
    expect(editableInApproval([cfg('remark', { disabled: false }), cfg('rateValue'), cfg('tenor', { disabled: false }), cfg('remark', { disabled: true })])).toEqual(['remark', 'tenor']);
    expect(editableInApproval([cfg('remark'), cfg('remark', { disabled: false })])).toEqual([]);
  });

  it('clears the value when isValidValue is false, sets a non-null value when it is true, keeps it otherwise', () => {
    expect(
      fieldConfigEffect([
        cfg('remark', { disabled: false }),
        cfg('rateValue', { isValidValue: false, value: '9.99' }),
        cfg('tenor', { value: '1Y' }),
        cfg('memo', { value: '' }),
      ]),
    ).toEqual({ enabled: ['remark'], cleared: ['rateValue'], values: { tenor: '1Y', memo: '' } });
  });
});

describe('section order rules (src/shared/section-order.ts)', () => {
  const defaults = ['a', 'b', 'c'];
  it('takes a saved order only when it names exactly the defaults (widgets §5); the hidden ones stay in place but are not shown', () => {
    expect(mergeSections(defaults, [{ name: 'c' }, { name: 'a' }, { name: 'b' }], ['a'])).toEqual([{ name: 'c', exist: true }, { name: 'a', exist: false }, { name: 'b', exist: true }]);
    for (const stale of [[{ name: 'c' }, { name: 'a' }], [{ name: 'c' }, { name: 'a' }, { name: 'x' }], [{ name: 'c' }, { name: 'c' }, { name: 'a' }], [{}, { name: 'a' }, { name: 'b' }]]) {
      expect(mergeSections(defaults, stale).map((s) => s.name)).toEqual(defaults);
    }
    expect(mergeSections(defaults, null, [42, 'b'])).toEqual([{ name: 'a', exist: true }, { name: 'b', exist: false }, { name: 'c', exist: true }]);
    const merged = mergeSections(defaults, null, ['b']);
    expect([visibleSections(merged), hiddenSections(merged)]).toEqual([['a', 'c'], ['b']]);
  });

  it('moves among the listed sections only, swapping with the neighbour so hidden ones keep their places', () => {
    const s = mergeSections(defaults, null, ['b']);
    const shown = (x: { exist: boolean }) => x.exist;
    expect(sectionMoveTarget(s, 'a', 1, shown)).toBe(2);
    expect(moveSection(s, 'a', 1, shown).map((x) => x.name)).toEqual(['c', 'b', 'a']);
    expect(moveSection(s, 'a', -1, shown)).toEqual(s);
    expect(moveSection(s, 'zz', 1)).toEqual(s);
    expect(moveSection(s, 'a', 1).map((x) => x.name)).toEqual(['b', 'a', 'c']);
    expect(sectionMoveTarget(s, 'a', 0)).toBe(-1);
  });

  it('resets to the default order keeping the hidden flags; a flag changes one section', () => {
    const s = setSectionExist(mergeSections(defaults, [{ name: 'c' }, { name: 'b' }, { name: 'a' }]), 'c', false);
    expect(resetSections(defaults, s)).toEqual([{ name: 'a', exist: true }, { name: 'b', exist: true }, { name: 'c', exist: false }]);
    expect(setSectionExist(s, 'nope', false)).toEqual(s);
  });
});
