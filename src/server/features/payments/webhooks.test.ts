/**
 * Webhooks reconcile (decision 031): an event makes us read the PaymentIntent and its refunds from
 * Stripe again (the local Stripe-protocol server), and what Stripe holds decides, never the event's
 * snapshot or its order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { runPaymentActions } from '../../payments/payment-actions.ts';
import { bookingFixture, type BookingFixture } from '../../test/booking-fixture.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { reconcileNow } from '../../payments/reconciliation.ts';
import { useTestApp } from '../../test/test-app.ts';
import { HANDLED_EVENTS } from './webhooks.ts';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe?.close();
});

const t = useTestApp({
  get stripe(): Config['stripe'] {
    return {
      secretKey: stripe.secretKey,
      publishableKey: stripe.publishableKey,
      webhookSecret: stripe.webhookSecret,
      connectWebhookSecret: stripe.connectWebhookSecret,
      platformCountry: stripe.platformCountry,
      apiUrl: stripe.url,
      timeoutMs: 2000,
    };
  },
} as Partial<Config>);

let f: BookingFixture;
let slot = 0;
const HOUR = 3600_000;
beforeEach(async () => {
  stripe.setMode('ok');
  stripe.setRefundStatus('succeeded');
  f = await bookingFixture(t.db);
  // With Stripe keys set, a provider is booked only once their payouts account is active (decision 038).
  await onboardProvider(t.db, stripe, f.owner.provider.id);
  await onboardProvider(t.db, stripe, f.other.provider.id);
  slot = 0;
});

// Each test ends with the ledger reconciled with Stripe (decision 059): every movement Stripe made
// is in the ledger, and every ledger row has its Stripe counterpart.
// A test that leaves Stripe ahead of Locora on purpose says how many differences that makes.
let differencesExpected = 0;
beforeEach(() => {
  stripe.money.forgetBalanceHistory();
  differencesExpected = 0;
});
afterEach(async () => {
  expect(await reconcileNow(t.db, t.app.stripe!, new Date())).toMatchObject({ differences: differencesExpected });
});

function webhook(event: unknown) {
  const signed = stripe.sign(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.payload,
  });
}

type State = {
  status: string;
  refund_pending: boolean;
  authorised: boolean;
  payment_status: string;
  pending_action: string | null;
};
async function stateOf(bookingId: string): Promise<State> {
  const [row] = await queryRows<State>(
    t.db,
    sql`select b.status, b.refund_pending, (b.authorised_at is not null) as authorised,
          p.status as payment_status, p.pending_action
        from bookings b join payments p on p.booking_id = b.id where b.id = ${bookingId}`,
  );
  return row!;
}

/**
 * A booking with a card payment, as our database recorded it (`recorded`) while Stripe (the local
 * server) holds `stripeHolds`. Each gets its own hour, three days ahead and on.
 */
async function bookingWhere(
  stripeHolds: 'authorised' | 'captured' | 'refund-failed' | 'refunded',
  recorded: { status: string; payment: string; refundPending?: boolean; pendingAction?: string | null },
) {
  const start = new Date(Math.ceil((Date.now() + 72 * HOUR) / HOUR) * HOUR + slot++ * 2 * HOUR);
  const booking = await createBooking(t.db, {
    service: f.service,
    userId: f.traveler.id,
    hours: 1,
    startAt: start,
    status: recorded.status as 'PENDING',
    paymentRequired: true,
    refundPending: recorded.refundPending ?? false,
  });
  const pi = await t.app.stripe!.paymentIntents.create({
    amount: booking.amountCents + booking.feeCents,
    currency: 'usd',
    capture_method: 'manual',
  });
  stripe.authorize(pi.id);
  if (stripeHolds !== 'authorised') await t.app.stripe!.paymentIntents.capture(pi.id);
  if (stripeHolds === 'refund-failed' || stripeHolds === 'refunded') {
    const refund = await t.app.stripe!.refunds.create({ payment_intent: pi.id });
    if (stripeHolds === 'refund-failed') stripe.setRefundStatus('failed', refund.id, 'expired_or_canceled_card');
  }
  await t.db.execute(
    sql`insert into payments (id, booking_id, amount_cents, currency, status, pending_action, action_due_at)
        values (${pi.id}, ${booking.id}, ${pi.amount}, 'usd', ${recorded.payment}, ${recorded.pendingAction ?? null},
                ${recorded.pendingAction ? sql`now() + interval '1 hour'` : null})`,
  );
  return { bookingId: booking.id, pi: pi.id };
}

