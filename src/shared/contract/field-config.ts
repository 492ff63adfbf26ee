import { Body, Type, endpoint, type Static } from './define';
import { PageCode } from './query-settings';

/**
 * The approval field config (widgets §2 "approvalField", §3 "Field config list", §4 "Approval
 * field config", §7 "Edit form"; issue 11 point 5): what an approval form, read-only
 * otherwise, lets the checker change. The `code` is the route parameter `approvalField`.
 * Administered as the `approval-field` resource (src/resources/defs/approval-field.ts); the
 * meaning of each flag is in src/shared/field-config.ts and docs/edit-form-settings.md.
 */

/** Widgets §3 "Field config list". */
export const FieldConfig = Type.Object({
  prop: Type.String(),
  /** The value to set when `isValidValue` is true; null sets nothing. */
  value: Type.Union([Type.String(), Type.Null()]),
  /** false: the field is enabled in the read-only approval form. */
  disabled: Type.Boolean(),
  /** false: the field's value is cleared. */
  isValidValue: Type.Boolean(),
});
export type FieldConfig = Static<typeof FieldConfig>;

export const fieldConfig = {
  query: endpoint({
    path: '/api/fsmc/common/field-config/query',
    summary: 'The enabled field configs of an approval form’s code (route parameter `approvalField`), by field; a code naming a resource answers only to someone granted that resource.',
    body: Body({ code: PageCode }),
    data: Type.Array(FieldConfig),
    client: { noLoading: true },
  }),
};
