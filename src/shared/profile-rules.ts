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

/** What the form holds while the user types; the save call's schema checks it (gender BOY, GIRL or ''). */
export type ProfileValues = Pick<Profile, 'userNameEn' | 'email' | 'gender'>;
