import { PASSWORD_LENGTH_CEILING } from '../constants';
import { Nullable, USER_CODE_MAX } from './common';
import { Body, Id, Page, Paging, Text, Timestamp, Type, endpoint, type Static } from './define';

/**
 * The administration of users and duties beyond the generic resource calls (portal-shell §7
 * "user info (… reset password, change locked time, online users, … back station)", "duty
 * (…) with menu list", "function tree"; §5 "user code (with a variant for the super
 * administrator), user mail, duty used"). The generic calls (query, add, submit, review,
 * cancel…) come from the definitions src/resources/defs/user-info.ts and duty.ts; these sit
 * beside them under the same paths and behind the same function grants: '/user-info' for the
 * user calls, '/duty' for the duty calls. Server: server/routes/fsmc/user-admin.ts.
 */

const USER = '/user-info';
const DUTY = '/duty';

/** The most duties one user holds at once, and functions one duty grants, in one call (ours). */
export const DUTY_STATIONS_MAX = 200;
export const FUNCTION_GRANTS_MAX = 10_000;
/** An ISO 8601 time with its offset, e.g. 2026-05-01T18:00:00.000Z (ours: the datetime-local input, sent as UTC). */
export const LOCK_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$';

/**
 * The instant a lock time names, or null when it names none: the pattern lets through what no
 * calendar or clock has (month 13, February 30, 25:61, an offset of +99:99), which Date would
 * refuse or silently roll over into the next month.
 */
export function lockTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0)) as number[];
  const day = new Date(Date.UTC(y!, mo! - 1, d!));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo! - 1 || day.getUTCDate() !== d) return null;
  if (h! > 23 || mi! > 59 || s > 59) return null;
  if (m[7] !== 'Z' && (Number(m[9]) > 14 || Number(m[10]) > 59)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}
/** The reserved code of the super administrator (shell §6 "user code validation with admin"). */
export const SUPER_ADMIN_CODE = 'admin';

const UserRef = Body({ id: Id });
const DutyRef = Body({ id: Id });

/** A user's lock: locked until `lockedUntil`, or not locked (null, or a time already past). */
export const LockState = Type.Object({ id: Id, userCode: Type.String(), locked: Type.Boolean(), lockedUntil: Nullable(Timestamp) });
export type LockState = Static<typeof LockState>;

/** A live session (online users): who, since when, last seen. The client address is not stored. */
export const OnlineUser = Type.Object({
  userId: Id,
  userCode: Type.String(),
  /** In the reader's language. */
  userName: Type.String(),
  orgCode: Nullable(Type.String()),
  loginAt: Timestamp,
  lastSeenAt: Timestamp,
  lang: Nullable(Type.String()),
});
export type OnlineUser = Static<typeof OnlineUser>;

/** A duty a user may hold: every duty not cancelled, with its state (only approved, enabled ones grant anything). */
export const DutyOption = Type.Object({ id: Id, dutyCode: Type.String(), dutyName: Type.String(), recordState: Type.String(), enabled: Type.Boolean() });
export type DutyOption = Static<typeof DutyOption>;
export const DutyStations = Type.Object({ userId: Id, duties: Type.Array(DutyOption), held: Type.Array(Id) });
export type DutyStations = Static<typeof DutyStations>;

/** A function of the tree (three levels: area, group, page), name in the reader's language. */
export const FunctionNode = Type.Object({ id: Id, fatherFunctionId: Nullable(Type.Integer()), functionName: Type.String(), funcUrl: Nullable(Type.String()), funcOrder: Type.Integer() });
export type FunctionNode = Static<typeof FunctionNode>;
export const FunctionGrants = Type.Object({ dutyId: Id, functions: Type.Array(FunctionNode), granted: Type.Array(Id) });
export type FunctionGrants = Static<typeof FunctionGrants>;

const Exists = Type.Object({ exists: Type.Boolean() });

