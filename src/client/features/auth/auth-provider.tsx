import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocale } from '@/lib/locale';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SignupInput, User } from '@shared/api/auth';
import { AuthContext, type AuthContextValue, type SelfServiceRole } from '@/lib/auth-context';
import {
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
        setUser(current);
        setIsLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Auth check failed', error);
        setIsLoading(false);
      });
    return () => controller.abort();
  }, [initialUser]);

  const replaceUser = useCallback(
    (next: User | null) => {
      setUser(next);
      setIsLoading(false);
      if (next) {
        // Signed in or switched role: refetch what is on screen under the new identity.
        void queryClient.resetQueries();
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

  const locale = useLocale();
  const signup = useCallback(
    async (input: SignupInput) => {
      // The account reads Locora in the language it was created in (its emails too).
      const next = await signupRequest({ language: locale, ...input });
      replaceUser(next);
      return next;
    },
    [replaceUser, locale],
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

  const updateUser = useCallback((next: User) => setUser(next), []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, login, signup, logout, switchRole, updateUser }),
    [user, isLoading, login, signup, logout, switchRole, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
