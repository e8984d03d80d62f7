import type { QueryClient } from '@tanstack/react-query';
import type { Service } from '@shared/api/catalog-responses';
import { toast } from '@/components/ui/use-toast';
import { apiJson } from '@/lib/api';
import { favoritesQueryKey, saveFailedToast } from './favorites';
import { withPreloads } from '@/lib/preload-modules';

/*
 * Saving a service: only a signed-in user does it, so this module is not in a visitor's first
 * load; the heart imports it once someone is signed in (decision 012).
 */

/** Toggles under way: the list is refetched once the last one settles. */
let pending = 0;

/** A service as the favourites list holds it (a detail response also carries its reviews). */
function asListItem(service: Service): Service {
  const { reviews: _reviews, ...item } = service as Service & { reviews?: unknown };
  return item;
}

/**
 * Saves or unsaves a service: the favourites cache changes at once, POST/DELETE follows, and a
 * failure puts the cache back and says so.
 */
export async function toggleFavorite(queryClient: QueryClient, service: Service, save: boolean): Promise<void> {
  pending += 1;
  try {
    await queryClient.cancelQueries({ queryKey: favoritesQueryKey });
    const previous = queryClient.getQueryData<Service[]>(favoritesQueryKey);
    queryClient.setQueryData<Service[]>(favoritesQueryKey, (old = []) => {
      const rest = old.filter((s) => s.id !== service.id);
      return save ? [asListItem(service), ...rest] : rest;
    });
    try {
      const [{ favoriteStateSchema }, state] = await Promise.all([
        withPreloads('../shared/api/catalog-responses.ts', () => import('@shared/api/catalog-responses')),
        apiJson(save ? 'POST' : 'DELETE', `/api/favorites/${service.id}`),
      ]);
      favoriteStateSchema.parse(state);
    } catch {
      queryClient.setQueryData(favoritesQueryKey, previous);
      toast(saveFailedToast());
    }
  } finally {
    pending -= 1;
    if (pending === 0) void queryClient.invalidateQueries({ queryKey: favoritesQueryKey });
  }
}
