/** Lookups (issue 12 points 1–2; docs/lookups.md): the field with its magnifier, the dialog, the hook binding the magnifier machine to a lookup's call. */
export { LookupField, type LookupFieldProps } from './LookupField';
export { LookupDialog } from './LookupDialog';
export { useMagnifier, type UseMagnifierOptions } from './useMagnifier';
