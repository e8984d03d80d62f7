import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while a server-rendered page hydrates (and on the server), true afterwards. For what only
 * the browser can know (its zone, its time-zone database): render the server's version first, so
 * hydration matches the HTML, then the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** `read()` in the browser once hydrated; `serverValue` on the server and while hydrating. */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}
