import { LANGUAGES } from '../constants';
import { Body, Empty, Nothing, Type, endpoint } from './define';
import { DefaultMenu, Language, LoginAnswer, LoginUserInfo, NavColor, Password, ThemeName, UserCode } from './common';

/** Login, logout, language and session info (shell §7 "Common and login"). */
export const LoginType = Type.Object({ value: Type.String(), text: Type.String() });
export const SystemSetting = Type.Object({ systemTitle: Type.String(), loginTypes: Type.Array(LoginType) });
export const LanguageItem = Type.Object({ langSymbol: Language, langName: Type.String() });
const anonymous = { anonymous: true } as const;

export const DutyStation = Type.Object({ id: Type.Integer(), dutyCode: Type.String(), dutyName: Type.String(), status: Type.String() });

export const login = {
  loginTypes: endpoint({
    method: 'GET',
    path: '/api/fsmc/login/query-login-type',
    summary: 'The login types the login page offers (password, QR code).',
    data: Type.Array(LoginType),
    flags: anonymous,
    client: { noLoading: true },
  }),
  login: endpoint({
    path: '/api/fsmc/login/login',
    summary: 'Password login: a session token, the language and loginUserInfo. Throttled per user code and per address (1201).',
    body: Body({ userCode: UserCode, password: Password }),
    data: LoginAnswer,
    flags: { ...anonymous, login: 'password' },
    client: { inlineErrors: true },
  }),
  logout: endpoint({ path: '/api/fsmc/login/login-out', summary: 'Ends the calling session.', data: Nothing }),
  setLanguage: endpoint({
    path: '/api/fsmc/login/lang-setting',
    summary: "Saves the user's language (account and session).",
    body: Body({ lang: Language }),
    data: Type.Object({ lang: Language }),
  }),
  languages: endpoint({
    path: '/api/fsmc/login/query/lang-info-list',
    summary: `The languages offered: those enabled on the language page (/lang) that the portal has messages for (${LANGUAGES.join(', ')}), in their order, under their names.`,
    body: Empty,
    data: Type.Array(LanguageItem),
    flags: anonymous,
    client: { noLoading: true },
  }),
  portalLanguages: endpoint({
    path: '/api/portal/login/query/lang-info-list',
    summary: 'The same language list, under the portal frame’s prefix.',
    body: Empty,
    data: Type.Array(LanguageItem),
    flags: anonymous,
    client: { noLoading: true },
  }),
  systemSetting: endpoint({
    method: 'GET',
    path: '/api/portal/login/query-system-setting',
    summary: 'System title (in the caller’s language) and login types.',
    data: SystemSetting,
    flags: anonymous,
    client: { noLoading: true },
  }),
  sessionInfo: endpoint({
    // A read with nothing to send: no envelope, so index.html asks for it as its script starts,
    // without agreeing a key first (issue 16: two round trips stood before the home page's greeting).
    method: 'GET',
    path: '/api/fsmc/session/share/query-session-info',
    summary: 'What the shell needs at start: user, language, title, theme, default menu, no-notify, duty stations.',
    data: Type.Object({
      loginUserInfo: LoginUserInfo,
      lang: Language,
      systemTitle: Type.String(),
      themeName: ThemeName,
      navColor: NavColor,
      defaultMenu: DefaultMenu,
      noNotify: Type.Boolean(),
      dutyStations: Type.Array(DutyStation),
    }),
    // No overlay: the shell stands at once (its menu has its own spinner) and the header fills in.
    client: { noLoading: true },
  }),
  envelopeKey: endpoint({
    method: 'GET',
    path: '/api/fsmc/login/encrypt-key',
    summary: 'Agrees a payload envelope key with the caller’s ephemeral X25519 public key (header envelope-client-key); answers the server’s public half, never a key (docs/security.md).',
    data: Type.Object({ keyId: Type.String(), cipher: Type.String(), serverPublicKey: Type.String(), version: Type.String() }),
    flags: anonymous,
    client: { noLoading: true },
  }),
  requestToken: endpoint({
    method: 'GET',
    path: '/api/fsmc/common/token/getToken',
    summary: 'A one-use request token for a create call (header request-token).',
    data: Type.Object({ token: Type.String() }),
    client: { noLoading: true },
  }),
};
