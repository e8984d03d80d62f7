import type { LoginInput, SignupInput, SwitchRoleInput } from '@shared/api/auth';
import type { User } from '@shared/api/auth-responses';
import { apiErrorFrom, apiFetch } from '@/lib/api';
import { withPreloads } from '@/lib/preload-modules';

/**
 * The signed-in user out of a response, checked with the shared schema. The schema (zod/mini) is
 * imported on first use, in parallel with reading the body, to keep zod out of the first chunk
 * (decision 012).
 */
async function userOf(res: Response): Promise<User> {
  const [{ userResponseSchema }, body] = await Promise.all([
    withPreloads('../shared/api/auth-responses.ts', () => import('@shared/api/auth-responses')),
    res.json(),
  ]);
  return userResponseSchema.parse(body).user;
}

/**
 * The auth calls of docs/product.md. Failures throw an ApiError whose message is the product's
 * 'Login failed' / 'Signup failed' / 'Role switch failed' (status and server body kept on it).
 */
async function postForUser(url: string, body: unknown, failure: string): Promise<User> {
  const res = await apiFetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const error = await apiErrorFrom(res);
    error.message = failure;
    throw error;
  }
  return userOf(res);
}

/** The signed-in user, null when signed out (401); throws when it could not be checked. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  const res = await apiFetch('/api/auth/me', { signal });
  if (res.status === 401) return null;
  if (!res.ok) throw await apiErrorFrom(res);
  return userOf(res);
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
