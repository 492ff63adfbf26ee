import { request } from '../http/client';
import type { Profile, ProfileValues } from '../../shared/profile-rules';

/** "My profile" calls: the logged-in user's own English name, e-mail and gender. */
export const profileApi = {
  read: () => request<Profile>({ method: 'GET', url: '/api/fsmc/auth/userinfo/my-profile' }),
  save: (values: ProfileValues) => request<Profile>({ url: '/api/fsmc/auth/userinfo/edit-profile', data: values }),
};
