/**
 * Every number and key the specification fixes, named once. Import from here; never repeat a
 * literal. Section references are to ../shared/spec/portal-shell.md (shell) and
 * widget-library.md (widgets).
 */

// ---- Shell §9: request layer and session -------------------------------------------------

/** The spec sets the client timeout to "effectively unlimited". */
export const HTTP_TIMEOUT_MS = 1e11;
/** The 401 prompt is shown at most once in this window, however many requests fail. */
export const UNAUTHORIZED_PROMPT_DEBOUNCE_MS = 500;
/** Payload envelope version (widgets §9, shell §7). */
export const ENVELOPE_VERSION = '1.0';
/** Issue 3: an envelope whose timestamp is further than this from the server's clock is refused. */
export const ENVELOPE_MAX_SKEW_MS = 300_000;
/**
 * The envelope's ciphers (issue 3): AES-256-GCM by default; AES-ECB, which widgets §9 names,
 * only for back-ends that speak nothing else. The server's encrypt-key answer chooses.
 */
export const ENVELOPE_CIPHERS = ['AES-GCM', 'AES-ECB'] as const;
export type EnvelopeCipher = (typeof ENVELOPE_CIPHERS)[number];
/** Our design: an envelope key is handed out for a day, then a fresh one takes over. */
export const ENVELOPE_KEY_LIFETIME_MS = 24 * 3_600_000;
/**
 * Issue 16: how long a server process answers a session check, and an envelope key lookup, from
 * its own memory before asking the database again. A logout, kick or password change in another
 * process reaches this one at most this late (docs/security.md, "Session and key caches").
 */
export const SESSION_CACHE_TTL_MS = 2_000;
export const ENVELOPE_KEY_CACHE_TTL_MS = 2_000;
/** Issue 16: how often each process sweeps expired nonces, keys, QR codes, challenges and import reports. */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;
/** Widgets §3 / shell §7: the multipart field every upload carries. */
export const UPLOAD_CONTENT_FILTER_FIELD = 'contentFilter';
/** Widgets §3: the gender values of user info (BOY male, GIRL female, anything else other). */
export const GENDERS = ['BOY', 'GIRL'] as const;

// ---- Shell §2, §9: menu, drawers, themes, language --------------------------------------

export const MENU_SEARCH_HISTORY_MAX = 6;
/** First level, second level, leaf items. */
export const MENU_LEVELS = 3;
export const DRAWER_DEFAULT_WIDTH = '86.1%';
/** Query parameters of a route that name its open drawers and an iframe drawer's address (ours). */
export const DRAWER_PARAMS = { drawer: 'drawer', url: 'url' } as const;
/**
 * Widgets §1 page host: pages of routes whose meta has `history` stay alive while the user is
 * elsewhere. The spec sets no bound; ours keeps the most recently shown this many (each holds
 * its page's state and DOM), and drops the one shown longest ago.
 */
export const KEEP_ALIVE_PAGES_MAX = 10;
/** How often the QR-code login page asks whether its code was confirmed (ours). */
export const QR_POLL_INTERVAL_MS = 2000;
export const DEFAULT_THEME = 'var6';
export const DEFAULT_NAV_COLOR = 'light';
/** Colour theme names (ours: the spec names only the default) and navigation colours. */
export const THEME_NAMES = ['var1', 'var2', 'var3', 'var4', 'var5', 'var6'] as const;
export const NAV_COLORS = ['light', 'dark'] as const;
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Shell §3: the only local storage keys the app uses. */
export const LOCAL_KEYS = {
  isLeftOpen: 'isLeftOpen',
  isNoNotify: 'isNoNotify',
  navColor: 'nav_color',
  historySearch: 'historySearch',
  clusterNo: 'ClusterNO',
  lang: 'lang',
  themeName: 'theme_name',
  sessionKey: 'sessionKey',
} as const;
/** Shell §3: the only session storage keys the app uses. */
export const SESSION_KEYS = {
  loginUserInfo: 'loginUserInfo',
  userCert: 'userCert',
  certVaild: 'certVaild',
  langList: 'langList',
} as const;

