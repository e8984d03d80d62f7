import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SignupInput, User } from '@shared/api/auth';
import { AuthContext, type AuthContextValue, type SelfServiceRole } from '@/lib/auth-context';
import {
  currentUserQuery,
  currentUserQueryKey,
  fetchCurrentUser,
  loginRequest,
  logoutRequest,
  signupRequest,
  switchRoleRequest,
} from './auth-api';

/**
 * Holds the current user (docs/product.md): checked once on load, then replaced by what
 * login, signup and role switch return, and cleared by logout. Whenever the user changes, cached
 * queries are reset so no screen keeps showing the previous user's data.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The server-rendered page carries the user; without it (dev server), ask once.
  const [initialUser] = useState(() => queryClient.getQueryData<User | null>(currentUserQueryKey));
  const [user, setUser] = useState<User | null>(initialUser ?? null);
  const [isLoading, setIsLoading] = useState(initialUser === undefined);

  useEffect(() => {
    if (initialUser !== undefined) return;
    const controller = new AbortController();
    fetchCurrentUser(controller.signal)
      .then((current) => {
        queryClient.setQueryData(currentUserQueryKey, current);
        setUser(current);
        setIsLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Auth check failed', error);
        setIsLoading(false);
      });
    return () => controller.abort();
  }, [initialUser, queryClient]);

  // The current-user query, watched while signed in: invalidating it (after a profile photo or an
  // account change elsewhere) refetches it, and the header shows the answer at once.
  const current = useQuery({ ...currentUserQuery, enabled: user !== null && !isLoading });
  useEffect(() => {
    if (current.data) setUser((previous) => (previous && previous.id === current.data?.id ? current.data : previous));
  }, [current.data]);

  // Set when the user changed: the cache is reset once the screen has re-rendered for them.
  const [resetPending, setResetPending] = useState(false);
  useEffect(() => {
    if (!resetPending) return;
    setResetPending(false);
    // After the commit: what the previous role had on screen (a provider's workspace after a switch
    // to traveler) has unmounted, so only the new identity's queries refetch (no 403s for the old role's).
    // The current user is the one the server just returned: kept, not asked again.
    void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
  }, [resetPending, queryClient]);

  const replaceUser = useCallback(
    (next: User | null) => {
      setUser(next);
      setIsLoading(false);
      if (next) {
        // Signed in or switched role: stop what the previous identity was loading now, and refetch
        // what is on screen under the new one after the next render (the effect above).
        void queryClient.cancelQueries();
        queryClient.setQueryData(currentUserQueryKey, next);
        setResetPending(true);
      } else {
        // Signed out: drop everything; nothing signed-in should refetch (and fail with 401).
        void queryClient.cancelQueries();
        queryClient.removeQueries();
      }
    },
    [queryClient],
  );

  const login = useCallback(
    async (input: LoginInput) => {
      const next = await loginRequest(input);
      replaceUser(next);
      return next;
    },
    [replaceUser],
  );

  const signup = useCallback(
    async (input: SignupInput) => {
      const next = await signupRequest(input);
      replaceUser(next);
      return next;
    },
    [replaceUser],
  );

  const switchRole = useCallback(
    async (role: SelfServiceRole, timeZone?: string) => {
      const next = await switchRoleRequest(role === 'PROVIDER' ? { role, timeZone } : { role });
      replaceUser(next);
      return next;
    },
    [replaceUser],
  );

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch (error) {
      console.warn('Logout request failed', error);
    } finally {
      replaceUser(null);
    }
  }, [replaceUser]);

  const updateUser = useCallback(
    (next: User) => {
      setUser(next);
      // Everything that reads the current user (the header's avatar, a page rendered again) gets
      // the change at once, then the server's word on it.
      queryClient.setQueryData(currentUserQueryKey, next);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, login, signup, logout, switchRole, updateUser }),
    [user, isLoading, login, signup, logout, switchRole, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
