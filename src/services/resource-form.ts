/**
 * The edit form's values and their rules, as the browser's forms use them. They live in
 * src/resources/form-values.ts, pure, so the server's import checks each row of a file with the
 * very same rules (docs/import.md).
 */
export * from '../resources/form-values';