/** Shell §3: request and response header names. */
export const HEADERS = {
  jwtToken: 'JwtToken',
  lang: 'lang',
  clusterNo: 'ClusterNO',
  requestToken: 'request-token',
  errorNoTip: 'error-no-tip',
  notUseEncrypt: 'notUseEncrypt',
  expires: '__expires__',
  /** Shell §8, 412: the confirmation's target URL, method and certificate redirect URL. */
  confirmUrl: 'confirm-url',
  confirmMethod: 'confirm-method',
  certRedirectUrl: 'cert-redirect-url',
  /** Shell §4(b): the validation flag a confirmed request is sent again with. */
  validFlag: 'valid-flag',
  /**
   * Issue 9: the browser's ephemeral X25519 public key (base64) sent with GET encrypt-key; the
   * envelope key is agreed from it and never travels.
   */
  envelopeClientKey: 'envelope-client-key',
  /**
   * Ours: the build of the pages the server serves, on every /api answer. A page whose own build
   * (PORTAL_BUILD_META) differs was loaded before a deployment: it says a new version is out.
   */
  portalBuild: 'portal-build',
} as const;

/** The <meta name> a page's build travels in (server/plugins/build-version.ts writes it). */
export const PORTAL_BUILD_META = 'portal-build';

/** User type of administrators (shell §6, widgets §6). */
export const USER_TYPE_ADMIN = 1;

// ---- Issue 5: login, one-time codes, password rule, menus (ours; docs/api/shell.md) ------

/** Failed logins counted per user code and per client address within a sliding window. */
export const LOGIN_THROTTLE = { userFailures: 5, addressFailures: 20, windowMinutes: 15 } as const;
/**
 * Issue 9: password hashes computed at once per server process (scrypt at N=2^17 takes 128 MiB
 * and a core for a few hundred ms), and how many more may wait; beyond that a check is refused
 * with 1204 (HTTP 503) rather than let a burst exhaust memory and CPU.
 */
export const PASSWORD_HASH_CONCURRENCY = 2;
export const PASSWORD_HASH_QUEUE = 16;
/** A QR login code lives this long before the waiting page must ask for a new one. */
export const QR_LOGIN_LIFETIME_SECONDS = 120;
/** QR codes one client address may ask for per throttle window (a page renews one per lifetime). */
export const QR_GENERATE_LIMIT = 30;
/** The confirmation page of a QR login code, inside the app (hash route). */
export const QR_CONFIRM_ROUTE = '/qr-confirm';
/** Forgot password: the identify code sent by mail (or to the outbox). */
export const IDENTIFY_CODE_LENGTH = 6;
export const IDENTIFY_CODE_LIFETIME_MINUTES = 10;
export const IDENTIFY_CODE_MAX_ATTEMPTS = 5;
export const IDENTIFY_CODE_SEND_LIMIT = { perUser: 3, perAddress: 10, windowMinutes: 15 } as const;
export const RESET_TICKET_LIFETIME_MINUTES = 15;
/** The bounds an administrator may set the password rule's lengths within. */
export const PASSWORD_LENGTH_FLOOR = 8;
export const PASSWORD_LENGTH_CEILING = 128;
/**
 * ASVS 5.0 (6.2.1, 6.2.5, 6.2.9): at least 8 characters, up to 128 allowed, no composition rules
 * by default (an administrator may still switch the character classes on); what makes a
 * password weak is being common, which the server checks against a shipped list (issue 9).
 */
export const PASSWORD_RULE_DEFAULT = {
  minLength: 8,
  maxLength: 128,
  requireUpper: false,
  requireLower: false,
  requireDigit: false,
  requireSymbol: false,
  // Off by default: the documented demo passwords (Admin@2026, Staff@2026) contain their user codes.
  forbidUserCode: false,
} as const;
/** A common password's base, once trailing digits and symbols are cut, counts only from this length. */
export const COMMON_PASSWORD_MIN_BASE = 4;
export const OFTEN_MENU_MAX = 30;
/** Unread reminders the shell's reminder popup shows. */
export const REMIND_POPUP_MAX = 5;
/** The largest page a list call answers: the big-data table's largest page size (widgets §9). */
export const PAGE_LIMIT_MAX = 1000;
/** The highest page number a paged call accepts: beyond it no table has rows, and the offset stays a safe integer. */
export const PAGE_START_MAX = 1_000_000;
/** The largest database id (PostgreSQL integer): a larger one names no row and must never reach a query. */
export const DB_ID_MAX = 2_147_483_647;
/**
 * An id that can name a row. Ids arrive as up to ten digits (patterns of the contracts), which
 * may exceed DB_ID_MAX: such an id names nothing, and PostgreSQL would refuse the query.
 */
export const isDbId = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= DB_ID_MAX;
/**
 * Bounds of the request headers the server reads (issue 9 point 4); a longer one is refused
 * with 400 before any route runs. ClusterNO is stored in user_session.cluster_no varchar(32).
 */
