import type { ProfileUpdateRequest, User } from '@postwright/contracts';
import { api } from '../../../lib/api-client';

/** PUT /users/profile -> { user } (replaces the stored user). */
export async function updateProfile(body: ProfileUpdateRequest): Promise<User> {
  const data = await api.put<{ user: User }>('/users/profile', body);
  return data.user;
}

