/**
 * Business codes of the `{code, msg, data}` answer, shared by server and browser.
 * 0, 1, -998 and -997 are the spec's (portal-shell §7, §8); the others are ours, grouped by
 * thousands so a code alone tells which layer refused the call. Each has a message key
 * `code.<value>` in locale/server and locale/common.
 */
import { ANSWER_CODE } from './answer-codes';

export type { Answer, Page } from './answer-codes';

export const CODE = {
  // 0, 1, -998, -997, and 1105 and 1106 of 11xx: ./answer-codes.ts
  ...ANSWER_CODE,
  // 1xxx: the request itself
  badRequest: 1000,
  validation: 1001,
  malformedJson: 1002,
  forbidden: 1003,
  notFound: 1004,
  methodNotAllowed: 1005,
  payloadTooLarge: 1006,
  /** A URL that does not decode (bad percent-encoding). */
  badUrl: 1007,
  // 11xx: the payload envelope and request tokens
  envelopeInvalid: 1100,
  envelopeBadSignature: 1101,
  envelopeStale: 1102,
  envelopeReplay: 1103,
  duplicateSubmit: 1104,
  /** A 412 validation flag that is unknown, used or meant for another call. */
  validFlagInvalid: 1107,
  // 12xx: login
  badCredentials: 1200,
  throttled: 1201,
  userLocked: 1202,
  /** HTTP 503: too many password checks are waiting already; try again in a moment. */
  passwordCheckBusy: 1204,
  // 13xx: the user's own profile
  emailInvalid: 1300,
  /** Changing the recovery e-mail needs the current password again. */
  passwordNeeded: 1301,
  passwordIncorrect: 1302,
  tooManyRequests: 1203,
  // 121x: forgot password and password change
  identifyCodeInvalid: 1210,
  resetTicketInvalid: 1211,
  passwordRuleViolated: 1212,
  wrongOldPassword: 1213,
  passwordUnchanged: 1214,
  // 122x: QR-code login
  qrUnknown: 1220,
  qrExpired: 1221,
  qrUsed: 1222,
  // 123x-125x: the shell's per-user settings
  funcNotGranted: 1230,
  oftenMenuFull: 1231,
  remindNotFound: 1240,
  appDownloadNotConfigured: 1250,
  // 15xx: the query page's settings (saved queries, field and column orders, hidden params)
  savedQueryNameRequired: 1500,
  savedQueryNameTooLong: 1501,
  /** A saved query needs at least one non-empty filter. */
  savedQueryNoFilter: 1502,
  savedQueryTooMany: 1503,
  /** Names are unique per user and page (ours). */
  savedQueryNameTaken: 1504,
  /** Not one of the caller's saved queries of that page (another user's is not found either). */
  savedQueryNotFound: 1505,
  /** A hidden param's default value must be empty or the JSON text of an object (widgets §5). */
  hiddenParamBadJson: 1506,
  /** An order or column list names a field twice. */
  settingsDuplicateField: 1507,
  // 14xx: business resources (issue 10)
  recordNotFound: 1401,
  /** The record's lifecycle does not allow this step now (the record-lifecycle machine said no). */
  recordIllegalStep: 1402,
  /** Someone changed the record since the caller read it: nothing was written. */
  recordStale: 1403,
  recordDuplicate: 1404,
  /** Four eyes: a record is not reviewed by the one who last changed it. */
  reviewOwnSubmission: 1405,
  notADictionaryValue: 1406,
  /** A review changed a field its approval field config does not open (or opened to another value). */
  approvalFieldLocked: 1407,
  // 16xx: administration of users and duties (issue 10 point 3)
  /** 'admin' (in any letter case) is the super administrator's code: no one else gets it. */
  userCodeReserved: 1600,
  /** A duty still held by a user is neither cancelled nor deleted (portal-shell §5 "duty used"). */
  dutyUsed: 1601,
  orgUnknown: 1602,
  funcUnknown: 1603,
  /** Duty stations name a duty that does not exist or is cancelled. */
  dutyUnknown: 1604,
  /** A lock must end in the future (unlock instead). */
  lockTimePast: 1605,
  /** An administrator does not lock, disable, cancel or reset the password of their own account. */
  notOnYourself: 1606,
  /** Administrator users (userType 1) are created and managed by administrators only. */
  adminOnly: 1607,
  userNullified: 1608,
  /** Someone who is not an administrator grants only the duties and functions they hold themselves. */
  notYours: 1609,
  // 19xx: embedded pages of edit forms (docs/embedded-pages.md)
  /** An embedded page's address is neither a path on this site nor an https address of an allowed site. */
  embeddedUrlRefused: 1900,
  /** The form code names no form (no resource of that code). */
  embeddedFormUnknown: 1901,
  // 17xx: the edit form's settings (section order, approval field config; issue 11 points 1, 5)
  /** A section order names a section the page's form does not have. */
  sectionUnknown: 1700,
  /** A section order names a section twice. */
  sectionDuplicate: 1701,
  /** Only administrators hide or show sections (for everyone); others send the page's flags back unchanged. */
  sectionHiddenAdminOnly: 1702,
  /** An approval field config for this page and field exists already. */
  approvalFieldDuplicate: 1703,
  /** An approval field config names a field the page's resource does not have. */
  approvalFieldUnknown: 1704,
  // 18xx: dynamic forms and their templates (docs/dynamic-forms.md)
  /** No template has that code (or id). */
  templateNotFound: 1800,
  /** The template's field list is not a valid template; data.problems lists each problem. */
  templateInvalid: 1801,
  /** Submitted values break the template's rules; data.errors lists each field's problem. */
  dynamicValuesInvalid: 1802,
  /** Someone saved the filled form since the caller read it: nothing was written. */
  elementStale: 1803,
  /** A disabled template takes no new forms. */
  templateDisabled: 1804,
  /** Template codes are unique. */
  templateCodeTaken: 1805,
  /** No filled form has that id. */
  elementNotFound: 1806,
  /** A template without fields takes no forms ("data empty"). */
  templateEmpty: 1807,
  /** An expand-param code names no page (`query:<resource code>`, `table:<resource code>`). */
  expandParamUnknown: 1808,
  // 21xx: scroll dropdowns and the province and city pair (docs/scroll-select.md)
  /** A dependent dropdown's value (a city) without the field it needs (its province): widgets §5. */
  scrollNeedsField: 2100,
  /** A dropdown's value its source does not list (no such city in that province, a disabled country). */
  scrollValueUnknown: 2101,
  // 22xx: data authorisation (issue 12 point 5; server/services/data-auth.ts)
  /** "data-auth-main exists": the user already has this grant. */
  dataAuthExists: 2200,
  /** A write names a value of a scoped field (an organisation…) the caller is not granted. */
  dataNotGranted: 2201,
  /** A write names a hidden param's value (a grant's kind) none of the caller's pages of the resource fixes (docs/data-auth.md). */
  pageValueNotHeld: 2202,
  /** A value that is not a real one of its kind (no such account, a disabled currency…). */
  choiceValueUnknown: 2203,
  /** A value in a field that does not apply to the kind chosen. */
  choiceNotApplicable: 2204,
  /** "data-auth copy exists": the target user already has grants. */
  dataAuthCopyExists: 2205,
  /** Copying a user's grants to the same user. */
  dataAuthCopySame: 2206,
  /** Copying from a user with no grant in force. */
  dataAuthCopyNothing: 2207,
  /** A structure node grant names an organisation not in that structure. */
  dataAuthNodeUnknown: 2208,
  // 23xx: organisation structures and their module relations (docs/org-structure.md)
  /** "Organisation info used by a structure": an organisation that is a node of a structure cannot be disabled or deleted. */
  orgUsedByStruct: 2300,
  /** "A main structure already exists": one enabled structure is the main one. */
  mainStructExists: 2301,
  /** "Structure contains organisation": an organisation is once in a structure. */
  structContainsOrg: 2302,
  /** "Structure used by relation": a structure a module relation names cannot be disabled or deleted. */
  structUsedByRelation: 2303,
  /** A node's parent organisation that is not an enabled node of the same structure. */
  structParentMissing: 2304,
  /** A move that would put an organisation under itself or under one of its own descendants. */
  structCycle: 2305,
  /** Removing or disabling a node that still has nodes beneath it. */
  structNodeHasChildren: 2306,
  /** A node of a structure that does not exist. */
  structUnknown: 2307,
  /** A node for an organisation that does not exist or is disabled. */
  structOrgUnknown: 2308,
  // 24xx: benchmark rates (docs/resources.md, "Benchmark rates")
  /** A rate change names no benchmark rate in force (none with that code, or disabled). */
  benchmarkRateUnknown: 2400,
  /** The rate a change was written against is no longer the rate in force (another change or addition was approved since). */
  benchmarkRateMoved: 2401,
  /** A rate change whose new rate is the rate in force. */
  benchmarkRateUnchanged: 2402,
  // 25xx: exports (docs/export.md)
  /** The export's tableUrl names none of the server's registered resource queries. */
  exportTableUnknown: 2500,
  /** Above EXPORT_FORBIDDEN_ABOVE rows (widgets §5: data volume exceeds 1 million, export forbidden). */
  exportTooLarge: 2501,
  /** Retired: answered above EXPORT_CONFIRM_ABOVE rows before background jobs existed (now such an export is a job). */
  exportNeedsJob: 2502,
  /** Nothing is left of the file name once the forbidden characters are stripped. */
  exportFileNameEmpty: 2503,
  /** An exported column that is not a column of the table. */
  exportColumnUnknown: 2504,
  /** No export job of the caller's has this id (another user's job is not told apart from none). */
  exportJobUnknown: 2505,
  /** The job's file is asked for before the job is done. */
  exportJobNotDone: 2506,
  /** A job's failure: the server could not write the file (the reason stored with the job). */
  exportJobFailed: 2507,
  /** A job's failure: interrupted by restarts EXPORT_JOB_MAX_ATTEMPTS times (its process died while running it). */
  exportJobInterrupted: 2508,
  /** A done job whose file is no longer in the file store. */
  exportJobFileGone: 2509,
  /** The caller already has EXPORT_JOBS_WAITING_MAX jobs pending or running. */
  exportJobsTooMany: 2510,
  // 2600-2619: imports (docs/import.md)
  /** The resource takes no import, or not from this template type. */
  importUnknown: 2600,
  /** templateType is required (widgets §5 "Import"). */
  importTemplateTypeRequired: 2601,
  /** The request carries no file (widgets §5: fileNames is required). */
  importNoFile: 2602,
  /** More than one file where the import takes a single one. */
  importSingleFile: 2603,
  /** importType is required when the import offers it. */
  importTypeRequired: 2604,
  /** importTypeDate (a date range) is required when importType is COVER. */
  importTypeDateRequired: 2605,
  /** The file is neither xlsx nor csv. */
  importFileType: 2606,
  /** The file could not be read as the type its name says. */
  importFileUnreadable: 2607,
  /** The file is above IMPORT_MAX_BYTES; the message names the limit. */
  importTooLarge: 2608,
  /** The header row lacks a column of the template. */
  importColumnMissing: 2609,
  /** The file holds no data rows. */
  importEmpty: 2610,
  /** More data rows than IMPORT_ROWS_MAX. */
  importTooManyRows: 2611,
  /** Some rows are not valid: nothing was imported; data carries the error count and the report's id. */
  importRowsInvalid: 2612,
  /** No error report of the caller's has this id (another's, or expired). */
  importReportUnknown: 2613,
  /** A multipart field is malformed (its name in the message). */
  importBadField: 2614,
  /** An xlsx that unpacks to more than IMPORT_UNPACKED_MAX_BYTES (a zip bomb, or far more rows than an import takes). */
  importUnpackedTooLarge: 2615,
  /** The body is not the multipart its header says (no boundary, not multipart inside, cut short): HTTP 400. */
  importMalformed: 2616,
  /** The file's name holds control characters (C0, DEL, C1): it would garble the messages that name it. HTTP 400. */
  importBadFileName: 2617,
  // 27xx: attachments (docs/attachments.md)
  /** A single file above the upload limit; the message names the limit. */
  uploadTooLarge: 2700,
  /** The file's extension is not among the accepted types. */
  uploadTypeNotAccepted: 2701,
  /** The file's bytes are not what its extension says (a .pdf that is not a PDF). */
  uploadContentMismatch: 2702,
  /** The request carries no file part. */
  uploadNoFile: 2703,
  /** isLimit is on and the record holds attachmentSize files already. */
  uploadCountLimit: 2704,
  /** The orderNo names no record the caller may attach to, nor a draft of theirs. */
  uploadOwnerUnknown: 2705,
  /** The file does not exist, or the caller may not see its record. */
  uploadFileNotFound: 2706,
  /** deleteFlag says the file may not be deleted. */
  uploadNotDeletable: 2707,
  /** The record cannot be changed now (its state, or the caller's grant): nor its attachments. */
  uploadRecordLocked: 2708,
  /** A required attachment type is missing on save (widgets §5 "upload required"). */
  uploadRequired: 2709,
  /** The default requirement is on and the record has no attachment. */
  uploadRequiredAny: 2710,
  /** A category that is not one of the business's attachment types. */
  uploadCategoryUnknown: 2711,
  /** Bulk download or delete with nothing chosen. */
  uploadEmptySelection: 2712,
  /** Bulk delete where none of the chosen files may be deleted. */
  uploadNoneDeletable: 2713,
  /** A multipart field is missing or malformed (orderNo, systemCode). */
  uploadBadField: 2714,
  /** The business's attachments are kept at an external address, not here. */
  uploadExternal: 2715,
  /** Attachments are off for the record's business (its setting's attachmentFlag, or no setting). */
  uploadOff: 2716,
  /** The file's name holds control characters (C0, DEL, C1): PostgreSQL cannot store NUL, the others garble the name wherever it is shown or sent back. */
  uploadBadFileName: 2717,
  /** The body is not the multipart its header says (no boundary, not multipart inside, cut short): HTTP 400. */
  uploadMalformed: 2718,
  /** More than one file part: an upload carries one file. */
  uploadSingleFile: 2719,
  // 2800-2819: the document previewer (docs/previewer.md)
  /** An Office file, and no converter (LibreOffice) on this server: the previewer offers the download. */
  previewConverterMissing: 2800,
  /** The converter could not turn the file into pdf (a damaged or protected document). */
  previewConversionFailed: 2801,
  /** The conversion took longer than the server allows (OFFICE_CONVERT_TIMEOUT_SECONDS). */
  previewConversionTimeout: 2802,
  /** The file is not an Office document: the previewer shows it from its own bytes. */
  previewNotOffice: 2803,
  // 2900-2929: certificate signature verification on the server (docs/certificates.md)
  /** signedData is not a CMS/PKCS#7 SignedData with one signer. */
  certSignatureMalformed: 2900,
  /** The signature carries no certificate matching its signer. */
  certSignerMissing: 2901,
  /** A digest algorithm other than SHA-1, SHA-256 or SM3. */
  certHashUnsupported: 2902,
  /** The hash does not fit the key: an SM2 key needs SM3, an RSA key cannot use SM3. */
  certHashKeyMismatch: 2903,
  /** The signed digest is not the challenge's: other data were signed. */
  certDigestMismatch: 2904,
  /** The signature value does not verify with the certificate's key. */
  certSignatureInvalid: 2905,
  /** The certificate was not issued by a configured trusted CA. */
  certUntrusted: 2906,
  /** The certificate's validity ended. */
  certExpired: 2907,
  /** The certificate's validity has not begun. */
  certNotYetValid: 2908,
  /** The certificate's key usage lacks digital signature (128). */
  certKeyUsage: 2909,
  /** The issuer does not match the licence's issuer pattern. */
  certIssuerNotLicensed: 2910,
  /** The certificate is on its CA's revocation list. */
  certRevoked: 2911,
  /** No valid, current CRL of the issuing CA is configured: revocation cannot be checked. */
  certCrlUnavailable: 2912,
  /** The configured CA itself is outside its validity or not a CA. */
  certCaInvalid: 2913,
  /** No live challenge with this text was issued (or it was cleaned away). */
  certChallengeUnknown: 2914,
  /** The challenge was used already: each is signed and sent once. */
  certChallengeUsed: 2915,
  /** The challenge's CERT_CHALLENGE_SECONDS have passed. */
  certChallengeExpired: 2916,
  /** The signing certificate is not the one bound to this user (user-info certSerial), or the user is unknown. */
  certNotBound: 2917,
  /** The signature's certificate is not the serial number the caller named. */
  certSerialMismatch: 2918,
  /** This deployment configured no trusted CA (CERT_CA_FILES): certificate login and confirmation are off. */
  certNotConfigured: 2919,
  /** HTTP 412: the function is under a certificate setting; confirm with the certificate (data CertRequired). */
  certRequired: 2920,
  /** The valid-flag is not a live certificate flag of this session for this function. */
  certFlagInvalid: 2921,
  /** The certificate flag's CERT_FLAG_SECONDS have passed. */
  certFlagExpired: 2922,
  // 3000-3019: approval flows (docs/approvals.md)
  /** The record's flow is at a step none of the caller's duties may decide. */
  flowNotYourStep: 3000,
  /** The caller decided another step of this flow already: each step is someone else's. */
  flowDecidedBefore: 3001,
  /** A process-config step number the business type has already. */
  flowStepTaken: 3002,
  /** A process-config business type that names no reviewed resource. */
  flowBusinessTypeUnknown: 3003,
  /** A decision names a file (by id, so another user's file names nothing of it) that is not the decider's own, waiting for a decision on this record (another user's, another record's, or one a decision holds already). */
  flowFileRefused: 3004,
  /** A decision names files, but the record has no running flow to keep them with. */
  flowFilesWithoutFlow: 3005,
  // 3100-3109: the operation guide (docs/operation-guide.md)
  /** Only help editors (staff type 1) write a guide. */
  guideNotEditor: 3100,
  /** No function has this id. */
  guideFuncUnknown: 3101,
  /** Another editor saved the guide since it was read. */
  guideVersionConflict: 3102,
  /** The guide's HTML is longer than GUIDE_CONTENT_MAX even after sanitising. */
  guideTooLong: 3103,
  // 3050-3059: reminder settings (docs/reminders.md)
  /** A template (or a parameter row) names a placeholder its kind does not fill. */
  remindParamUnknown: 3050,
  /** The kind lists this placeholder already (remind-param). */
  remindParamTaken: 3051,
  /** A configuration's template does not exist or is of another kind. */
  remindTemplateUnknown: 3052,
  /** A configuration names a duty or user that does not exist. */
  remindTargetUnknown: 3053,
  /** The kind needs a setting the configuration leaves empty (a threshold, days ahead). */
  remindSettingMissing: 3054,
  // 32xx: the function tree (docs/function-tree.md)
  /** A function (or the parent named) that does not exist. */
  functionUnknown: 3200,
  /** Another function has this address: a page is one function (the shell finds its menu item by it). */
  functionUrlTaken: 3201,
  /** A move under the function itself or under one of the functions beneath it. */
  functionCycle: 3202,
  /** Deleting a function with functions beneath it. */
  functionHasChildren: 3203,
  /** Deleting a function a duty grants (its grants are taken away first, on the duty). */
  functionGranted: 3204,
  // 33xx: position relations (docs/resources.md, "Position relations")
  /** A duty related to itself. */
  positionSame: 3300,
  /** The two duties are related already (in either order). */
  positionRelated: 3301,
  /** A user holds both duties: the relation would be broken at once. */
  positionHeldTogether: 3302,
  /** Duty stations that would give a user two incompatible duties. */
  positionIncompatible: 3303,
  // 34xx: product licences (docs/licences.md)
  /** A licence whose last day is before its first. */
  licenceDates: 3400,
  /** A licence whose last day has passed already. */
  licenceEnded: 3401,
  /** The licence key file cannot be read or made (the server's log says why). */
  licenceKeyUnusable: 3402,
  // 35xx: organisation extension fields (docs/resources.md, "Organisation extension fields")
  /** The organisation has a field of this code already. */
  orgFieldTaken: 3500,
  // 36xx: languages (docs/resources.md, "Languages")
  /** A language the portal has no messages for. */
  langUnsupported: 3600,
  /** Disabling the last language the portal offers. */
  langLastEnabled: 3601,
  // 37xx: sensitive information settings (docs/sensitive-info.md)
  /** The resource has no text field of this name (the message lists those it has). */
  sensitiveFieldUnknown: 3701,
  /** The field has a setting already. */
  sensitiveFieldSet: 3702,
  // 38xx: home page areas (docs/workbench.md, "Areas")
  /** An area the system area settings do not offer (unknown, disabled or removed). */
  areaNotOffered: 3800,
  /** One area named twice in a user's order. */
  areaTwice: 3801,
  // 39xx: system field maps (docs/import.md, "Field maps")
  /** The field is none of the resource's import columns (the message lists them). */
  fieldMapUnknownField: 3900,
  /** Another map of the resource answers to that column name already. */
  fieldMapTaken: 3901,
  /** The column name is already one of the resource's columns' own names or labels. */
  fieldMapIsColumn: 3902,
  // 5xxx: the server
  serverError: 5000,
  /** HTTP 503: the database is out of reach (restarting, connection cut); try again shortly. */
  databaseUnavailable: 5030,
  /** HTTP 503 from /readyz: shutting down, or the schema is not this build's. */
  notReady: 5031,
} as const;
export type Code = (typeof CODE)[keyof typeof CODE];
