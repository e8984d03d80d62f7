import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/api/auth-responses';
import { apiJson } from './api';
import { useAuth, type SelfServiceRole } from './auth-context';

/**
 * The header's role switch (TRAVELER <-> PROVIDER): the new user replaces the current one, then
 * what is on screen is refetched under the new role, in an effect of the render for it: by then
 * what the previous role had on screen (a provider's workspace after a switch to traveler) has
 * unmounted and asks nothing of an API that would now answer 403. Only the user menu (its own
 * chunk) imports this, so the first load does not carry it.
 */
export function useSwitchRole() {
  const { user: current, updateUser } = useAuth();
  const queryClient = useQueryClient();
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    void queryClient.resetQueries();
  }, [current, queryClient]);
  return async (role: SelfServiceRole, timeZone?: string): Promise<User> => {
    const { user } = await apiJson<{ user: User }>(
      'POST',
      '/api/auth/switch-role',
      role === 'PROVIDER' ? { role, timeZone } : { role },
    );
    switched.current = true;
    updateUser(user);
    return user;
  };
}