export const HEADER_LIMITS = {
  JwtToken: 128,
  lang: 16,
  ClusterNO: 32,
  'request-token': 128,
  'valid-flag': 128,
  'error-no-tip': 8,
  notUseEncrypt: 8,
} as const;
/** An envelope nonce is 12 bytes: 16 base64 characters, nothing else (no padding, no spaces). */
export const ENVELOPE_NONCE_PATTERN = /^[A-Za-z0-9+/]{16}$/;
/** A key id is short and plain (it is looked up in the database). */
export const ENVELOPE_KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** orderNo of the files the login page shows (its logos). */
export const LOGIN_PAGE_FILES = 'LOGIN_PAGE';
/**
 * The element of login.html the server paints before the page's script has run (the card and its
 * logos, server/pages/login-first-paint.ts), which the login page takes away once it can show
 * itself whole (issue 16: the logo, the page's largest paint, no longer waits for the script).
 */
export const FIRST_PAINT_ID = 'first-paint';
/**
 * How long the painted card may stay over a login page that is drawn but still waiting for its
 * parameters (its tabs, logos and title): a slow parameters call must not keep the form from the user.
 */
export const FIRST_PAINT_MAX_WAIT_MS = 1_000;
/**
 * index.html's first paint on the home page (the shell's frame and the workbench's greeting,
 * src/services/home-first-paint.ts): how long the app's script waits for that greeting to be
 * painted before it runs anyway. The app's code downloads meanwhile (preloaded); only its running
 * waits, so that its first long task does not hold the greeting back. On a slow network the
 * session info answers long before the app's code has arrived and nothing waits at all.
 */
export const HOME_FIRST_PAINT_MAX_WAIT_MS = 300;
/** The workbench's routes, the shell's home (views/routes.ts), which index.html's first paint greets on. */
export const WORKBENCH_PATHS: readonly string[] = ['/', '/workbench'];

// ---- Shell §9: form layout -------------------------------------------------------------

export const FORM_LAYOUT = {
  'zh-CN': { columns: 3, labelWidth: 130 },
  'en-US': { columns: 2, labelWidth: 350 },
} as const satisfies Record<Language, { columns: number; labelWidth: number }>;
export const FORM_DEFAULT_LABEL_WIDTH = 120;
export const FORM_GUTTER = 5;
export const FORM_DIALOG_WIDTH = 800;
/** Widgets §2: the vertical edit form (labels above fields) is 800 px wide by default. */
export const FORM_VERTICAL_WIDTH = 800;
export const FORM_SIZE = 'mini';

// ---- Shell §9: table columns -----------------------------------------------------------

export const COLUMN_WIDTH = {
  default: 140,
  seq: 50,
  checkbox: 35,
  radio: 35,
  link: 180,
  code: 140,
  amount: 180,
  state: 180,
  operation: 180,
  multi: 210,
} as const;
export type ColumnType = Exclude<keyof typeof COLUMN_WIDTH, 'default'>;

// ---- Shell §2, §9: certificates ---------------------------------------------------------

export const CERT_AGENT_TIMEOUT_MS = 60000;
export const CERT_PORT_PROBE_MS = 100;
/**
 * Ours (docs/certificates-client.md): rounds of the port probe; each after the first asks only the
 * ports silent in the one before. Four: two let a loaded 2-core machine's first handshakes with a
 * running agent outlast both rounds (CI, stop 29).
 */
export const CERT_PORT_PROBE_ROUNDS = 4;
/**
 * Ours: how long a probe of round `round` (0 first) waits, the spec's CERT_PORT_PROBE_MS doubled
 * each round (100, 200, 400, 800 ms): a busy 2-core machine answered a running agent's probes in
 * 138, 116, 209 and 356 ms, every one past a flat 100 ms (CI, stop 35).
 */
