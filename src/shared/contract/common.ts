import { LANGUAGES, NAV_COLORS, PASSWORD_LENGTH_CEILING, PASSWORD_LENGTH_FLOOR, THEME_NAMES } from '../constants';
import { Body, Id, OneOf, Text, Type, type Static, type TSchema } from './define';

/** Answer pieces several areas share. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** User codes: app_user.user_code is varchar(64). */
export const USER_CODE_MAX = 64;
export const Language = OneOf(LANGUAGES);

/** What the browser keeps as loginUserInfo (shell §3). Never the password hash. */
export const LoginUserInfo = Type.Object({
  id: Id,
  userCode: Type.String(),
  userName: Type.String(),
  userNameEn: Nullable(Type.String()),
  userType: Type.Integer(),
  staffType: Type.Integer(),
  orgId: Nullable(Type.Integer()),
  orgCode: Nullable(Type.String()),
  orgName: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  themeName: Nullable(Type.String()),
  navColor: Nullable(Type.String()),
  lang: Nullable(Type.String()),
});
export type LoginUserInfo = Static<typeof LoginUserInfo>;

/** A login's answer, by password or by QR code. */
export const LoginAnswer = Type.Object({ JwtToken: Type.String(), lang: Language, loginUserInfo: LoginUserInfo });
export type LoginAnswer = Static<typeof LoginAnswer>;

export const ThemeName = OneOf(THEME_NAMES);
export const NavColor = OneOf(NAV_COLORS);
export const Preferences = Type.Object({ themeName: ThemeName, navColor: NavColor });
export type Preferences = Static<typeof Preferences>;

export const DefaultMenu = Type.Object({ funcId: Nullable(Id), funcUrl: Nullable(Type.String()) });
export type DefaultMenu = Static<typeof DefaultMenu>;

const RuleLength = Type.Integer({ minimum: PASSWORD_LENGTH_FLOOR, maximum: PASSWORD_LENGTH_CEILING });
export const PasswordRule = Body({
  minLength: RuleLength,
  maxLength: RuleLength,
  requireUpper: Type.Boolean(),
  requireLower: Type.Boolean(),
  requireDigit: Type.Boolean(),
  requireSymbol: Type.Boolean(),
  forbidUserCode: Type.Boolean(),
});

/** A password as typed: bounded by the ceiling an administrator may set the rule to. */
export const Password = Text(PASSWORD_LENGTH_CEILING, { min: 1 });
export const UserCode = Text(USER_CODE_MAX, { min: 1 });
