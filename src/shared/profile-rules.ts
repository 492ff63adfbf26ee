/**
 * The rules of "My profile", written once for the form and the server's route: column sizes
 * of app_user and a practical e-mail check (one @, a dot in the domain, no spaces).
 */
export const PROFILE_LIMITS = { userNameEn: 100, email: 200 } as const;

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export interface Profile {
  userCode: string;
  userName: string;
  userNameEn: string;
  email: string;
  /** BOY, GIRL or '' (other). */
  gender: string;
}

/**
 * What the form edits. `password` is the current password, asked for only when the e-mail
 * changes (where password-reset codes go, issue 9); it is never stored in a draft.
 */
export type ProfileValues = Pick<Profile, 'userNameEn' | 'email' | 'gender'> & { password: string };

/** True when the values would change the e-mail the profile has: the password is needed then. */
export const changesEmail = (profile: Pick<Profile, 'email'> | null, values: Pick<ProfileValues, 'email'>) => profile !== null && values.email.trim() !== profile.email;
