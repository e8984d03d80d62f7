import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Service } from '@shared/api/catalog-responses';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth-context';
import { apiJson, apiRequest } from '@/lib/api';

/** The response schemas (zod/mini), imported on first use: this module is in the first chunk (decision 012). */
const loadSchemas = () => import('@shared/api/catalog-responses');

/** GET /api/favorites: the signed-in user's saved services (401 when signed out). */
export const favoritesQueryKey = ['/api/favorites'] as const;

export const favoritesQuery = queryOptions({
  queryKey: favoritesQueryKey,
  queryFn: async ({ signal }) => {
    const [{ serviceListSchema }, res] = await Promise.all([
      loadSchemas(),
      apiRequest('GET', '/api/favorites', undefined, { signal }),
    ]);
    return serviceListSchema.parse(await res.json());
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
  const { reviews: _reviews, ...item } = service as Service & { reviews?: unknown };
  return item;
}

/**
 * Saves or unsaves a service: the favourites cache changes at once, POST/DELETE follows, and a
 * failure puts the cache back and says so. The list is refetched once the last toggle settles.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: toggleMutationKey,
    mutationFn: async ({ service, save }: { service: Service; save: boolean }) => {
      const [{ favoriteStateSchema }, state] = await Promise.all([
        loadSchemas(),
        apiJson(save ? 'POST' : 'DELETE', `/api/favorites/${service.id}`),
      ]);
      return favoriteStateSchema.parse(state);
    },
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
