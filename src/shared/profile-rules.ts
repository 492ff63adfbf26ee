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

export type ProfileValues = Pick<Profile, 'userNameEn' | 'email' | 'gender'>;
