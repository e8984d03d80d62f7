import type { ChangeEmailInput, ForgotPasswordInput, ResetPasswordInput } from '@shared/api/auth';
import {
  emailStatusSchema,
  emailVerifiedSchema,
  forgotPasswordResponseSchema,
  okResponseSchema,
  userResponseSchema,
  type User,
} from '@shared/api/auth-responses';
import { apiJson, apiRequest } from '@/lib/api';

/** Links sent by email (decision 022): verify an address, forgot and reset a password. */
import { emailStatusQueryKey } from './query-keys';

export { emailStatusQueryKey };

export const emailStatusQuery = {
  queryKey: emailStatusQueryKey,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    emailStatusSchema.parse(await (await apiRequest('GET', '/api/account/email', undefined, { signal })).json()),
};

export async function verifyEmail(token: string): Promise<string> {
  return emailVerifiedSchema.parse(await apiJson('POST', '/api/auth/verify-email', { token })).email;
}

export async function resendVerification(): Promise<void> {
  okResponseSchema.parse(await apiJson('POST', '/api/account/email/verification'));
}

export async function forgotPassword(input: ForgotPasswordInput): Promise<string> {
  return forgotPasswordResponseSchema.parse(await apiJson('POST', '/api/auth/forgot-password', input)).message;
}

export async function resetPassword(input: ResetPasswordInput): Promise<User> {
  return userResponseSchema.parse(await apiJson('POST', '/api/auth/reset-password', input)).user;
}

/** POST /api/account/email: a new address (needs the current password); a link to verify it is sent. */
export async function changeEmail(input: ChangeEmailInput): Promise<User> {
  return userResponseSchema.parse(await apiJson('POST', '/api/account/email', input)).user;
}
