import { t } from '@lingui/core/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth-context';
import { apiRequest } from '@/lib/api';
import { withPreloads } from '@/lib/preload-modules';

/** GET /api/favorites: the signed-in user's saved services (401 when signed out). */
export const favoritesQueryKey = ['/api/favorites'] as const;

export const favoritesQuery = queryOptions({
  queryKey: favoritesQueryKey,
  queryFn: async ({ signal }) => {
    // The response schemas (zod/mini), imported on first use: this module is in the first chunk (decision 012).
    const [{ serviceListSchema }, res] = await Promise.all([
      withPreloads('../shared/api/catalog-responses.ts', () => import('@shared/api/catalog-responses')),
      apiRequest('GET', '/api/favorites', undefined, { signal }),
    ]);
    return serviceListSchema.parse(await res.json());
  },
});

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

/** What a failed save or unsave says (the cache is back as it was), in the page's language (the browser's i18n). */
export const saveFailedToast = () =>
  ({
    variant: 'destructive',
    title: t`Could not update saved services`,
    description: t`Please try again.`,
  }) as const;
