import { GENDERS, PASSWORD_LENGTH_CEILING } from '../constants';
import { PROFILE_LIMITS } from '../profile-rules';
import { Body, Empty, Nothing, OneOf, Text, Type, endpoint, type Static } from './define';
import { Password, PasswordRule } from './common';

/** "My profile", the user's own password change and the password rule. */
export const Profile = Type.Object({ userCode: Type.String(), userName: Type.String(), userNameEn: Type.String(), email: Type.String(), gender: Type.String() });
export const ProfileValues = Body({
  userNameEn: Text(PROFILE_LIMITS.userNameEn),
  email: Text(PROFILE_LIMITS.email),
  gender: OneOf([...GENDERS, '']),
  /** The current password: required when the e-mail changes (issue 9), never stored in a draft. */
  password: Type.Optional(Text(PASSWORD_LENGTH_CEILING)),
});
export type ProfileValues = Static<typeof ProfileValues>;

export const profile = {
  read: endpoint({ method: 'GET', path: '/api/fsmc/auth/userinfo/my-profile', summary: 'The logged-in user’s profile.', data: Profile }),
  save: endpoint({
    path: '/api/fsmc/auth/userinfo/edit-profile',
    summary: 'Saves English name, e-mail and gender; a changed e-mail needs the current password (1301/1302) and asks for confirmation first (412).',
    body: ProfileValues,
    data: Profile,
    client: { inlineErrors: true },
  }),
  passwordRule: endpoint({ path: '/api/fsmc/auth/password-rule/query', summary: 'The password rule.', body: Empty, data: PasswordRule }),
  savePasswordRule: endpoint({
    path: '/api/fsmc/auth/password-rule/update',
    summary: 'Administrators change the password rule.',
    body: PasswordRule,
    data: PasswordRule,
    flags: { admin: true },
  }),
  editPassword: endpoint({
    path: '/api/fsmc/auth/userinfo/edit-password',
    summary: 'Changes the caller’s password (old one required; a wrong one counts as a failed login).',
    body: Body({ oldPassword: Password, newPassword: Password }),
    data: Nothing,
    client: { inlineErrors: true },
  }),
};
