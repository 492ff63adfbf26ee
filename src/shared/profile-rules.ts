import type { Static } from 'typebox';
import type { Profile as ProfileSchema } from './contract/profile';
/**
 * The rules of "My profile", written once for the form and the server's route: column sizes
 * of app_user and a practical e-mail check (one @, a dot in the domain, no spaces).
 */
export const PROFILE_LIMITS = { userNameEn: 100, email: 200 } as const;

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** What "my profile" answers (the contract's schema). */
export type Profile = Static<typeof ProfileSchema>;

/**
 * What the form edits. `password` is the current password, asked for only when the e-mail
 * changes (where password-reset codes go, issue 9); it is never stored in a draft.
 */
export type ProfileValues = Pick<Profile, 'userNameEn' | 'email' | 'gender'> & { password: string };

/** True when the values would change the e-mail the profile has: the password is needed then. */
export const changesEmail = (profile: Pick<Profile, 'email'> | null, values: Pick<ProfileValues, 'email'>) => profile !== null && values.email.trim() !== profile.email;