export const certProbeMs = (round: number): number => CERT_PORT_PROBE_MS * 2 ** round;
export const CERT_SESSION_KEY_LIFETIME_MIN = 120;
export const CERT_TOOLKIT_PORT = 9655;
export const CERT_AGENT_PORTS = [63451, 63455, 63460, 52100, 52110, 52150, 43110, 45130, 47101] as const;
export const KEY_USAGE_SIGN = 128;
export const KEY_USAGE_ENCRYPT = 32;
export const RSA_KEY_SIZES = [1024, 2048, 4096] as const;
export const SM2_KEY_SIZE = 256;
export const CERT_DIALOG_WIDTH = { medium: 700, small: 600, mini: 500 } as const;
export const CERT_DIALOG_MULTI_EXTRA = 300;
export const CERT_STORES = ['MY', 'Address'] as const;
export const CERT_FACTORIES = ['tianwei', 'tianwei2021', 'xinan', 'cfca'] as const;
export const SM2_DEFAULT_USER_ID = '1234567812345678';
/** Ours (the spec says only "one-time"): a certificate challenge lives this long, used once. */
export const CERT_CHALLENGE_SECONDS = 120;
/** Ours (the issue: "a short lifetime"): a validation flag from validateCert lives this long, used once. */
export const CERT_FLAG_SECONDS = 300;
/** Random bytes in a challenge: 256 bits, above the floor of 128. */
export const CERT_CHALLENGE_BYTES = 32;
/**
 * Ours: the licence a development or test deployment hands out (CERT_LICENCE unset) and the
 * reference agent accepts by default, so both agree without configuration. Not a secret:
 * the agent is a test double.
 */
export const CERT_TEST_LICENCE = 'TREASURY-PORTAL-TEST-LICENCE-1';
/** Ours (shell §7 leaves it open): how often the browser's client retries a read (GET) that got no answer at all. */
export const HTTP_GET_RETRIES = 2;
/** Ours (docs/sensitive-info.md): the dictionary of the portal's resources, answered from the build, not a table. */
export const PORTAL_RESOURCE_DICT = 'PortalResource';
/** Ours (docs/workbench.md, "Areas"): the dictionary of the home page's areas, answered from the build, not a table. */
export const WORKBENCH_AREA_DICT = 'WorkbenchArea';
/** Ours (docs/import.md, "Field maps"): the dictionary of the resources that take imports, answered from the build. */
export const IMPORT_RESOURCE_DICT = 'ImportResource';
/** The dictionaries the server answers from the build, not from its tables: no seed holds them, nobody edits them. */
export const VIRTUAL_DICTIONARIES = [PORTAL_RESOURCE_DICT, WORKBENCH_AREA_DICT, IMPORT_RESOURCE_DICT] as const;
/**
 * Ours (docs/sensitive-info.md, docs/import.md): families of dictionaries the server answers from
 * the build, one per resource, named `<family>:<resource code>` (a `choiceBy` field's chooser
 * that follows the resource chosen): a resource's text fields, the ones a mask can stand for;
 * a resource's import columns, the ones a field map can rename.
 */
export const SENSITIVE_FIELD_DICTS = 'SensitiveField';
export const IMPORT_COLUMN_DICTS = 'ImportColumn';
export const VIRTUAL_DICTIONARY_FAMILIES = [SENSITIVE_FIELD_DICTS, IMPORT_COLUMN_DICTS] as const;
export type VirtualDictionaryFamily = (typeof VIRTUAL_DICTIONARY_FAMILIES)[number];
/** Ours (docs/licences.md): the most users one product licence may allow. */
export const LICENCE_MAX_USERS = 100_000;
/** Ours: the longest licence file the verifier reads (a made one is about 1 kB). */
export const LICENCE_TEXT_MAX = 8_000;
/** Ours, as QR_GENERATE_LIMIT: certificate challenges one address may ask for per LOGIN_THROTTLE window. */
export const CERT_CHALLENGE_LIMIT = 30;
/** Ours: the sys-param-setting row whose value (when enabled) overrides CERT_FACTORY at run time. */
export const CERT_FACTORY_PARAM = 'cert.factory';

// ---- Widgets §9: tables, paging, lookups ------------------------------------------------

export const PAGE_KEYS = { start: 'start', limit: 'limit', total: 'total', rows: 'rows' } as const;
export const TABLE_PAGE_SIZES = [10, 20, 50, 100, 200, 300, 500] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 10;
export const BIG_TABLE_PAGE_SIZES = [50, 100, 200, 300, 500, 1000] as const;
export const BIG_TABLE_DEFAULT_PAGE_SIZE = 50;
export const LOOKUP_PAGE_SIZES = [10, 20, 50, 100] as const;
export const LOOKUP_DEFAULT_PAGE_SIZE = 10;
/** A dictionary's values edited in place (issue 11 point 6): up to this many are read, then shown a page at a time (TABLE_PAGE_SIZES). */
export const DICTIONARY_VALUES_PAGE_SIZE = 200;
export const SCROLL_LOOKUP_PAGE_SIZE = 10;
export const SELECT_SCROLL_PAGE_SIZE = 15;
export const SELECT_SCROLL_HEIGHT = 200;
export const LONG_CELL_TEXT_MAX = 50;

