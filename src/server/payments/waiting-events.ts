/**
 * A Stripe event about an object Locora has no row for yet (decision 046): a PaymentIntent, a
 * connected account or a payout whose row is still being written (the event raced the insert, or
 * a payout's answer was lost and its id is not stored yet). Such an event is not recorded as
 * processed: it waits in `waiting_stripe_events`, a leased queue of the job runner, and is handled
 * again (read from Stripe, as any event) each time it is due — 30 s, 1 min, 2 min, ... — until its
 * row is there. An event still unmatched `WAITING_EVENT_WINDOW_MS` after it came is given up
 * (`given_up_at`) and listed for admins on /admin/payments; it is never dropped silently.
 */
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { STRIPE_TIMEOUT_MAX_MS } from '../config.ts';
import { queryRows, type Db, type Executor } from '../db/open.ts';
import { claimDue, held, retryAt, type Claim, type LeasedQueue } from '../jobs/claim-due.ts';
import type { LeasedKind } from '../jobs/runner.ts';
import { describeStripeError } from './stripe-client.ts';

export const WAITING_EVENTS_JOB = 'stripe-waiting-events';

/** How long an event waits for its row before it is flagged for admins. */
export const WAITING_EVENT_WINDOW_MS = 60 * 60 * 1000;

export const WAITING_EVENT_QUEUE: LeasedQueue = {
  table: 'waiting_stripe_events',
  due: 'due_at',
  pending: sql`due_at is not null`,
  onClaim: sql`attempts = q.attempts + 1`,
  returning: sql`q.event, q.received_at, q.attempts`,
};
export type ClaimedWaitingEvent = { event: Stripe.Event; received_at: Date | string; attempts: number };

/** A handler's outcome when the event's row is not there: it waits (the job asks again). */
export type Waiting = 'waiting';

/**
 * Keeps an event whose object has no row yet, due in 30 s (in the handler's transaction, instead
 * of recording it in `stripe_events`). Kept once: the same event sent again waits as the first.
 */
export async function waitForRow(
  tx: Executor,
  event: Stripe.Event,
  object: { id: string; accountId?: string | null | undefined },
  now: Date,
): Promise<Waiting> {
  await tx.execute(
    sql`insert into waiting_stripe_events (id, type, object_id, account_id, event, received_at, due_at)
        values (${event.id}, ${event.type}, ${object.id}, ${object.accountId ?? null}, ${JSON.stringify(event)}::jsonb,
                ${now.toISOString()}::timestamptz, ${retryAt(1)})
        on conflict (id) do nothing`,
  );
  return 'waiting';
}

/** The event found its row and was handled (in the handler's transaction): it waits no more. */
export async function matchWaiting(tx: Executor, eventId: string, now: Date): Promise<void> {
  await tx.execute(
    sql`update waiting_stripe_events set matched_at = ${now.toISOString()}::timestamptz, due_at = null,
          lease_token = null, last_error = null
        where id = ${eventId} and matched_at is null`,
  );
}

export type WaitingEventHandler = (event: Stripe.Event, now: Date) => Promise<string>;

/**
 * Handles one claimed waiting event again. Matched: the handler's transaction has recorded it.
 * Still waiting (or Stripe did not answer): due again after the back-off, or given up once the
 * window since it came is over. Every write is guarded by the claim.
 */
export async function runClaimedWaitingEvent(
  db: Executor,
  claim: Claim<ClaimedWaitingEvent>,
  handle: WaitingEventHandler,
  now: Date,
): Promise<'matched' | 'waiting' | 'given_up'> {
  let outcome: string;
  let error: string | null = null;
  try {
    outcome = await handle(claim.row.event, now);
  } catch (err) {
    outcome = 'waiting';
    error = describeStripeError((err as { cause?: unknown }).cause ?? err);
  }
  if (outcome !== 'waiting') {
    // Handled (or already handled by Stripe's own retry of the event meanwhile).
    await db.execute(
      sql`update waiting_stripe_events set matched_at = coalesce(matched_at, ${now.toISOString()}::timestamptz),
            due_at = null, lease_token = null, last_error = null
          where ${held(claim)}`,
    );
    return 'matched';
  }
  const waited = now.getTime() - new Date(claim.row.received_at).getTime();
  if (waited >= WAITING_EVENT_WINDOW_MS) {
    await db.execute(
      sql`update waiting_stripe_events set given_up_at = ${now.toISOString()}::timestamptz, due_at = null,
            lease_token = null, last_error = ${error ?? 'No row for this object came within the waiting time.'}
          where ${held(claim)}`,
    );
    return 'given_up';
  }
  await db.execute(
    sql`update waiting_stripe_events set due_at = ${retryAt(claim.row.attempts + 1)}, lease_token = null,
          last_error = ${error}
        where ${held(claim)}`,
  );
  return 'waiting';
}

/** Handles the waiting events due now, one claim at a time (tests and the job runner do this). */
export async function runWaitingEvents(
  db: Db,
  handle: WaitingEventHandler,
  opts: { now?: Date; limit?: number } = {},
): Promise<Record<'matched' | 'waiting' | 'given_up', number>> {
  const counts = { matched: 0, waiting: 0, given_up: 0 };
  for (let i = 0; i < (opts.limit ?? 50); i++) {
    const [claim] = await claimDue<ClaimedWaitingEvent>(db, WAITING_EVENT_QUEUE, { leaseMs: WAITING_EVENT_LEASE_MS });
    if (!claim) break;
    counts[await runClaimedWaitingEvent(db, claim, handle, opts.now ?? new Date())] += 1;
  }
  return counts;
}

/** A handler reads Stripe at most three times (each call tried twice). */
export const WAITING_EVENT_MAX_RUN_MS = 3 * 2 * STRIPE_TIMEOUT_MAX_MS;
export const WAITING_EVENT_LEASE_MS = 10 * 60 * 1000;

/** Waiting events as a leased kind of the job runner every instance runs when Stripe is configured. */
export function waitingEventsJobKind(opts: {
  db: Db;
  handle: WaitingEventHandler;
  now: () => Date;
  intervalMs?: number | undefined;
  leaseMs?: number | undefined;
}): LeasedKind<ClaimedWaitingEvent> {
  const leaseMs = opts.leaseMs ?? WAITING_EVENT_LEASE_MS;
  return {
    name: WAITING_EVENTS_JOB,
    queue: WAITING_EVENT_QUEUE,
    leaseMs,
    maxRunMs: Math.min(10 * leaseMs, WAITING_EVENT_MAX_RUN_MS),
    intervalMs: opts.intervalMs ?? 30_000,
    run: (claim) => runClaimedWaitingEvent(opts.db, claim, opts.handle, opts.now()),
  };
}

/** Events given up on, newest first, for /admin/payments. */
export async function givenUpEvents(db: Executor, limit: number) {
  return queryRows<{
    id: string;
    type: string;
    object_id: string;
    account_id: string | null;
    received_at: Date;
    given_up_at: Date;
    attempts: number;
    last_error: string | null;
  }>(
    db,
    sql`select id, type, object_id, account_id, received_at, given_up_at, attempts, last_error
        from waiting_stripe_events where given_up_at is not null and matched_at is null
        order by given_up_at desc limit ${limit}`,
  );
}
