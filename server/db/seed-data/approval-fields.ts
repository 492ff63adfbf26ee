/**
 * The example approval field config (issue 11 point 5; docs/edit-form-settings.md): a checker
 * of a benchmark-rate application may correct its remark (the explanation that goes out with
 * the published rate) while the rate, tenor and dates stay read-only. The value is kept.
 */
export const APPROVAL_FIELDS = [{ code: 'rate-add', prop: 'remark', disabled: false, value: null, isValidValue: true }];
