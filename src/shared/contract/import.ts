import { Body, Text, Type, endpoint, type Static } from './define';
import { IMPORT_MAX_BYTES, IMPORT_REPORT_KEEP_HOURS, IMPORT_ROWS_MAX, IMPORT_TYPE_APPEND, IMPORT_TYPE_COVER, UPLOAD_CONTENT_FILTER_FIELD } from '../constants';

/**
 * The import calls (widgets §2 "Import form", §3 "Import form", §5 "Import", §7 "Dictionaries,
 * export and import"; portal-shell §7 uploads; issue 13 point 3; docs/import.md), written once
 * for the import dialog and the server's routes in server/routes/fsmc/import.ts. A resource takes
 * imports when its definition says so (`import` in src/resources/define.ts); every call needs
 * the resource's function grant (403 otherwise), as adding one of its records does.
 *
 * - `template`: the template of a template type, an xlsx whose first row holds the template's
 *   column labels in the caller's language (content-disposition names it).
 * - `import`: a multipart POST (the fields below, then one file part `file`, xlsx or csv, below
 *   IMPORT_MAX_BYTES). Every data row is checked with the add form's rules; if any row fails,
 *   nothing is written and the answer is 2612 with `data` = {errorCount, reportId}; otherwise all
 *   rows are written in one transaction and the answer says how many (and, for COVER, how many
 *   records the range held before).
 * - `report`: the error report of a refused import (xlsx: row, column, problem), for the user
 *   who imported only, for IMPORT_REPORT_KEEP_HOURS hours (2613 otherwise).
 */

/** The file types an import reads. */
export const IMPORT_FILE_TYPES = ['xlsx', 'csv'] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number];
/** The ImportType dictionary's values. */
export const IMPORT_TYPES = [IMPORT_TYPE_APPEND, IMPORT_TYPE_COVER] as const;
/** importTypeDate on the wire: the range's first and last day, joined by a comma. */
export const IMPORT_DATE_RANGE_PATTERN = '^\\d{4}-\\d{2}-\\d{2},\\d{4}-\\d{2}-\\d{2}$';
/** The file part's name. */
export const IMPORT_FILE_FIELD = 'file';

const ResourceCode = Text(64, { min: 1, pattern: '^[a-z][a-z0-9-]*$' });
const TemplateType = Text(32, { min: 1, pattern: '^[A-Za-z0-9_-]+$' });
const ReportId = Text(36, { min: 36, pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });

/**
 * The multipart fields of an import, beside the file part. templateType, importType and
 * importTypeDate may arrive empty: the server then answers the rule's own code (2601, 2604, 2605)
 * rather than a schema's 400, as the form would say it.
 */
export const ImportFields = Body({
  resource: ResourceCode,
  templateType: Text(32, { pattern: '^[A-Za-z0-9_-]*$' }),
  /** The chosen file's name, as the form holds it (widgets §3); the file part's own name is what is read. */
  fileNames: Type.Optional(Text(255)),
  importType: Type.Optional(Type.Union([Type.Literal(''), Type.Enum([...IMPORT_TYPES])])),
  importTypeDate: Type.Optional(Type.Union([Type.Literal(''), Text(21, { pattern: IMPORT_DATE_RANGE_PATTERN })])),
  [UPLOAD_CONTENT_FILTER_FIELD]: Type.Optional(Type.String({ maxLength: 8 })),
});
export type ImportFieldValues = Static<typeof ImportFields>;

export const ImportResult = Type.Object({
  /** Rows written. */
  imported: Type.Integer({ minimum: 0 }),
  /** COVER: records of the range removed first; 0 for APPEND. */
  replaced: Type.Integer({ minimum: 0 }),
});
export type ImportResult = Static<typeof ImportResult>;

/** `data` of a 2612 refusal. */
export const ImportRefusal = Type.Object({ errorCount: Type.Integer({ minimum: 1 }), reportId: ReportId });
export type ImportRefusal = Static<typeof ImportRefusal>;

/** One line of the error report. */
export interface ImportRowError {
  /** The row number in the sheet (the header is row 1). */
  row: number;
  /** The column's label in the importer's language; '' for a problem of the whole row. */
  column: string;
  message: string;
}

const base = '/api/fsmc/common/import';

export const importCalls = {
  template: endpoint({
    path: `${base}/template`,
    summary: 'The import template of a resource\'s template type: an xlsx whose first row holds the columns in the caller\'s language (2600 when the resource takes no such template).',
    body: Body({ resource: ResourceCode, templateType: TemplateType }),
    data: Type.Null(),
    file: true,
  }),
  import: endpoint({
    path: base,
    summary: `Imports one file (multipart: the fields below, then the part \`${IMPORT_FILE_FIELD}\`, xlsx or csv below ${IMPORT_MAX_BYTES / 1024 / 1024} MB, at most ${IMPORT_ROWS_MAX} rows). templateType required (2601), the file required (2602) and single (2603), importType required when offered (2604), importTypeDate when importType is ${IMPORT_TYPE_COVER} (2605). Every row is checked as the add form checks it; any bad row: nothing written, 2612 with data {errorCount, reportId}. Otherwise all rows in one transaction (${IMPORT_TYPE_COVER}: the range's records replaced).`,
    body: ImportFields,
    data: ImportResult,
    flags: { requestToken: true },
    multipart: true,
  }),
  report: endpoint({
    path: `${base}/report`,
    summary: `The error report of a refused import (xlsx: row, column, problem), for its importer only, kept ${IMPORT_REPORT_KEEP_HOURS} hours (2613 otherwise).`,
    body: Body({ id: ReportId }),
    data: Type.Null(),
    file: true,
  }),
};
