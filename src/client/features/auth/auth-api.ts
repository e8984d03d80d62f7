import {
  userResponseSchema,
  type LoginInput,
  type SignupInput,
  type SwitchRoleInput,
  type User,
} from '@shared/api/auth';
import { ApiError } from '@/lib/api';

/**
 * The auth calls of SPEC.md section 7. Failures throw an ApiError whose message is SPEC.md's
 * 'Login failed' / 'Signup failed' / 'Role switch failed' (status and server body kept on it).
 */
async function postForUser(url: string, body: unknown, failure: string): Promise<User> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    const error = new ApiError(res.status, res.statusText, text);
    error.message = failure;
    throw error;
  }
  return userResponseSchema.parse(await res.json()).user;
}

export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  const res = await fetch('/api/auth/me', { credentials: 'include', signal });
  if (!res.ok) {
    if (res.status !== 401) console.warn(`Auth check failed: ${res.status} ${res.statusText}`);
    return null;
  }
  return userResponseSchema.parse(await res.json()).user;
}

export const loginRequest = (input: LoginInput) => postForUser('/api/auth/login', input, 'Login failed');
export const signupRequest = (input: SignupInput) => postForUser('/api/auth/signup', input, 'Signup failed');
export const switchRoleRequest = (input: SwitchRoleInput) =>
  postForUser('/api/auth/switch-role', input, 'Role switch failed');

export async function logoutRequest(): Promise<void> {
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' });
}
