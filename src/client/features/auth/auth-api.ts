import {
  userResponseSchema,
  type LoginInput,
  type SignupInput,
  type SwitchRoleInput,
  type User,
} from '@shared/api/auth';
import { ApiError, apiFetch } from '@/lib/api';

/**
 * The auth calls of SPEC.md section 7. Failures throw an ApiError whose message is SPEC.md's
 * 'Login failed' / 'Signup failed' / 'Role switch failed' (status and server body kept on it).
 */
async function postForUser(url: string, body: unknown, failure: string): Promise<User> {
  const res = await apiFetch(url, {
    method: 'POST',
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
  const res = await apiFetch('/api/auth/me', { signal });
  if (!res.ok) {
    if (res.status !== 401) console.warn(`Auth check failed: ${res.status} ${res.statusText}`);
    return null;
  }
  return userResponseSchema.parse(await res.json()).user;
}

/**
 * The signed-in user (null when signed out). The server renders every page with it (dehydrated
 * into the page), so a first load never calls GET /api/auth/me, and never logs its 401.
 */
export const currentUserQueryKey = ['/api/auth/me'] as const;

export const currentUserQuery = {
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchCurrentUser(signal),
};

export const loginRequest = (input: LoginInput) => postForUser('/api/auth/login', input, 'Login failed');
export const signupRequest = (input: SignupInput) => postForUser('/api/auth/signup', input, 'Signup failed');
export const switchRoleRequest = (input: SwitchRoleInput) =>
  postForUser('/api/auth/switch-role', input, 'Role switch failed');

export async function logoutRequest(): Promise<void> {
  await apiFetch('/api/auth/logout', { method: 'POST' });
}
