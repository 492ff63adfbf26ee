import { call } from '../http/call';
import { contract, type BodyOf } from '../../shared/contract';
import type { ProfileValues } from '../../shared/profile-rules';

/** "My profile" calls: thin names for contract entries. */
export const profileApi = {
  read: () => call(contract.profile.read),
  // The form holds plain strings; the call's schema refuses a gender it does not name.
  save: (values: ProfileValues) => call(contract.profile.save, values as BodyOf<typeof contract.profile.save>),
};
