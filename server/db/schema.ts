import type { ColumnType, Generated } from 'kysely';

/**
 * The database as the server's code sees it. Names are camelCase here and snake_case in
 * SQL (Kysely's CamelCasePlugin maps them), so the spec's field names (userCode, funcUrl)
 * read the same in queries, answers and the browser.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrgTable {
  id: Generated<number>;
  orgCode: string;
  orgName: string;
  orgNameEn: string | null;
  orgType: string;
  createdAt: CreatedAt;
}

export interface AppUserTable {
  id: Generated<number>;
  userCode: string;
  userName: string;
  userNameEn: string | null;
  orgId: number | null;
  /** 1 = administrator (shell §6). */
  userType: number;
  /** 1 = editor of help content (widgets §1). */
  staffType: number;
  passwordHash: string;
  email: string | null;
  gender: string | null;
  status: string;
  lang: string | null;
  themeName: string | null;
  navColor: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** The page the shell opens after login (issue 5), when still granted. */
  defaultFuncId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The user asked not to be notified of reminders. */
  noNotify: ColumnType<boolean, boolean | undefined, boolean>;
  /** The user-info resource (migration 0009): record columns, the organisation's code, the administrator's lock. */
  version: ColumnType<number, number | undefined, number>;
  recordState: ColumnType<string, string | undefined, string>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  createdBy: ColumnType<number | null, number | null | undefined, number | null>;
  updatedBy: ColumnType<number | null, number | null | undefined, number | null>;
  orgCode: ColumnType<string | null, string | null | undefined, string | null>;
  /** Locked until then (status 'locked' meanwhile); null when not locked. */
  lockedUntil: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The certificate bound to the user (migration 0021): its serial, lowercase hex; null: no certificate login. */
  certSerial: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DutyTable {
  id: Generated<number>;
  dutyCode: string;
  dutyName: string;
  dutyNameEn: string | null;
  /** 'active' while approved and enabled: only then does the duty grant its functions. */
  status: string;
  /** The duty resource (migration 0009): record columns and a remark. */
  version: ColumnType<number, number | undefined, number>;
  recordState: ColumnType<string, string | undefined, string>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  createdBy: ColumnType<number | null, number | null | undefined, number | null>;
  updatedBy: ColumnType<number | null, number | null | undefined, number | null>;
  remark: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A user's duty stations. */
export interface UserDutyTable {
  userId: number;
  dutyId: number;
}

/** A function (menu item) of the function tree; ids are stable across installs. */
export interface FuncTable {
  id: number;
  fatherFunctionId: number | null;
  functionName: string;
  functionNameEn: string;
  funcUrl: string | null;
  funcOrder: number;
  /** Migration 0032: the function tree page's optimistic check. */
  version: Generated<number>;
}

export interface DutyFuncTable {
  dutyId: number;
  funcId: number;
}

/** Dictionaries, constants and custom lists (shell §3), one row per {value, text}. */
export interface DictionaryItemTable {
  id: Generated<number>;
  groupName: 'dictionary' | 'constant' | 'custom';
  dictType: string;
  value: string;
  textZh: string;
  textEn: string;
  sort: number;
  /** A disabled value is kept but no longer offered (the dictionary-value resource). */
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface UserSessionTable {
  /** sha256 of the token: a leaked table does not hand out sessions. */
  tokenHash: string;
  userId: number;
  createdAt: CreatedAt;
  lastSeenAt: UpdatedAt;
  expiresAt: Date;
  endedAt: Date | null;
  /** logout, expired, elsewhere */
  endReason: string | null;
  lang: string | null;
  clusterNo: string | null;
}

export interface SysParamTable {
  paramKey: string;
  paramValue: string;
}

/** An envelope key handed out by GET /login/encrypt-key (issue 3). */
export interface EnvelopeKeyTable {
  keyId: string;
  cipher: string;
  encKey: string;
  macKey: string;
  createdAt: CreatedAt;
  expiresAt: Date;
  /** The session the key was bound to at login or first authenticated use (issue 9); null until then. */
  sessionHash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An envelope nonce already used: a second envelope with it is a replay. */
export interface EnvelopeNonceTable {
  nonce: string;
  seenAt: CreatedAt;
}

/** A one-time request token (purpose submit) or 412 validation flag (purpose confirm). */
/** A certificate login's or confirmation's challenge (migration 0021): its SHA-256, used once. */
export interface CertChallengeTable {
  challengeHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: CreatedAt;
}

export interface RequestTokenTable {
  tokenHash: string;
  sessionHash: string;
  purpose: 'submit' | 'confirm' | 'cert';
  route: string | null;
  createdAt: CreatedAt;
  usedAt: Date | null;
}

// ---- Issue 5: the application shell (migration 0003_shell) ------------------------------

/** A counted event (failed login, code sent) for throttling, per bucket and subject. */
export interface ThrottleEventTable {
  id: Generated<number>;
  bucket: string;
  subject: string;
  createdAt: CreatedAt;
}

/** A QR login code; the id handed out is never stored, only its SHA-256. */
export interface QrLoginTable {
  idHash: string;
  status: 'waiting' | 'confirmed' | 'consumed';
  userId: number | null;
  clientAddress: string | null;
  userAgent: string | null;
  createdAt: CreatedAt;
  expiresAt: Date;
  confirmedAt: Date | null;
  consumedAt: Date | null;
  /** SHA-256 of the session that confirmed the code: the login it grants leaves it running. */
  confirmSessionHash: string | null;
}

/** A one-time secret (identify code, reset ticket), stored salted and hashed. */
export interface OneTimeCodeTable {
  id: Generated<number>;
  userId: number;
  purpose: 'identify' | 'reset-ticket';
  salt: string;
  codeHash: string;
  attempts: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Mail the server would send; read by administrators while no mail server is configured. */
export interface OutboxMessageTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  createdAt: CreatedAt;
}

export interface OftenMenuTable {
  userId: number;
  funcId: number;
  createdAt: CreatedAt;
}

/** A user's own order and choice of the home page's areas (docs/workbench.md, "Areas"). */
export interface UserPortalAreaTable {
  userId: number;
  areaCode: string;
  sortOrder: number;
  shown: boolean;
}

export interface RemindTable {
  id: Generated<number>;
  userId: number;
  /** Bilingual text: the Chinese and the English (null when not translated), read with localised(). */
  titleZh: string;
  titleEn: string | null;
  contentZh: string;
  contentEn: string | null;
  status: ColumnType<'unread' | 'read' | 'cancelled', 'unread' | 'read' | undefined, 'read' | 'cancelled'>;
  createdAt: CreatedAt;
  cancelledAt: Date | null;
  /** A generated reminder's configuration, and what it reminded of (once per user: docs/reminders.md). */
  configCode: string | null;
  sourceKey: string | null;
}

/** A stored file's metadata (widgets §3 "Uploaded file"); its bytes are in FILES_DIR/storageName. */
export interface UploadFileTable {
  id: Generated<number>;
  orderNo: string;
  systemCode: string | null;
  fileBusinessType: string;
  originalFileName: string;
  fileExtName: string;
  mimeType: string;
  byteSize: number;
  sha256: string;
  storageName: string;
  comment: string | null;
  createdBy: number | null;
  createdAt: CreatedAt;
  deletedAt: Date | null;
  /** Empty or '1': the file may be deleted; '0': it may not (widgets §3). */
  deleteFlag: string | null;
  /** The record it is attached to (docs/attachments.md); null while it waits in a draft's orderNo. */
  resourceCode: string | null;
  recordId: number | null;
}

/** A user's saved query of a page (widgets §3 "Saved query"); formData is jsonb. */
export interface SavedQueryTable {
  id: Generated<number>;
  userId: number;
  pageCode: string;
  name: string;
  isDefault: ColumnType<boolean, boolean | undefined, boolean>;
  formData: ColumnType<Record<string, string | number | boolean | null>, string, string>;
  createdAt: CreatedAt;
}

/** A user's field order of a page's query form (a jsonb list of field names). */
export interface QueryFormOrderTable {
  userId: number;
  pageCode: string;
  fieldOrder: ColumnType<string[], string, string>;
  updatedAt: UpdatedAt;
}

/** A page's hidden param, for everyone (widgets §3 "Hidden param"; administrators save it). */
export interface QueryHiddenParamTable {
  pageCode: string;
  prop: string;
  label: string | null;
  showOrHide: boolean;
  defaultVal: string;
  /** 1 keeps the field's rules, 2 requires it, 3 makes it optional. */
  required: number;
  updatedBy: number | null;
  updatedAt: UpdatedAt;
}

/** A user's column settings of a page's table (a jsonb list, without `exist`). */
export interface TableColumnSettingTable {
  userId: number;
  pageCode: string;
  columns: ColumnType<Array<{ field: string; fixed: string; visible: boolean; width: number; type?: string }>, string, string>;
  updatedAt: UpdatedAt;
}

/** Whether a column of a page's table exists at all: administrators decide, for everyone. */
export interface TableColumnExistTable {
  pageCode: string;
  field: string;
  exist: boolean;
  updatedBy: number | null;
  updatedAt: UpdatedAt;
}

/** The pages an edit form embeds (0012; resource sys-page-iframe): read by the form's list call. */
export interface SysPageIframeTable {
  id: Generated<number>;
  enabled: boolean;
  formCode: string;
  iframeTitle: string;
  iframeName: string;
  iframeUrl: string;
  iframeHeight: number;
  iframeOrder: number;
}

/** The demo guest page's remark per form code and record key (0012; embedded-remarks.html). */
export interface EmbeddedRemarkTable {
  formCode: string;
  recordKey: string;
  remark: string;
  updatedBy: number | null;
  updatedAt: UpdatedAt;
}

/** A user's section order of a page's edit form (a jsonb list of section names). */
export interface SectionOrderTable {
  userId: number;
  pageCode: string;
  sectionOrder: ColumnType<string[], string, string>;
  updatedAt: UpdatedAt;
}

/** A function's operation guide (docs/operation-guide.md): sanitised HTML, one per function. */
export interface OperationGuideTable {
  id: Generated<number>;
  funcId: number;
  descriptionContent: string;
  version: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  createdBy: number | null;
  updatedBy: number | null;
}

/** Whether a section of a page's edit form exists at all: administrators decide, for everyone. */
export interface SectionExistTable {
  pageCode: string;
  name: string;
  exist: boolean;
  updatedBy: number | null;
  updatedAt: UpdatedAt;
}

/** A dynamic form template (widgets §3; the expand-template family): fields is the jsonb field list. */
export interface ExpandTemplateTable {
  id: Generated<number>;
  code: string;
  name: string;
  nameEn: string | null;
  fields: ColumnType<unknown, string, string>;
  status: ColumnType<'enabled' | 'disabled', 'enabled' | 'disabled' | undefined, 'enabled' | 'disabled'>;
  version: ColumnType<number, number | undefined, number>;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedBy: number | null;
  updatedAt: UpdatedAt;
}

/** A filled dynamic form (element info): the template's fields as saved, and templateData (jsonb). */
export interface ElementInfoTable {
  id: Generated<number>;
  templateCode: string;
  template: ColumnType<unknown, string, string>;
  data: ColumnType<unknown, string, string>;
  version: ColumnType<number, number | undefined, number>;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedBy: number | null;
  updatedAt: UpdatedAt;
}

/** An asynchronous export (migration 0018; docs/export.md, "Jobs"). */
export interface ExportJobTable {
  id: Generated<number>;
  ownerId: number;
  resourceCode: string;
  query: ColumnType<Record<string, unknown>, string, string>;
  columns: ColumnType<string[], string, string>;
  scope: string;
  dataScope: ColumnType<Array<{ field: string; values: string[] }> | null, string | null, string | null>;
  /** Field → mask rule, as masked for the owner when the job was asked (docs/sensitive-info.md). */
  masks: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  fileType: string;
  fileName: string;
  lang: string;
  total: number;
  rowsDone: ColumnType<number, number | undefined, number>;
  status: ColumnType<'pending' | 'running' | 'done' | 'failed', 'pending' | undefined, 'pending' | 'running' | 'done' | 'failed'>;
  failureCode: number | null;
  failureParams: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  storageName: string | null;
  byteSize: number | null;
  attempts: ColumnType<number, number | undefined, number>;
  workerId: string | null;
  leaseUntil: Date | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** An import's error report (migration 0019; docs/import.md). */
export interface ImportReportTable {
  id: string;
  ownerId: number;
  resourceCode: string;
  lang: string;
  errors: ColumnType<Array<{ row: number; column: string; message: string }>, string, never>;
  errorCount: number;
  createdAt: ColumnType<Date, Date | undefined, never>;
  expiresAt: Date;
}

export interface Database {
  org: OrgTable;
  appUser: AppUserTable;
  duty: DutyTable;
  userDuty: UserDutyTable;
  func: FuncTable;
  dutyFunc: DutyFuncTable;
  dictionaryItem: DictionaryItemTable;
  userSession: UserSessionTable;
  sysParam: SysParamTable;
  throttleEvent: ThrottleEventTable;
  qrLogin: QrLoginTable;
  oneTimeCode: OneTimeCodeTable;
  outboxMessage: OutboxMessageTable;
  oftenMenu: OftenMenuTable;
  userPortalArea: UserPortalAreaTable;
  remind: RemindTable;
  uploadFile: UploadFileTable;
  envelopeKey: EnvelopeKeyTable;
  envelopeNonce: EnvelopeNonceTable;
  requestToken: RequestTokenTable;
  certChallenge: CertChallengeTable;
  savedQuery: SavedQueryTable;
  queryFormOrder: QueryFormOrderTable;
  queryHiddenParam: QueryHiddenParamTable;
  tableColumnSetting: TableColumnSettingTable;
  tableColumnExist: TableColumnExistTable;
  expandTemplate: ExpandTemplateTable;
  elementInfo: ElementInfoTable;
  sectionOrder: SectionOrderTable;
  sectionExist: SectionExistTable;
  sysPageIframe: SysPageIframeTable;
  embeddedRemark: EmbeddedRemarkTable;
  exportJob: ExportJobTable;
  importReport: ImportReportTable;
  operationGuide: OperationGuideTable;
}
