import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/open.ts';
import { userEvents } from '../db/schema.ts';

/** The one channel every instance listens on; a notification's payload is a user id (decision 017). */
export const USER_EVENTS_CHANNEL = 'user_events';

/** Event types a tab receives with an id (replayed after a reconnect). */
export type UserEventType = 'message' | 'read' | 'booking';

export type StoredUserEvent = { id: number; type: string; data: unknown };

/** How long events are kept for a reconnecting tab (older ones are pruned). */
export const USER_EVENTS_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Records an event for each user and tells every app instance (NOTIFY, sent only if `tx`
 * commits). Call it inside the transaction of the change itself, e.g. a booking's status
 * change: `publishUserEvent(tx, [travelerId, providerUserId], 'booking', { bookingId, status })`.
 */
export async function publishUserEvent(tx: Executor, userIds: readonly string[], type: UserEventType, data: unknown) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await tx.insert(userEvents).values(unique.map((userId) => ({ userId, type, data })));
  for (const userId of unique) {
    await tx.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${userId})`);
  }
}

/** The user's newest event id (0 when none): where a fresh stream starts. */
export async function latestUserEventId(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: userEvents.id })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.id))
    .limit(1);
  return row?.id ?? 0;
}

/** How far back a stream looks again for events committed out of id order (a slower transaction). */
const LATE_COMMIT_WINDOW = '30 seconds';

/**
 * The user's events after `afterId` in id order. With `recentAbove`, also recent events between
 * it and `afterId` that a live stream may not have seen yet: ids are taken when a transaction
 * inserts but rows appear when it commits, so a slow transaction can commit a smaller id after a
 * larger one was sent. The stream drops the ids it already sent.
 */
export async function readUserEvents(
  db: Executor,
  userId: string,
  afterId: number,
  opts: { recentAbove?: number; limit?: number } = {},
): Promise<StoredUserEvent[]> {
  const late =
    opts.recentAbove === undefined
      ? undefined
      : and(
          gt(userEvents.id, opts.recentAbove),
          sql`${userEvents.createdAt} > now() - ${sql.raw(`interval '${LATE_COMMIT_WINDOW}'`)}`,
        );
  const rows = await db
    .select({ id: userEvents.id, type: userEvents.type, data: userEvents.data })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), late ? or(gt(userEvents.id, afterId), late) : gt(userEvents.id, afterId)))
    .orderBy(asc(userEvents.id))
    .limit(opts.limit ?? 500);
  return rows;
}

/** Deletes events older than USER_EVENTS_KEEP_MS (run by the job worker). */
export async function pruneUserEvents(db: Executor, now = new Date()) {
  await db.delete(userEvents).where(lt(userEvents.createdAt, new Date(now.getTime() - USER_EVENTS_KEEP_MS)));
}
