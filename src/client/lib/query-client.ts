import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * docs/product.md: no retries, no refetch on focus or interval, data never becomes stale.
 * The browser keeps one client for the whole visit; the server makes one per rendered request.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        // A failure the page was rendered with (on the server, or before) stays on screen with its
        // "Try again" until the user asks; remounting does not refetch it behind their back (and a
        // hydrated "not found" would otherwise be fetched again, and flash a skeleton).
        retryOnMount: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
