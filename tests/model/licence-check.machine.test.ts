import { expect } from '@jest/globals';
import { licenceCheckMachine } from '../../src/machines/licence-check.machine';
import { connectLicenceCheck } from '../../src/machines/licence-check.connect';
import { LICENCE_TEXT_MAX } from '../../src/shared/constants';
import type { LicenceCheckAnswer } from '../../src/shared/contract/licence';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof licenceCheckMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectLicenceCheck(s, () => undefined);
const FILE_TEXT = '-----BEGIN PRODUCT LICENCE-----\nabc\n-----END PRODUCT LICENCE-----';
const withdrawn: LicenceCheckAnswer = {
  status: 'valid',
  register: 'disabled',
  keyId: '0123456789abcdef',
  licence: { licenseNo: 'LIC1', licensee: 'A', maxUsers: 3, validFrom: '2026-01-01', validTo: '2026-12-31', machineCode: null, issuedAt: '2026-01-01T00:00:00.000Z', keyId: '0123456789abcdef' },
};
const offline = '网络连接失败';

/**
 * The licence check dialog (docs/licences.md, "Checking a licence"): only a text that could be a
 * licence is sent; an opened file's text replaces the typed one; the answer shows only while the
 * text it answered is there; a failed call keeps the text for a retry; closing forgets it all.
 */
describeModel(licenceCheckMachine, {
  events: {
    'DIALOG.OPEN': [{}],
    'DIALOG.CLOSE': [{}],
    'TEXT.CHANGE': (s: Snapshot) => (s.context.text ? [{ value: '' }] : [{ value: 'pasted' }, { value: 'x'.repeat(LICENCE_TEXT_MAX + 1) }]),
    'FILE.CHOOSE': (s: Snapshot) => (s.context.text === FILE_TEXT ? [] : [{ file: new Blob([FILE_TEXT]) }]),
    'CHECK.REQUEST': [{}],
    'CHECK.RETRY': [{}],
  },
  actors: {
    readFile: { outputs: [FILE_TEXT], errors: [new Error('文件过大')] },
    checkLicence: { outputs: [withdrawn], errors: [new Error(offline)] },
  },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.text.length, s.context.answer?.status ?? null, s.context.error])) as never,
  onState: (snapshot) => {
    const api = view(snapshot);
    expect(api.getDialogProps()).toMatchObject({ 'data-part': 'dialog', 'data-state': api.state, open: api.state !== 'closed' });
    // An answer is shown only in `checked`, for the text it answered.
    expect(api.answer === null).toBe(api.state !== 'checked');
    expect(api.tooLong).toBe(snapshot.context.text.length > LICENCE_TEXT_MAX);
  },
  states: {
    closed: (s) => {
      expect(s.context).toEqual({ text: '', answer: null, error: null });
    },
    editing: (s) => {
      const api = view(s);
      // Check only with a text that could be a licence; the text takes typing.
      expect(api.getCheckProps().disabled).toBe(!s.context.text.trim() || s.context.text.length > LICENCE_TEXT_MAX);
      expect(api.getTextProps().readOnly).toBe(false);
      expect(s.context.answer).toBeNull();
    },
    reading: (s, _step, run) => {
      const api = view(s);
      expect([api.busy, api.getTextProps().readOnly, api.getOpenProps(() => undefined)['aria-disabled']]).toEqual([true, true, true]);
      expect(run.inputs.readFile?.at(-1)).toEqual({ file: expect.any(Blob) });
    },
    checking: (s, _step, run) => {
      // Busy, not disabled: the focus stays on Check, and a second press sends nothing.
      const sent: unknown[] = [];
      const check = connectLicenceCheck(s as never, (e) => sent.push(e)).getCheckProps();
      expect([check.busy, check['aria-disabled'], check.disabled]).toEqual([true, true, false]);
      check.onClick();
      expect(sent).toEqual([]);
      expect(run.inputs.checkLicence?.at(-1)).toEqual({ text: s.context.text });
    },
    checked: (s) => {
      const api = view(s);
      // Genuine and valid, but withdrawn from the register: a warning, not a pass.
      expect([api.answer?.status, api.answer?.register, api.verdict, api.getResultProps()['data-verdict']]).toEqual(['valid', 'disabled', 'warn', 'warn']);
      expect(api.getRetryProps().hidden).toBe(true);
    },
    failed: (s) => {
      const api = view(s);
      expect([api.error, api.getRetryProps().hidden, api.getCheckProps().hidden]).toEqual([offline, false, true]);
      expect(s.context.text.trim()).not.toBe('');
    },
  },
});