// ---- Widgets §5, §9: query form and export ----------------------------------------------

export const SAVED_QUERY_NAME_MAX = 6;
export const SAVED_QUERY_DEFAULT = 1;
export const SAVED_QUERY_NOT_DEFAULT = 2;
/** DECISIONS: the saved-query maximum is per page; this one when the page sets none. */
export const SAVED_QUERY_MAX_DEFAULT = 10;
export const EXPORT_CONFIRM_ABOVE = 10_000;
export const EXPORT_FORBIDDEN_ABOVE = 1_000_000;
export const EXPORT_FILE_NAME_MAX = 50;
export const EXPORT_FILE_NAME_FORBIDDEN = /[\\/:*?"<>|]/g;
export const EXPORT_TYPE_ALL = '02';
export const EXPORT_ASYNC = 2;
/** Ours (docs/export.md, "Jobs"): how often the export-jobs list asks again while a job is pending or running. */
export const EXPORT_JOB_POLL_MS = 1000;
/** Ours: how often a server process looks for pending export jobs (and lapsed leases) when nothing woke it. */
export const EXPORT_JOB_RUNNER_IDLE_MS = 5000;
/** Ours: a running job's lease; its process renews it with every batch, and one that lapses means the process died. */
export const EXPORT_JOB_LEASE_MS = 120_000;
/** Ours: runs of a job whose process died (its lease lapsed) before it is marked failed instead of run again. */
export const EXPORT_JOB_MAX_ATTEMPTS = 3;
/** Ours: hours a finished job (and its file) is kept, from when it finished. */
export const EXPORT_JOB_KEEP_HOURS = 24;
/** Ours: a user's jobs pending or running at once; one more is refused (2510). */
export const EXPORT_JOBS_WAITING_MAX = 5;
export const IMPORT_TYPE_COVER = 'COVER';
/** The ImportType dictionary's other value: the file's rows are added to what is there. */
export const IMPORT_TYPE_APPEND = 'APPEND';
/** Ours (docs/import.md): the largest import file; an import is reference data, not a bulk load. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Ours: the most data rows one import takes (all are checked, then written in one transaction). */
export const IMPORT_ROWS_MAX = 10_000;
/** Ours: hours an import's error report can be downloaded by the user who imported. */
export const IMPORT_REPORT_KEEP_HOURS = 24;
/** Ours: an import's temporary file older than this was left by a process that died mid-import; removed at start. */
export const IMPORT_TEMP_STALE_MS = 3_600_000;
/** Ours: the most an xlsx import may unpack to; 10,000 rows of a template unpack to a few MB, a zip bomb to gigabytes. */
export const IMPORT_UNPACKED_MAX_BYTES = 100 * 1024 * 1024;

// ---- Widgets §9: timings ---------------------------------------------------------------

export const REMOTE_FILTER_DELAY_MS = 200;
export const RESIZE_THROTTLE_MS = 300;
export const DEBOUNCE_MS = 100;
export const ATTACHMENT_SETTING_DEBOUNCE_MS = 500;
export const AUTOSAVE_INTERVAL_MS = 1000;
export const AUTOSAVE_NOTICE_TICK = 10;
export const FIELD_CONFIG_CHECKS = 3;
export const FIELD_CONFIG_CHECK_MS = 500;
export const WATERMARK_REDRAW_MS = 500;

// ---- Widgets §9: uploads, preview, formats ----------------------------------------------

export const UPLOAD_MAX_BYTES = 500 * 1024 * 1024;
export const UPLOAD_TABLE_HEIGHT = 220;
export const ATTACHMENT_DEFAULT_CATEGORY = 'upload-none-defalut';
export const ATTACHMENT_SYSTEM_CODE = '11';
/** Ours: the longest file name an upload keeps, in characters (upload_file.original_file_name is varchar(255)). */
export const UPLOAD_FILE_NAME_MAX = 255;
export const ZOOM = { min: 0.3, max: 5, step: 0.1, initial: 1 } as const;
export const WATERMARK = { tile: 250, angle: -30 } as const;
/** Ours: the watermark's time is redrawn this often, so a screenshot carries the minute it was taken. */
export const WATERMARK_TIME_REFRESH_MS = 60_000;
export const DATE_FORMAT = 'yyyy-MM-dd';
export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm';
export const DATE_TIME_FULL_FORMAT = 'yyyy-MM-dd HH:mm:ss';
/** Widgets §9 "Range input": the separator drawn between a range's two ends (the range is clearable). */
export const RANGE_SEPARATOR = '-';

/** Widgets §9: the date-range shortcuts, in the order they are offered. */
export const DATE_RANGE_SHORTCUTS = ['today', 'last7Days', 'last1Month', 'last3Months', 'last6Months', 'last12Months'] as const;
export type DateRangeShortcut = (typeof DATE_RANGE_SHORTCUTS)[number];
/** How far back each shortcut reaches: `days` counts today; `months` is the same day N months ago. */
export const DATE_RANGE_SHORTCUT_SPAN: Record<DateRangeShortcut, { days: number } | { months: number }> = {
  today: { days: 1 },
  last7Days: { days: 7 },
  last1Month: { months: 1 },
  last3Months: { months: 3 },
  last6Months: { months: 6 },
  last12Months: { months: 12 },
};
export const AMOUNT_DECIMALS = 2;
export const BUDGET_AMOUNT_PRECISION = 2;
export const CAPITAL_AMOUNT_LIMIT = 1e16;
export const CAPITAL_AMOUNT_DECIMALS = 4;

// ---- Widgets §9: dialog widths ----------------------------------------------------------

export const DIALOG_WIDTH = {
  export: 590,
  hiddenField: 1000,
  singleLookup: 800,
  multiLookup: 1100,
  preview: 842,
  verticalForm: 800,
} as const;
export const HIDDEN_FIELD_DIALOG_MAX_HEIGHT = 400;
export const PREVIEW_CONTENT_WIDTH = 600;

/** Table row edit (widget-library §4): the wire flag on a new, unsaved row: `row_status: 'add'`. */
export const ROW_STATUS_FIELD = 'row_status';
export const ROW_STATUS_ADD = 'add';

// ---- Widgets §3, §5: dynamic form templates (docs/dynamic-forms.md) --------------------------

/** The most fields a dynamic form template has (ours). */
export const DYNAMIC_TEMPLATE_FIELDS_MAX = 100;
/** A template field's name: at most this many characters (ours; a query form's field names take 64). */
export const DYNAMIC_FIELD_NAME_MAX = 64;
/** A label, placeholder, option text or rule message: at most this many characters (ours). */
export const DYNAMIC_TEXT_MAX = 200;
/** A text value a user types into a dynamic form: at most this many characters (ours). */
export const DYNAMIC_VALUE_TEXT_MAX = 2000;
/**
 * A rule's pattern: at most this many characters (ours). A form's pattern is a line (an account
 * number, a code); the server echoes it in every mismatch message.
 */
export const DYNAMIC_PATTERN_MAX = 500;
/**
 * How long the server may spend, off its event loop, testing one submission's values against
 * their fields' patterns before the unfinished ones count as unchecked and are refused (ms;
 * ours). A backtracking pattern such as ^(a+)+$ takes exponential time on a crafted value; real
 * patterns answer in microseconds, so this is a ceiling for scheduling noise, not a budget.
 */
export const DYNAMIC_PATTERN_CHECK_MS = 1000;
/** A template's JSON text, as the administrators' editor sends it: at most this many characters (ours). */
export const DYNAMIC_TEMPLATE_TEXT_MAX = 200_000;
/** A template's code: at most this many characters; `query:<resource code>` names a query page's extended fields. */
export const DYNAMIC_TEMPLATE_CODE_MAX = 64;
/** The prefixes of expand-param codes: a query page's extended filters and a table's extra columns (widgets §7). */
export const EXPAND_PARAM_PREFIXES = { query: 'query:', table: 'table:' } as const;
/** A template's status: only an enabled template is offered for new forms and extended fields. */
export const TEMPLATE_STATUS = { enabled: 'enabled', disabled: 'disabled' } as const;

// ---- Widgets §2, §4, §8: embedded pages of an edit form (docs/embedded-pages.md) -------------

/** How long the host waits for an embedded page's answer to validate, save or submit (ours). */
export const EMBEDDED_ANSWER_TIMEOUT_MS = 10_000;
/** An embedded page's height when the server's record leaves it out or out of range (ours). */
export const EMBEDDED_FRAME_HEIGHT_DEFAULT = 200;
export const EMBEDDED_FRAME_HEIGHT_MIN = 50;
export const EMBEDDED_FRAME_HEIGHT_MAX = 2000;
/** The demo guest page's remark: at most this many characters (ours). */
export const EMBEDDED_REMARK_MAX = 200;