export const userAdmin = {
  resetPassword: endpoint({
    path: '/api/fsmc/user-info/reset-password',
    summary: 'Gives a user a new random password that meets the password rule, answered once to the administrator (never stored or mailed in clear), and ends the user’s sessions.',
    body: UserRef,
    data: Type.Object({ userCode: Type.String(), password: Text(PASSWORD_LENGTH_CEILING) }),
    flags: { func: USER },
  }),
  lockState: endpoint({
    path: '/api/fsmc/user-info/query-locked-time',
    summary: 'Whether a user is locked, and until when.',
    body: UserRef,
    data: LockState,
    flags: { func: USER },
  }),
  changeLockedTime: endpoint({
    path: '/api/fsmc/user-info/change-locked-time',
    summary: 'Locks a user until a time in the future (their sessions end; login answers 1202 until then), or unlocks (null).',
    body: Body({ id: Id, lockedUntil: Nullable(Text(40, { pattern: LOCK_TIME_PATTERN })) }),
    data: LockState,
    flags: { func: USER },
  }),
  onlineUsers: endpoint({
    path: '/api/fsmc/user-info/online-users',
    summary: 'A page of the live sessions, most recently seen first.',
    body: Paging,
    data: Page(OnlineUser),
    flags: { func: USER, read: true },
  }),
  dutyStations: endpoint({
    path: '/api/fsmc/user-info/query-duty-station',
    summary: 'The duties a user may hold and those they hold.',
    body: UserRef,
    data: DutyStations,
    flags: { func: USER },
  }),
  saveDutyStations: endpoint({
    path: '/api/fsmc/user-info/save-duty-station',
    summary: 'Sets the duties a user holds (1604 for a duty that does not exist or is cancelled; 3303 for two duties a position relation keeps apart).',
    body: Body({ id: Id, dutyIds: Type.Array(Id, { maxItems: DUTY_STATIONS_MAX }) }),
    data: DutyStations,
    flags: { func: USER },
  }),
  functionTree: endpoint({
    path: '/api/fsmc/duty/query-function-tree',
    summary: 'The function tree and the functions a duty grants.',
    body: DutyRef,
    data: FunctionGrants,
    flags: { func: DUTY },
  }),
  saveFunctionTree: endpoint({
    path: '/api/fsmc/duty/save-function-tree',
    summary: 'Sets the functions a duty grants (1603 for an id that is no function); a granted page brings its ancestors into the menu.',
    body: Body({ id: Id, funcIds: Type.Array(Id, { maxItems: FUNCTION_GRANTS_MAX }) }),
    data: FunctionGrants,
    flags: { func: DUTY },
  }),
  checkUserCode: endpoint({
    path: '/api/fsmc/user-info/validate-user-code',
    summary: 'Whether a user code is taken by another user (shell §5 "user code"; `id` is the user being edited).',
    body: Body({ userCode: Text(USER_CODE_MAX, { min: 1 }), id: Type.Optional(Id) }),
    data: Exists,
    flags: { func: USER },
    client: { noLoading: true },
  }),
  checkUserCodeWithAdmin: endpoint({
    path: '/api/fsmc/user-info/validate-user-code-with-admin',
    summary: 'The same, counting the super administrator’s reserved code (admin, any letter case) as taken.',
    body: Body({ userCode: Text(USER_CODE_MAX, { min: 1 }), id: Type.Optional(Id) }),
    data: Exists,
    flags: { func: USER },
    client: { noLoading: true },
  }),
  checkEmail: endpoint({
    path: '/api/fsmc/user-info/validate-user-mail',
    summary: 'Whether an e-mail address is another user’s (shell §5 "user mail"; compared without letter case).',
    body: Body({ email: Text(200, { min: 1 }), id: Type.Optional(Id) }),
    data: Exists,
    flags: { func: USER },
    client: { noLoading: true },
  }),
  dutyUsed: endpoint({
    path: '/api/fsmc/duty/validate-duty-used',
    summary: 'Whether users still hold a duty, and how many (shell §5 "duty used", asked before cancel).',
    body: DutyRef,
    data: Type.Object({ used: Type.Boolean(), count: Type.Integer({ minimum: 0 }) }),
    flags: { func: DUTY },
    client: { noLoading: true },
  }),
};