/** An event of `type` about the PaymentIntent, with a snapshot that may be stale (as a late event is). */
function eventOf(type: string, pi: string) {
  if (type.startsWith('payment_intent.')) return stripe.event(type, pi);
  if (type === 'charge.refunded') return stripe.event(type, pi);
  if (type.startsWith('charge.dispute.')) {
    // A dispute Stripe holds (the webhook reads it again, decision 039).
    const open = [...stripe.money.disputes.values()].find((d) => d.payment_intent === pi);
    return stripe.money.disputeEvent(type, (open ?? stripe.money.openDispute(pi)).id);
  }
  // refund.* / charge.refund.updated: the PaymentIntent's latest refund, or one that failed.
  return stripe.event(type, pi, { object: 'refund', payment_intent: pi, status: 'failed' });
}

describe('the refund Locora owes is never dropped', () => {
  it('refund.failed, then an older charge.refunded: CANCELED with the refund pending, owed, and made again', async () => {
    // The booking was refunded; Stripe's refund then failed.
    const { bookingId, pi } = await bookingWhere('refund-failed', { status: 'REFUNDED', payment: 'refunded' });
    const old = eventOf('charge.refunded', pi); // made while the refund still looked done
    expect((await webhook(eventOf('refund.failed', pi))).statusCode).toBe(200);
    expect(await stateOf(bookingId)).toEqual({
      status: 'CANCELED',
      refund_pending: true,
      authorised: false,
      payment_status: 'succeeded',
      pending_action: 'refund',
    });
    expect((await webhook(old)).statusCode).toBe(200);
    // The old event changes nothing: Stripe holds a failed refund, so the refund is still owed.
    expect(await stateOf(bookingId)).toMatchObject({
      status: 'CANCELED',
      refund_pending: true,
      payment_status: 'succeeded',
      pending_action: 'refund',
    });
    const traveler = await t.app.inject({ url: `/api/bookings/${bookingId}`, cookies: f.cookies.traveler });
    expect(traveler.json().booking).toMatchObject({ status: 'CANCELED', refundPending: true });
    const admin = await t.app.inject({ url: `/api/bookings/${bookingId}`, cookies: f.cookies.admin });
    expect(admin.json().booking).toMatchObject({ status: 'CANCELED', refundPending: true });
    // The worker makes the refund again (a new key); once Stripe says succeeded, REFUNDED.
    expect(await runPaymentActions(t.db, t.app.stripe!, { now: new Date(Date.now() + 2 * HOUR) })).toBe(1);
    expect(await stateOf(bookingId)).toMatchObject({ status: 'REFUNDED', refund_pending: false, pending_action: null });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === pi).map((r) => r.status)).toEqual([
      'failed',
      'succeeded',
    ]);
  });
});

/**
 * Each situation: what Stripe holds, what we had recorded before the events, and what must be
 * recorded after any two handled events in either order.
 */
