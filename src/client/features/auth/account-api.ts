import type { ChangePasswordInput, UpdateProfileInput } from '@shared/api/auth';
import {
  okResponseSchema,
  revokedResponseSchema,
  userResponseSchema,
  type SessionsResponse,
  type User,
} from '@shared/api/auth-responses';
import { apiJson } from '@/lib/api';

/** The account-settings calls (GET/PATCH/POST/DELETE under /api/account). */
export { sessionsQueryKey } from './query-keys';
export type SessionInfo = SessionsResponse['sessions'][number];

export async function updateProfile(input: UpdateProfileInput): Promise<User> {
  return userResponseSchema.parse(await apiJson('PATCH', '/api/account/profile', input)).user;
}

export async function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('avatar', file);
  return userResponseSchema.parse(await apiJson('POST', '/api/account/avatar', form)).user;
}

export async function removeAvatar(): Promise<User> {
  return userResponseSchema.parse(await apiJson('DELETE', '/api/account/avatar')).user;
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  okResponseSchema.parse(await apiJson('POST', '/api/account/password', input));
}

export async function revokeOtherSessions(): Promise<number> {
  return revokedResponseSchema.parse(await apiJson('POST', '/api/account/sessions/revoke-others')).revoked;
}
