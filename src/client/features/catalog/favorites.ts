import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { favoriteStateSchema, serviceSchema, type Service } from '@shared/api/catalog';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth-context';
import { apiJson, apiRequest } from '@/lib/api';

/** GET /api/favorites: the signed-in user's saved services (401 when signed out). */
export const favoritesQueryKey = ['/api/favorites'] as const;

export const favoritesQuery = queryOptions({
  queryKey: favoritesQueryKey,
  queryFn: async ({ signal }) => {
    const res = await apiRequest('GET', '/api/favorites', undefined, { signal });
    return z.array(serviceSchema).parse(await res.json());
  },
});

const toggleMutationKey = ['favorites', 'toggle'] as const;

/** Whether a service is saved; always false (and nothing fetched) when signed out. */
export function useIsSaved(serviceId: string): boolean {
  const { user } = useAuth();
  const { data } = useQuery({
    ...favoritesQuery,
    enabled: Boolean(user),
    select: (services) => services.some((s) => s.id === serviceId),
  });
  return Boolean(user) && data === true;
}

/** A service as the favourites list holds it (a detail response also carries its reviews). */
function asListItem(service: Service): Service {
  return serviceSchema.parse(service);
}

/**
 * Saves or unsaves a service: the favourites cache changes at once, POST/DELETE follows, and a
 * failure puts the cache back and says so. The list is refetched once the last toggle settles.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: toggleMutationKey,
    mutationFn: async ({ service, save }: { service: Service; save: boolean }) =>
      favoriteStateSchema.parse(await apiJson(save ? 'POST' : 'DELETE', `/api/favorites/${service.id}`)),
    onMutate: async ({ service, save }) => {
      await queryClient.cancelQueries({ queryKey: favoritesQueryKey });
      const previous = queryClient.getQueryData<Service[]>(favoritesQueryKey);
      queryClient.setQueryData<Service[]>(favoritesQueryKey, (old = []) => {
        const rest = old.filter((s) => s.id !== service.id);
        return save ? [asListItem(service), ...rest] : rest;
      });
      return { previous };
    },
    onError: (_error, _variables, result) => {
      queryClient.setQueryData(favoritesQueryKey, result?.previous);
      toast({ variant: 'destructive', title: 'Could not update saved services', description: 'Please try again.' });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: toggleMutationKey }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: favoritesQueryKey });
      }
    },
  });
}