const SITUATIONS = [
  {
    name: 'a card authorised at Stripe, not yet recorded',
    stripeHolds: 'authorised' as const,
    recorded: { status: 'PENDING', payment: 'requires_payment_method' },
    after: {
      status: 'PENDING',
      refund_pending: false,
      authorised: true,
      payment_status: 'requires_capture',
      pending_action: null,
    },
  },
  {
    name: 'an accepted booking captured at Stripe, not yet recorded',
    stripeHolds: 'captured' as const,
    recorded: { status: 'CONFIRMED', payment: 'requires_capture' },
    after: {
      status: 'PAID',
      refund_pending: false,
      authorised: false,
      payment_status: 'succeeded',
      pending_action: null,
    },
  },
  {
    name: 'a booking recorded refunded whose refund then failed at Stripe',
    stripeHolds: 'refund-failed' as const,
    recorded: { status: 'REFUNDED', payment: 'refunded' },
    after: {
      status: 'CANCELED',
      refund_pending: true,
      authorised: false,
      payment_status: 'succeeded',
      pending_action: 'refund',
    },
  },
  {
    name: 'a cancelled booking whose owed refund Stripe has made',
    stripeHolds: 'refunded' as const,
    recorded: { status: 'CANCELED', payment: 'succeeded', refundPending: true, pendingAction: 'refund' },
    after: {
      status: 'REFUNDED',
      refund_pending: false,
      authorised: false,
      payment_status: 'refunded',
      pending_action: null,
    },
  },
];

const PAIRS = HANDLED_EVENTS.flatMap((a, i) => HANDLED_EVENTS.slice(i + 1).map((b) => [a, b] as const));

describe.each(SITUATIONS)('every pair of handled events, in both orders: $name', (situation) => {
  it(`${PAIRS.length} pairs x 2 orders end in what Stripe holds`, async () => {
    const wrong: string[] = [];
    for (const [a, b] of PAIRS)
      for (const order of [
        [a, b],
        [b, a],
      ]) {
        const { bookingId, pi } = await bookingWhere(situation.stripeHolds, situation.recorded);
        // Both events are made before either is delivered: the second one's snapshot is stale.
        const events = order.map((type) => eventOf(type, pi));
        for (const event of events) {
          const res = await webhook(event);
          if (res.statusCode !== 200) wrong.push(`${order.join(' then ')}: ${res.statusCode} ${res.body}`);
        }
        const state = await stateOf(bookingId);
        if (JSON.stringify(state) !== JSON.stringify(situation.after))
          wrong.push(`${order.join(' then ')}: ${JSON.stringify(state)}`);
      }
    expect(wrong).toEqual([]);
  });
});

describe('validly signed events we cannot read', () => {
  it('a null data.object, or a JSON array body: 200, logged, nothing recorded', async () => {
    const { bookingId, pi } = await bookingWhere('captured', { status: 'CONFIRMED', payment: 'requires_capture' });
    const nullObject = { ...stripe.event('payment_intent.succeeded', pi), data: { object: null } };
    const array = [stripe.event('payment_intent.succeeded', pi)];
    const noData = { id: 'evt_nodata', object: 'event', type: 'payment_intent.succeeded' };
    for (const body of [nullObject, array, noData, 'text', 42]) {
      const res = await webhook(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(await stateOf(bookingId)).toMatchObject({ status: 'CONFIRMED', payment_status: 'requires_capture' });
    const [events] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stripe_events`);
    expect(events?.n).toBe(0);
    // Nothing was read, so the capture Stripe made is not in the ledger: reconciliation says so.
    expect(await reconcileNow(t.db, t.app.stripe!, new Date())).toMatchObject({ differences: 1 });
    const [difference] = await queryRows<{ object_key: string; category: string; cause: string }>(
      t.db,
      sql`select object_key, category, cause from reconciliation_differences`,
    );
    expect(difference).toEqual({ object_key: pi, category: 'captured', cause: 'unrecorded' });
    differencesExpected = 1;
  });

  it('Stripe not answering when it is read again: 503 and the event is not recorded (Stripe sends it again)', async () => {
    const { bookingId, pi } = await bookingWhere('captured', { status: 'CONFIRMED', payment: 'requires_capture' });
    const event = eventOf('payment_intent.succeeded', pi);
    stripe.setMode('fail');
    expect((await webhook(event)).statusCode).toBe(503);
    expect(await stateOf(bookingId)).toMatchObject({ status: 'CONFIRMED' });
    stripe.setMode('ok');
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await stateOf(bookingId)).toMatchObject({ status: 'PAID', payment_status: 'succeeded' });
  });
});
