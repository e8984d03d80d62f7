import type { Database } from '../db/open.ts';
import type { Unsubscribe } from '../db/notify.ts';
import { USER_EVENTS_CHANNEL } from './events.ts';

/** Something that reads a user's new events from the database when woken. */
export type EventSubscriber = { wake(): void };

/**
 * One app instance's fan-out: a single LISTEN on USER_EVENTS_CHANNEL (PostgreSQL: the dedicated
 * listener connection, so an event raised on another instance arrives here; PGlite: in-process),
 * and the open streams of each user. A notification only wakes that user's streams; each stream
 * reads what it has not sent yet from user_events.
 */
export function createEventHub(listen: Database['listen'] | undefined) {
  const byUser = new Map<string, Set<EventSubscriber>>();
  let subscription: Promise<Unsubscribe | undefined> | undefined;
  let closed = false;

  function onNotification(userId: string) {
    for (const s of byUser.get(userId) ?? []) s.wake();
  }

  /** Subscribes on first use; resolves once listening (so nothing raised after it is missed). */
  function ensureListening(): Promise<unknown> {
    if (!listen) return Promise.resolve();
    subscription ??= listen(USER_EVENTS_CHANNEL, onNotification).catch((err: unknown) => {
      subscription = undefined;
      throw err;
    });
    return subscription;
  }

  return {
    ensureListening,
    add(userId: string, s: EventSubscriber) {
      if (closed) return;
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(s);
    },
    remove(userId: string, s: EventSubscriber) {
      const set = byUser.get(userId);
      if (!set) return;
      set.delete(s);
      if (set.size === 0) byUser.delete(userId);
    },
    countFor(userId: string) {
      return byUser.get(userId)?.size ?? 0;
    },
    /** Streams open on this instance (for tests and health). */
    get size() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    async close() {
      closed = true;
      byUser.clear();
      const unsubscribe = await subscription?.catch(() => undefined);
      await unsubscribe?.();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
