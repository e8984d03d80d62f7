import { createContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent, UnreadCount } from '@shared/api/conversations-responses';
import { apiRequest } from './api';
import { useAuth } from './auth-context';
import { useHydrated } from './hydration';

/*
 * The signed-in user's live connection (GET /api/events, decision 017) and what the header needs
 * from it. The EventSource reconnects by itself and sends Last-Event-ID, so the server replays
 * what a dropped connection missed. No zod here: this module is in the first chunk.
 */

/** GET /api/messages/unread-count: the header's badge. */
export const unreadCountQuery = queryOptions({
  queryKey: ['/api/messages/unread-count'] as const,
  queryFn: async ({ signal }) =>
    (await (await apiRequest('GET', '/api/messages/unread-count', undefined, { signal })).json()) as UnreadCount,
});

type Listener = (event: RealtimeEvent) => void;
export const RealtimeContext = createContext<{ subscribe(fn: Listener): () => void } | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  const userId = user?.id;

  useEffect(() => {
    if (!userId || !hydrated || typeof EventSource === 'undefined') return;
    // Imported here: only a signed-in user connects, so a visitor's first load does not carry it.
    let close: (() => void) | undefined;
    let unmounted = false;
    import('./realtime-connection').then(
      ({ connectEvents }) => {
        if (!unmounted) close = connectEvents(queryClient, (event) => listeners.current.forEach((fn) => fn(event)));
      },
      // Not fetched (offline): no live updates until the next sign-in or reload; pages still refetch.
      (error: unknown) => console.warn('Live updates are off:', error),
    );
    return () => {
      unmounted = true;
      close?.();
    };
  }, [userId, hydrated, queryClient]);

  const [value] = useState(() => ({
    subscribe(fn: Listener) {
      listeners.current.add(fn);
      return () => void listeners.current.delete(fn);
    },
  }));
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

/** The signed-in user's unread message count (undefined while unknown or signed out). */
export function useUnreadCount(): number | undefined {
  const { user } = useAuth();
  const hydrated = useHydrated();
  const { data } = useQuery({ ...unreadCountQuery, enabled: Boolean(user) && hydrated });
  return user ? data?.count : undefined;
}
