import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/api/auth-responses';
import { apiJson } from './api';
import { useAuth, type SelfServiceRole } from './auth-context';

/**
 * The header's role switch (TRAVELER <-> PROVIDER): the new user replaces the current one, then
 * what is on screen is refetched under the new role. The refetch waits a task, until React has
 * rendered for the new role (the render of this update is not time-sliced): what the previous
 * role had on screen, a provider's workspace after a switch to traveler, has unmounted by then
 * and asks nothing of an API that would now answer 403. Only the user menu (its own chunk)
 * imports this, so the first load does not carry it.
 */
export function useSwitchRole() {
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  return async (role: SelfServiceRole, timeZone?: string): Promise<User> => {
    const { user } = await apiJson<{ user: User }>(
      'POST',
      '/api/auth/switch-role',
      role === 'PROVIDER' ? { role, timeZone } : { role },
    );
    updateUser(user);
    setTimeout(() => void queryClient.resetQueries());
    return user;
  };
}
