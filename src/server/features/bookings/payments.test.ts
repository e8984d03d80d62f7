/**
 * Card payments (decision 024) against a local server speaking Stripe's API
 * (src/server/test/stripe-server.ts), the official SDK pointed at it, and webhook events signed
 * with the SDK's generateTestHeaderString.
 *
 * Beside the booking tests (not in features/payments): they drive bookings through their whole
 * lifecycle with the booking fixture and job, and only reach the payment routes over HTTP.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingAmounts } from '../../../shared/domain/booking-amounts.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { runPaymentActions } from '../../payments/payment-actions.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { reconcileNow } from '../../payments/reconciliation.ts';
import { useTestApp } from '../../test/test-app.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';
import { runBookingLifecycle } from './lifecycle.ts';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe?.close();
});

// The getter is read when the app is built (after the server above has started).
const t = useTestApp({
  get stripe(): Config['stripe'] {
    return {
      secretKey: stripe.secretKey,
      publishableKey: stripe.publishableKey,
      webhookSecret: stripe.webhookSecret,
      connectWebhookSecret: stripe.connectWebhookSecret,
      platformCountry: stripe.platformCountry,
      apiUrl: stripe.url,
      timeoutMs: 700,
    };
  },
} as Partial<Config>);

let f: BookingFixture;
const APP_URL = 'http://localhost:3000';
const HOUR = 3600 * 1000;
type Cookies = Record<string, string>;

beforeEach(async () => {
  stripe.setMode('ok');
  stripe.setRefundStatus('succeeded');
  f = await bookingFixture(t.db);
  // With Stripe keys set, a provider is booked only once their payouts account is active (decision 038).
  await onboardProvider(t.db, stripe, f.owner.provider.id);
  await onboardProvider(t.db, stripe, f.other.provider.id);
});

/** A booking request through the API (PENDING), day 3 at 10:00 for 2 hours of the 60.00/h service. */
async function requestBooking(start = localAt(3, '10:00', f.timeZone), cookies: Cookies = f.cookies.traveler) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    cookies,
    payload: { serviceId: f.service.id, start: start.toISOString(), hours: 2 },
  });
  expect(res.statusCode).toBe(201);
  return res.json().booking.id as string;
}

function pay(bookingId: string, cookies: Cookies | null = f.cookies.traveler, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { bookingId, ...extra },
    ...(cookies ? { cookies } : {}),
  });
}

const piOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** Requests, creates the PaymentIntent and has the traveler's card authorised (as Stripe.js would). */
async function paidRequest(start?: Date) {
  const bookingId = await requestBooking(start);
  const res = await pay(bookingId);
  expect(res.statusCode).toBe(200);
  const pi = piOf(res.json().clientSecret);
  stripe.authorize(pi);
  expect((await webhook(stripe.event('payment_intent.amount_capturable_updated', pi))).statusCode).toBe(200);
  return { bookingId, pi };
}

function act(cookies: Cookies, id: string, action: string) {
  return t.app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, cookies });
}

function webhook(event: unknown, opts: { secret?: string; signature?: string; payload?: string } = {}) {
  const signed = stripe.sign(event, opts.secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': opts.signature ?? signed.signature },
    payload: opts.payload ?? signed.payload,
  });
}

const refundPending = async (id: string) =>
  (await queryRows<{ refund_pending: boolean }>(t.db, sql`select refund_pending from bookings where id = ${id}`))[0]
    ?.refund_pending;
const bookingStatus = async (id: string) =>
  (await queryRows<{ status: string }>(t.db, sql`select status from bookings where id = ${id}`))[0]?.status;
/**
 * Lets the retry backoff of owed actions pass (what is due is the database's clock, so the test
 * moves the due time, never the clock), leaving claimed ones alone, then runs the worker as at `now`.
 */
const retryDue = async (now: Date) => {
  await t.db.execute(
    sql`update payments set action_due_at = now() where pending_action is not null and lease_token is null`,
  );
  return runPaymentActions(t.db, t.app.stripe!, { now });
};
const paymentOf = async (bookingId: string) =>
  (
    await queryRows<{
      id: string;
      amount_cents: number;
      currency: string;
      status: string;
      pending_action: string | null;
      action_attempts: number;
      action_error: string | null;
    }>(
      t.db,
      sql`select id, amount_cents, currency, status, pending_action, action_attempts, action_error
          from payments where booking_id = ${bookingId}`,
    )
  )[0];
const transitions = async (bookingId: string) =>
  (
    await queryRows<{ from_status: string | null; to_status: string; actor_role: string }>(
      t.db,
      sql`select from_status, to_status, actor_role from booking_events where booking_id = ${bookingId} order by created_at, id`,
    )
  ).map((e) => `${e.from_status ?? '-'}>${e.to_status} ${e.actor_role}`);
const callsTo = (path: string) => stripe.calls.filter((c) => c.path === path && c.method === 'POST');
const expectedTotal = bookingAmounts(6000, 2, 'USD').totalCents;

// Each test ends with the ledger reconciled with Stripe (decision 059): every movement Stripe made
// is in the ledger.
beforeEach(() => {
  stripe.money.forgetBalanceHistory();
});
afterEach(async () => {
  if (t.app.stripe) expect(await reconcileNow(t.db, t.app.stripe, new Date())).toMatchObject({ differences: 0 });
});

describe('GET /api/payments/config', () => {
  it('gives the publishable key to anyone (never the secret)', async () => {
    const res = await t.app.inject({ url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publishableKey: stripe.publishableKey });
    expect(res.body).not.toContain(stripe.secretKey);
  });
});

describe('POST /api/create-payment-intent', () => {
  it('creates a held PaymentIntent of the booking’s amount for its traveler, once', async () => {
    const bookingId = await requestBooking();
    const res = await pay(bookingId);
    expect(res.statusCode).toBe(200);
    const { clientSecret } = res.json();
    const pi = stripe.intent(piOf(clientSecret));
    expect(pi).toMatchObject({
      amount: expectedTotal,
      currency: 'usd',
      capture_method: 'manual',
      metadata: { bookingId },
      client_secret: clientSecret,
    });
    expect(expectedTotal).toBe(12600);
    expect(await paymentOf(bookingId)).toMatchObject({
      id: pi.id,
      amount_cents: 12600,
      currency: 'USD',
      status: 'requires_payment_method',
      pending_action: null,
    });
    const [b] = await queryRows<{ payment_intent_id: string }>(
      t.db,
      sql`select payment_intent_id from bookings where id = ${bookingId}`,
    );
    expect(b?.payment_intent_id).toBe(pi.id);

    // Again: the same PaymentIntent, no second one.
    const before = stripe.intents.size;
    const again = await pay(bookingId);
    expect(again.statusCode).toBe(200);
    expect(again.json().clientSecret).toBe(clientSecret);
    expect(stripe.intents.size).toBe(before);
    const creates = callsTo('/v1/payment_intents').filter((c) => c.form['metadata[bookingId]'] === bookingId);
    expect(creates).toHaveLength(1);
    expect(creates[0]?.idempotencyKey).toBe(`locora-booking-${bookingId}`);
  });

  it('ignores an amount sent by the client: the server’s amount is charged', async () => {
    const bookingId = await requestBooking();
    const res = await pay(bookingId, f.cookies.traveler, { amount: 1 });
    expect(res.statusCode).toBe(200);
    expect(stripe.intent(piOf(res.json().clientSecret)).amount).toBe(12600);
    expect((await paymentOf(bookingId))?.amount_cents).toBe(12600);
  });

  it('every actor: anonymous 401; other traveler, provider, other provider and admin 404; nothing created', async () => {
    const bookingId = await requestBooking();
    const before = stripe.intents.size;
    expect((await pay(bookingId, null)).statusCode).toBe(401);
    for (const cookies of [f.cookies.traveler2, f.cookies.owner, f.cookies.other, f.cookies.admin]) {
      const res = await pay(bookingId, cookies);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Booking not found.');
    }
    expect(stripe.intents.size).toBe(before);
    expect(await paymentOf(bookingId)).toBeUndefined();
    expect((await pay(bookingId)).statusCode).toBe(200);
  });

  it('refuses a bad id (400) and a booking that is no longer PENDING (409)', async () => {
    expect((await pay('not-a-uuid')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          cookies: f.cookies.traveler,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    const confirmed = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      hours: 2,
      startAt: localAt(4, '10:00', f.timeZone),
      status: 'CONFIRMED',
    });
    const res = await pay(confirmed.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This booking cannot be paid for: it is CONFIRMED.');
  });

  it('Stripe answering 500 or not at all: 503, nothing recorded, and a retry gets one PaymentIntent', async () => {
    const bookingId = await requestBooking();
    stripe.setMode('fail');
    const failed = await pay(bookingId);
    expect(failed.statusCode).toBe(503);
    expect(await paymentOf(bookingId)).toBeUndefined();

    // Stripe creates it but the answer never comes (a timeout).
    stripe.setMode('apply-then-hang');
    const before = stripe.intents.size;
    const timedOut = await pay(bookingId);
    expect(timedOut.statusCode).toBe(503);
    expect(await paymentOf(bookingId)).toBeUndefined();
    expect(stripe.intents.size).toBe(before + 1);

    stripe.setMode('ok');
    const retried = await pay(bookingId);
    expect(retried.statusCode).toBe(200);
    expect(stripe.intents.size).toBe(before + 1);
    expect((await paymentOf(bookingId))?.id).toBe(piOf(retried.json().clientSecret));
    expect(await bookingStatus(bookingId)).toBe('PENDING');
  });
});

describe('the flow: held at request, captured at acceptance', () => {
  it('authorise -> accept -> capture -> PAID; the succeeded webhook then changes nothing', async () => {
    const { bookingId, pi } = await paidRequest();
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'requires_capture', pending_action: null });
    expect(await bookingStatus(bookingId)).toBe('PENDING');
    // The traveler's list says the card is authorised (not charged).
    const mine = await t.app.inject({ url: '/api/bookings?status=upcoming', cookies: f.cookies.traveler });
    expect(mine.json().find((b: { id: string }) => b.id === bookingId)).toMatchObject({
      status: 'PENDING',
      paymentStatus: 'requires_capture',
    });

    const res = await act(f.cookies.owner, bookingId, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.status).toBe('PAID');
    expect(stripe.intent(pi).status).toBe('succeeded');
    expect(callsTo(`/v1/payment_intents/${pi}/capture`).map((c) => c.idempotencyKey)).toEqual([`locora-capture-${pi}`]);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'succeeded', pending_action: null });

    expect((await webhook(stripe.event('payment_intent.succeeded', pi))).statusCode).toBe(200);
    expect(await transitions(bookingId)).toEqual([
      '->PENDING TRAVELER',
      'PENDING>CONFIRMED PROVIDER',
      'CONFIRMED>PAID SYSTEM',
    ]);
  });

  it('capture timed out (Stripe captured, the answer was lost): CONFIRMED, then PAID by the webhook', async () => {
    const { bookingId, pi } = await paidRequest();
    stripe.setMode('apply-then-hang');
    const res = await act(f.cookies.owner, bookingId, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.status).toBe('CONFIRMED');
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'requires_capture', pending_action: 'capture' });
    stripe.setMode('ok');

    expect(stripe.intent(pi).status).toBe('succeeded');
    expect((await webhook(stripe.event('payment_intent.succeeded', pi))).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('PAID');
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'succeeded', pending_action: null });
    // Nothing is owed any more: the worker has nothing to do.
    expect(await retryDue(new Date(Date.now() + HOUR))).toBe(0);
  });

  it('Stripe 500 at acceptance: the booking is CONFIRMED, the capture owed and retried until done', async () => {
    const { bookingId, pi } = await paidRequest();
    stripe.setMode('fail');
    const res = await act(f.cookies.owner, bookingId, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.status).toBe('CONFIRMED');
    const owed = await paymentOf(bookingId);
    expect(owed).toMatchObject({ status: 'requires_capture', pending_action: 'capture', action_attempts: 1 });
    expect(owed?.action_error).toContain('500');
    expect(stripe.intent(pi).status).toBe('requires_capture');

    // Not due yet (backoff), then due and Stripe still down, then up.
    expect(await runPaymentActions(t.db, t.app.stripe!)).toBe(0);
    expect(await retryDue(new Date(Date.now() + HOUR))).toBe(0);
    expect((await paymentOf(bookingId))?.action_attempts).toBe(2);
    stripe.setMode('ok');
    expect(await retryDue(new Date(Date.now() + 3 * HOUR))).toBe(1);
    expect(stripe.intent(pi).status).toBe('succeeded');
    expect(await bookingStatus(bookingId)).toBe('PAID');
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'succeeded', pending_action: null });
  });

  it('a request whose card is not authorised is not accepted (409, still PENDING); once it is, the accept captures', async () => {
    const bookingId = await requestBooking();
    const pi = piOf((await pay(bookingId)).json().clientSecret);
    const res = await act(f.cookies.owner, bookingId, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The traveler’s card payment is not authorised yet. You can accept once it is, or decline the request.',
    );
    expect(await bookingStatus(bookingId)).toBe('PENDING');
    expect(stripe.intent(pi).status).toBe('requires_payment_method');
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'requires_payment_method', pending_action: null });
    expect(callsTo(`/v1/payment_intents/${pi}/cancel`)).toHaveLength(0);

    // The traveler completes the payment later (from their dashboard); its webhook has not come yet:
    // the accept asks Stripe, finds it authorised, and captures.
    const again = await pay(bookingId);
    expect(again.json()).toMatchObject({ status: 'requires_payment_method' });
    stripe.authorize(pi);
    const accepted = await act(f.cookies.owner, bookingId, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().booking.status).toBe('PAID');
    expect(stripe.intent(pi).status).toBe('succeeded');
  });

  it('asked again after the card is confirmed, it records what Stripe says (no wait for the webhook)', async () => {
    const bookingId = await requestBooking();
    const pi = piOf((await pay(bookingId)).json().clientSecret);
    stripe.authorize(pi);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'requires_payment_method' });
    const again = await pay(bookingId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'requires_capture' });
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'requires_capture' });
    // Another traveler asking changes nothing and learns nothing.
    expect((await pay(bookingId, f.cookies.traveler2)).statusCode).toBe(404);
    // The webhook arriving later is no change.
    expect((await webhook(stripe.event('payment_intent.amount_capturable_updated', pi))).statusCode).toBe(200);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'requires_capture' });
  });

  it('a request sent straight to the API (no payment started) is not accepted until its card is authorised', async () => {
    const bookingId = await requestBooking();
    const [row] = await queryRows<{ payment_required: boolean }>(
      t.db,
      sql`select payment_required from bookings where id = ${bookingId}`,
    );
    expect(row?.payment_required).toBe(true);

    // Anonymous, the traveler, another traveler, another provider and an admin cannot accept it at all.
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/accept` });
    expect(anonymous.statusCode).toBe(401);
    expect((await act(f.cookies.traveler, bookingId, 'accept')).statusCode).toBe(403);
    for (const cookies of [f.cookies.traveler2, f.cookies.other, f.cookies.admin])
      expect((await act(cookies, bookingId, 'accept')).statusCode).toBe(404);

    // Its provider: refused with the reason, nothing captured, still PENDING.
    const capturesBefore = stripe.calls.filter((c) => c.path.includes('/capture')).length;
    const refused = await act(f.cookies.owner, bookingId, 'accept');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The traveler’s card payment is not authorised yet. You can accept once it is, or decline the request.',
    );
    expect(await bookingStatus(bookingId)).toBe('PENDING');
    expect(await paymentOf(bookingId)).toBeUndefined();
    expect(stripe.calls.filter((c) => c.path.includes('/capture')).length).toBe(capturesBefore);

    // The traveler pays from their dashboard; then the accept captures.
    const pi = piOf((await pay(bookingId)).json().clientSecret);
    stripe.authorize(pi);
    const accepted = await act(f.cookies.owner, bookingId, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().booking.status).toBe('PAID');
    expect(stripe.intent(pi).status).toBe('succeeded');
  });

  it('the provider’s list shows each booking’s payment status once its card is authorised; unpaid requests are not in it; no one else sees them', async () => {
    const unpaid = await requestBooking();
    await pay(unpaid);
    const { bookingId: held } = await paidRequest(localAt(4, '10:00', f.timeZone));
    // Made before the keys were set: no mark.
    const { id: none } = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      hours: 2,
      startAt: localAt(5, '10:00', f.timeZone),
    });
    // Sent straight to the API: marked, and no payment started.
    const required = await requestBooking(localAt(3, '14:00', f.timeZone), f.cookies.traveler2);
    const res = await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.owner });
    expect(res.statusCode).toBe(200);
    const row = (id: string) =>
      (res.json() as { id: string; paymentStatus: string | null; paymentRequired?: boolean }[]).find(
        (b) => b.id === id,
      );
    // A request whose card is not authorised is the traveler's alone (decision 031).
    expect(row(unpaid)).toBeUndefined();
    expect(row(required)).toBeUndefined();
    expect(row(held)).toMatchObject({ paymentStatus: 'requires_capture', paymentRequired: true });
    expect(row(none)).toMatchObject({ paymentStatus: null, paymentRequired: false });

    // Anonymous 401; travelers and an admin 403; another provider's list does not hold them.
    expect((await t.app.inject({ url: '/api/provider/bookings' })).statusCode).toBe(401);
    for (const cookies of [f.cookies.traveler, f.cookies.traveler2, f.cookies.admin])
      expect((await t.app.inject({ url: '/api/provider/bookings', cookies })).statusCode).toBe(403);
    const other = await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.other });
    expect(other.statusCode).toBe(200);
    for (const id of [unpaid, held, none, required]) expect(other.body).not.toContain(id);
    // The traveler's own list is as it was: the provider-side flag is not in it.
    const mine = await t.app.inject({ url: '/api/bookings?status=upcoming', cookies: f.cookies.traveler2 });
    expect(mine.json().map((b: { id: string }) => b.id)).toContain(required);
    expect(mine.json().find((b: { id: string }) => b.id === required)).toMatchObject({ awaitingPayment: true });
    expect(mine.body).not.toContain('paymentRequired');
  });

  it('a booking made before card payments were on (no mark) is accepted and cancelled as before, with no call to Stripe', async () => {
    const { id: bookingId } = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      hours: 2,
      startAt: localAt(3, '10:00', f.timeZone),
    });
    const before = stripe.calls.length;
    expect((await act(f.cookies.owner, bookingId, 'accept')).json().booking.status).toBe('CONFIRMED');
    expect((await act(f.cookies.traveler, bookingId, 'cancel')).json().booking.status).toBe('CANCELED');
    expect(stripe.calls.length).toBe(before);
  });
});

describe('released holds: decline and expiry', () => {
  it('decline cancels the PaymentIntent: CANCELED, nothing charged', async () => {
    const { bookingId, pi } = await paidRequest();
    const res = await act(f.cookies.owner, bookingId, 'decline');
    expect(res.json().booking.status).toBe('CANCELED');
    expect(stripe.intent(pi).status).toBe('canceled');
    expect(callsTo(`/v1/payment_intents/${pi}/cancel`)[0]?.idempotencyKey).toBe(`locora-cancel-${pi}`);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'canceled', pending_action: null });
    expect((await webhook(stripe.event('payment_intent.canceled', pi))).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('CANCELED');
    // A canceled payment cannot be paid again.
    expect((await pay(bookingId)).statusCode).toBe(409);
  });

  it('expiry: the lifecycle job cancels the request and the payment worker releases the hold', async () => {
    const { bookingId, pi } = await paidRequest();
    const later = new Date(Date.now() + 25 * HOUR);
    expect(await runBookingLifecycle(t.db, { appUrl: APP_URL, now: later })).toBe(1);
    expect(await bookingStatus(bookingId)).toBe('CANCELED');
    expect(await paymentOf(bookingId)).toMatchObject({ pending_action: 'cancel' });
    expect(await retryDue(later)).toBe(1);
    expect(stripe.intent(pi).status).toBe('canceled');
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'canceled', pending_action: null });
  });

  it('the traveler cancelling their own request releases the hold', async () => {
    const { bookingId, pi } = await paidRequest();
    const res = await act(f.cookies.traveler, bookingId, 'cancel');
    expect(res.json().booking.status).toBe('CANCELED');
    expect(stripe.intent(pi).status).toBe('canceled');
  });
});

describe('cancellation policy', () => {
  async function paidBooking(start?: Date) {
    const { bookingId, pi } = await paidRequest(start);
    expect((await act(f.cookies.owner, bookingId, 'accept')).json().booking.status).toBe('PAID');
    return { bookingId, pi };
  }

  it('the traveler at least 24 hours before the start: full refund, REFUNDED once Stripe made it', async () => {
    const { bookingId, pi } = await paidBooking();
    const res = await act(f.cookies.traveler, bookingId, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'REFUNDED', refundPending: false });
    const refunds = callsTo('/v1/refunds').filter((c) => c.form.payment_intent === pi);
    expect(refunds.map((c) => c.idempotencyKey)).toEqual([`locora-refund-${pi}`]);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === pi).map((r) => r.amount)).toEqual([12600]);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'refunded', pending_action: null });
    // Stripe's charge.refunded, even twice, changes nothing more.
    const event = stripe.event('charge.refunded', pi);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await transitions(bookingId)).toEqual([
      '->PENDING TRAVELER',
      'PENDING>CONFIRMED PROVIDER',
      'CONFIRMED>PAID SYSTEM',
      'PAID>CANCELED TRAVELER',
      'CANCELED>REFUNDED SYSTEM',
    ]);
  });

  it('the provider at any time: full refund, REFUNDED', async () => {
    const soon = new Date(Math.ceil((Date.now() + 5 * HOUR) / (30 * 60 * 1000)) * 30 * 60 * 1000);
    const booking = await createBooking(t.db, { service: f.service, userId: f.traveler.id, hours: 2, startAt: soon });
    const pi = piOf((await pay(booking.id)).json().clientSecret);
    stripe.authorize(pi);
    expect((await act(f.cookies.owner, booking.id, 'accept')).json().booking.status).toBe('PAID');
    const res = await act(f.cookies.owner, booking.id, 'cancel');
    expect(res.json().booking.status).toBe('REFUNDED');
    expect(await paymentOf(booking.id)).toMatchObject({ status: 'refunded' });
  });

  it('the traveler later than 24 hours before: CANCELED, no refund', async () => {
    const soon = new Date(Date.now() + 5 * HOUR);
    const booking = await createBooking(t.db, { service: f.service, userId: f.traveler.id, hours: 2, startAt: soon });
    const pi = piOf((await pay(booking.id)).json().clientSecret);
    stripe.authorize(pi);
    expect((await act(f.cookies.owner, booking.id, 'accept')).json().booking.status).toBe('PAID');
    const res = await act(f.cookies.traveler, booking.id, 'cancel');
    expect(res.json().booking.status).toBe('CANCELED');
    expect(callsTo('/v1/refunds').filter((c) => c.form.payment_intent === pi)).toHaveLength(0);
    expect(stripe.intent(pi).status).toBe('succeeded');
    expect(await paymentOf(booking.id)).toMatchObject({ status: 'succeeded', pending_action: null });
  });

  it('a refund Stripe fails to make stays owed and is made once Stripe answers', async () => {
    const { bookingId, pi } = await paidBooking();
    stripe.setMode('fail');
    const res = await act(f.cookies.traveler, bookingId, 'cancel');
    // Not REFUNDED before Stripe has made it: CANCELED, the refund pending (decision 031).
    expect(res.json().booking).toMatchObject({ status: 'CANCELED', refundPending: true });
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'succeeded', pending_action: 'refund' });
    stripe.setMode('ok');
    expect(await retryDue(new Date(Date.now() + HOUR))).toBe(1);
    expect(await retryDue(new Date(Date.now() + 2 * HOUR))).toBe(0);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);
    // Stripe refuses an over-refund anyway: what proves "one refund" is the calls made, all under one key.
    // (While Stripe answered 500, the PaymentIntent's retrieve failed first: no refund call was made.)
    expect(
      callsTo('/v1/refunds')
        .filter((c) => c.form.payment_intent === pi)
        .map((c) => c.idempotencyKey),
    ).toEqual([`locora-refund-${pi}`]);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'refunded', pending_action: null });
    expect(await bookingStatus(bookingId)).toBe('REFUNDED');
  });
});

describe('POST /api/webhooks/stripe', () => {
  /** A CONFIRMED booking whose capture answer was lost: only the webhook can tell it is paid. */
  async function confirmedAwaitingCapture() {
    const { bookingId, pi } = await paidRequest();
    stripe.setMode('fail');
    await act(f.cookies.owner, bookingId, 'accept');
    stripe.setMode('ok');
    return { bookingId, pi };
  }

  it('the same event delivered 5 times has one effect', async () => {
    const { bookingId, pi } = await confirmedAwaitingCapture();
    stripe.intent(pi).status = 'succeeded';
    const event = stripe.event('payment_intent.succeeded', pi);
    for (let i = 0; i < 5; i++) expect((await webhook(event)).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('PAID');
    expect((await transitions(bookingId)).filter((e) => e.startsWith('CONFIRMED>PAID'))).toHaveLength(1);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payment_events where stripe_event_id = ${event.id}`,
    );
    expect(rows[0]?.n).toBe(1);
    const recorded = await queryRows<{ id: string; type: string }>(
      t.db,
      sql`select id, type from stripe_events where id = ${event.id}`,
    );
    expect(recorded).toEqual([{ id: event.id, type: 'payment_intent.succeeded' }]);
  });

  it('out of order: a late authorisation or failure never moves a paid payment back', async () => {
    const { bookingId, pi } = await confirmedAwaitingCapture();
    const early = stripe.event('payment_intent.amount_capturable_updated', pi);
    stripe.intent(pi).status = 'succeeded';
    const succeeded = stripe.event('payment_intent.succeeded', pi);
    const failed = stripe.event('payment_intent.payment_failed', pi, {
      status: 'requires_payment_method',
      last_payment_error: { message: 'Your card was declined.' },
    });
    expect((await webhook(succeeded)).statusCode).toBe(200);
    expect((await webhook(early)).statusCode).toBe(200);
    expect((await webhook(failed)).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('PAID');
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'succeeded', pending_action: null });
  });

  it('a declined card is recorded; the booking stays PENDING and payment can be tried again', async () => {
    const bookingId = await requestBooking();
    const first = (await pay(bookingId)).json().clientSecret;
    const pi = piOf(first);
    stripe.declineCard(pi);
    expect((await webhook(stripe.event('payment_intent.payment_failed', pi))).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('PENDING');
    const [event] = await queryRows<{ detail: string }>(
      t.db,
      sql`select detail from payment_events where payment_id = ${pi} and kind = 'payment_intent.payment_failed'`,
    );
    expect(event?.detail).toBe('Your card was declined.');
    const again = await pay(bookingId);
    expect(again.statusCode).toBe(200);
    expect(again.json().clientSecret).toBe(first);
  });

  it('events of other types are recorded and answered 200; one of a PaymentIntent with no row yet waits for it (decision 046)', async () => {
    const { pi } = await paidRequest();
    const unknown = stripe.event('payment_intent.succeeded', pi, { id: 'pi_unknown_elsewhere' });
    expect((await webhook(unknown)).statusCode).toBe(200);
    const other = {
      ...stripe.event('payment_intent.created', pi),
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    };
    expect((await webhook(other)).statusCode).toBe(200);
    const rows = await queryRows<{ id: string }>(
      t.db,
      sql`select id from stripe_events where id in (${unknown.id}, ${other.id})`,
    );
    expect(rows).toEqual([{ id: other.id }]);
    const waiting = await queryRows<{ object_id: string }>(
      t.db,
      sql`select object_id from waiting_stripe_events where id = ${unknown.id}`,
    );
    expect(waiting).toEqual([{ object_id: 'pi_unknown_elsewhere' }]);
  });

  it('a forged, missing or replayed-with-another-body signature: 400 and nothing changed', async () => {
    const { bookingId, pi } = await confirmedAwaitingCapture();
    stripe.intent(pi).status = 'succeeded';
    const event = stripe.event('payment_intent.succeeded', pi);
    const forged = await webhook(event, { secret: 'whsec_not_ours' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid Stripe signature.');
    const other = stripe.sign(stripe.event('payment_intent.canceled', pi));
    expect((await webhook(event, { signature: other.signature })).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(missing.statusCode).toBe(400);
    expect(await bookingStatus(bookingId)).toBe('CONFIRMED');
    const rows = await queryRows<{ id: string }>(t.db, sql`select id from stripe_events`);
    expect(rows.map((r) => r.id)).not.toContain(event.id);
    // The genuine one then works.
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('PAID');
  });

  it('a refund made in Stripe’s dashboard refunds a paid booking', async () => {
    const { bookingId, pi } = await paidRequest();
    await act(f.cookies.owner, bookingId, 'accept');
    expect(await bookingStatus(bookingId)).toBe('PAID');
    // The event alone changes nothing: Stripe is read again, and holds no refund yet.
    expect((await webhook(stripe.event('charge.refunded', pi))).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('PAID');
    stripe.refundInDashboard(pi);
    expect((await webhook(stripe.event('charge.refunded', pi))).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('REFUNDED');
    expect((await transitions(bookingId)).at(-1)).toBe('PAID>REFUNDED SYSTEM');
  });
});

// ------------------------------------------------------------------ review findings (payments fixes)

const setPrice = (cents: number) =>
  t.db.execute(sql`update services set price_cents = ${cents} where id = ${f.service.id}`);

describe('amounts Stripe does not take', () => {
  it('a free booking: no PaymentIntent (409 that says so, Stripe not called); it is accepted as request-to-book', async () => {
    await setPrice(0);
    const bookingId = await requestBooking();
    const before = stripe.calls.length;
    const res = await pay(bookingId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This booking is free: there is nothing to pay.');
    expect(stripe.calls.length).toBe(before);
    expect(await paymentOf(bookingId)).toBeUndefined();
    expect((await act(f.cookies.owner, bookingId, 'accept')).json().booking.status).toBe('CONFIRMED');
  });

  it('below 50 cents or above $999,999.99: 409 with the reason, Stripe not called', async () => {
    await setPrice(20); // 2 h: 40 + 2 fee = 42 cents
    const small = await requestBooking();
    const before = stripe.calls.length;
    const res = await pay(small);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Card payments start at $0.50: arrange payment for this booking with the provider.',
    );
    const big = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      hours: 24,
      startAt: localAt(6, '10:00', f.timeZone),
      amountCents: 240_000_000,
      feeCents: 12_000_000,
    });
    const tooBig = await pay(big.id);
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().message).toBe(
      'This total is above what one card payment can take ($999,999.99): arrange payment with the provider.',
    );
    expect(stripe.calls.length).toBe(before);
  });

  it('Stripe refusing the request (a 4xx) is a 409 with its reason, not a 503', async () => {
    const bookingId = await requestBooking();
    // A PaymentIntent we recorded that Stripe does not know (404 resource_missing).
    await t.db.execute(
      sql`insert into payments (id, booking_id, amount_cents, currency, status) values ('pi_missing', ${bookingId}, 12600, 'usd', 'requires_payment_method')`,
    );
    const res = await pay(bookingId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The payment service refused this payment: No such payment_intent');
    // In the traveler's language, with Stripe's own words (English) quoted.
    const th = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { bookingId },
      cookies: f.cookies.traveler,
      headers: { 'x-locale': 'th' },
    });
    expect(th.statusCode).toBe(409);
    expect(th.json().message).toBe('บริการชำระเงินปฏิเสธการชำระเงินนี้: No such payment_intent');
  });
});

describe('checkout retries', () => {
  it('asking again after the card was authorised answers status requires_capture (the checkout then treats it as done)', async () => {
    const { bookingId } = await paidRequest();
    const res = await pay(bookingId);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('requires_capture');
  });
});

describe('cancelling a booking whose card was never authorised', () => {
  it('the traveler at least 24 hours ahead: CANCELED (not REFUNDED), the PaymentIntent released, no refund', async () => {
    const bookingId = await requestBooking();
    const pi = piOf((await pay(bookingId)).json().clientSecret);
    // Confirmed unpaid (accepted while the capture's answer was lost / before keys checked it).
    await t.db.execute(sql`update bookings set status = 'CONFIRMED' where id = ${bookingId}`);
    const res = await act(f.cookies.traveler, bookingId, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.status).toBe('CANCELED');
    expect(await bookingStatus(bookingId)).toBe('CANCELED');
    expect(stripe.intent(pi).status).toBe('canceled');
    expect(callsTo('/v1/refunds').filter((c) => c.form.payment_intent === pi)).toHaveLength(0);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'canceled', pending_action: null });
  });
});

describe('refunds Stripe has not made yet, and refunds that fail', () => {
  async function paidBooking() {
    const { bookingId, pi } = await paidRequest();
    expect((await act(f.cookies.owner, bookingId, 'accept')).json().booking.status).toBe('PAID');
    return { bookingId, pi };
  }
  const refundsOf = (pi: string) => [...stripe.refunds.values()].filter((r) => r.payment_intent === pi);

  it('a pending refund is not recorded as done: the action stays owed until Stripe says succeeded', async () => {
    const { bookingId, pi } = await paidBooking();
    stripe.setRefundStatus('pending');
    expect((await act(f.cookies.traveler, bookingId, 'cancel')).json().booking).toMatchObject({
      status: 'CANCELED',
      refundPending: true,
    });
    const owed = await paymentOf(bookingId);
    expect(owed).toMatchObject({ status: 'succeeded', pending_action: 'refund' });
    expect(owed?.action_error).toContain('pending');
    const [refund] = refundsOf(pi);
    // Still pending at the next try: still owed, and no second refund.
    expect(await retryDue(new Date(Date.now() + HOUR))).toBe(0);
    expect((await paymentOf(bookingId))?.pending_action).toBe('refund');
    stripe.setRefundStatus('succeeded', refund!.id);
    expect(await retryDue(new Date(Date.now() + 3 * HOUR))).toBe(1);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'refunded', pending_action: null });
    expect(await bookingStatus(bookingId)).toBe('REFUNDED');
    expect(refundsOf(pi)).toHaveLength(1);
    expect(callsTo('/v1/refunds').filter((c) => c.form.payment_intent === pi)).toHaveLength(1);
  });

  it('refund.failed after the refund was recorded: CANCELED with the refund pending, made again under a new key, then REFUNDED', async () => {
    const { bookingId, pi } = await paidBooking();
    expect((await act(f.cookies.traveler, bookingId, 'cancel')).json().booking.status).toBe('REFUNDED');
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'refunded', pending_action: null });
    const [first] = refundsOf(pi);
    stripe.setRefundStatus('failed', first!.id, 'expired_or_canceled_card');
    const event = stripe.event('refund.failed', pi, { status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    const reopened = await paymentOf(bookingId);
    expect(reopened).toMatchObject({ status: 'succeeded', pending_action: 'refund' });
    expect(reopened?.action_error).toContain('expired_or_canceled_card');
    expect(await bookingStatus(bookingId)).toBe('CANCELED');
    expect(await refundPending(bookingId)).toBe(true);
    expect(await retryDue(new Date(Date.now() + HOUR))).toBe(1);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'refunded', pending_action: null });
    expect(await bookingStatus(bookingId)).toBe('REFUNDED');
    expect(await refundPending(bookingId)).toBe(false);
    expect(
      callsTo('/v1/refunds')
        .filter((c) => c.form.payment_intent === pi)
        .map((c) => c.idempotencyKey),
    ).toEqual([`locora-refund-${pi}`, `locora-refund-${pi}-1`]);
    expect(refundsOf(pi).map((r) => r.status)).toEqual(['failed', 'succeeded']);
  });

  it('a failed refund of a booking that owes none (still PAID) is only recorded', async () => {
    const { bookingId, pi } = await paidBooking();
    stripe.intent(pi); // captured; a partial refund tried in Stripe's dashboard fails
    stripe.refunds.set('re_dash', {
      id: 're_dash',
      object: 'refund',
      amount: 100,
      currency: 'usd',
      payment_intent: pi,
      status: 'failed',
    });
    expect((await webhook(stripe.event('refund.failed', pi, { status: 'failed' }))).statusCode).toBe(200);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'succeeded', pending_action: null });
    expect(await bookingStatus(bookingId)).toBe('PAID');
  });
});

describe('a payment captured in advance (e.g. in Stripe’s dashboard) before the provider answered', () => {
  async function capturedRequest() {
    const { bookingId, pi } = await paidRequest();
    const intent = stripe.intent(pi);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    expect((await webhook(stripe.event('payment_intent.succeeded', pi))).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('PENDING');
    return { bookingId, pi };
  }

  it('accept: the capture is found done and the booking is PAID', async () => {
    const { bookingId, pi } = await capturedRequest();
    const res = await act(f.cookies.owner, bookingId, 'accept');
    expect(res.json().booking.status).toBe('PAID');
    expect(await bookingStatus(bookingId)).toBe('PAID');
    expect(callsTo(`/v1/payment_intents/${pi}/capture`)).toHaveLength(0);
  });

  it('decline: the money taken is refunded', async () => {
    const { bookingId, pi } = await capturedRequest();
    expect((await act(f.cookies.owner, bookingId, 'decline')).json().booking.status).toBe('CANCELED');
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === pi).map((r) => r.amount)).toEqual([12600]);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'refunded', pending_action: null });
    expect(await bookingStatus(bookingId)).toBe('CANCELED');
  });
});

describe('the call made at once after a change', () => {
  it('Stripe hanging at acceptance: one short call, no retry; the booking is CONFIRMED and the capture owed', async () => {
    const { bookingId, pi } = await paidRequest();
    stripe.setMode('hang');
    const before = stripe.calls.filter((c) => c.path === `/v1/payment_intents/${pi}`).length;
    const res = await act(f.cookies.owner, bookingId, 'accept');
    expect(res.json().booking.status).toBe('CONFIRMED');
    expect(stripe.calls.filter((c) => c.path === `/v1/payment_intents/${pi}`).length).toBe(before + 1);
    expect(await paymentOf(bookingId)).toMatchObject({ pending_action: 'capture', action_attempts: 1 });
    stripe.setMode('ok');
    expect(await retryDue(new Date(Date.now() + HOUR))).toBe(1);
    expect(await bookingStatus(bookingId)).toBe('PAID');
  });
});

describe('risky paths (review finding 9)', () => {
  it('a request declined while its PaymentIntent was being created: the new hold is released at once, 409', async () => {
    const bookingId = await requestBooking();
    stripe.beforeNextAnswer(async (call) => {
      expect(call.path).toBe('/v1/payment_intents');
      expect((await act(f.cookies.owner, bookingId, 'decline')).json().booking.status).toBe('CANCELED');
    });
    const res = await pay(bookingId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The payment for this booking was canceled. Please request a new booking.');
    const payment = await paymentOf(bookingId);
    expect(payment).toMatchObject({ status: 'canceled', pending_action: null });
    expect(stripe.intent(payment!.id).status).toBe('canceled');
    expect(await bookingStatus(bookingId)).toBe('CANCELED');
  });

  it('cancelled while the capture is still owed: the capture is replaced by the release, never captured', async () => {
    const { bookingId, pi } = await paidRequest();
    stripe.setMode('fail');
    expect((await act(f.cookies.owner, bookingId, 'accept')).json().booking.status).toBe('CONFIRMED');
    expect((await paymentOf(bookingId))?.pending_action).toBe('capture');
    expect((await act(f.cookies.traveler, bookingId, 'cancel')).json().booking).toMatchObject({
      status: 'CANCELED',
      refundPending: true,
    });
    expect((await paymentOf(bookingId))?.pending_action).toBe('refund');
    stripe.setMode('ok');
    expect(await retryDue(new Date(Date.now() + HOUR))).toBe(1);
    expect(stripe.intent(pi).status).toBe('canceled');
    expect(callsTo(`/v1/payment_intents/${pi}/capture`)).toHaveLength(0);
    expect(callsTo('/v1/refunds').filter((c) => c.form.payment_intent === pi)).toHaveLength(0);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'canceled', pending_action: null });
    expect(await bookingStatus(bookingId)).toBe('REFUNDED');
  });

  it('decline while Stripe answers 500, and a traveler cancel while it hangs: CANCELED at once, the release owed and made later', async () => {
    const a = await paidRequest();
    const b = await paidRequest(localAt(4, '10:00', f.timeZone));
    stripe.setMode('fail');
    expect((await act(f.cookies.owner, a.bookingId, 'decline')).json().booking.status).toBe('CANCELED');
    stripe.setMode('hang');
    expect((await act(f.cookies.traveler, b.bookingId, 'cancel')).json().booking.status).toBe('CANCELED');
    for (const { bookingId } of [a, b])
      expect(await paymentOf(bookingId)).toMatchObject({
        status: 'requires_capture',
        pending_action: 'cancel',
        action_attempts: 1,
      });
    stripe.setMode('ok');
    expect(await retryDue(new Date(Date.now() + HOUR))).toBe(2);
    for (const { bookingId, pi } of [a, b]) {
      expect(stripe.intent(pi).status).toBe('canceled');
      expect(await paymentOf(bookingId)).toMatchObject({ status: 'canceled', pending_action: null });
      expect(await bookingStatus(bookingId)).toBe('CANCELED');
    }
  });

  it('expiry while Stripe hangs: CANCELED, the release stays owed and is made once Stripe answers', async () => {
    const { bookingId, pi } = await paidRequest();
    const later = new Date(Date.now() + 25 * HOUR);
    expect(await runBookingLifecycle(t.db, { appUrl: APP_URL, now: later })).toBe(1);
    stripe.setMode('hang');
    expect(await retryDue(later)).toBe(0);
    expect(await bookingStatus(bookingId)).toBe('CANCELED');
    expect(await paymentOf(bookingId)).toMatchObject({
      status: 'requires_capture',
      pending_action: 'cancel',
      action_attempts: 1,
    });
    stripe.setMode('ok');
    expect(await retryDue(new Date(later.getTime() + HOUR))).toBe(1);
    expect(stripe.intent(pi).status).toBe('canceled');
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'canceled', pending_action: null });
  });

  it('payment_intent.canceled (released at Stripe): recorded; the request cannot be paid again', async () => {
    const { bookingId, pi } = await paidRequest();
    stripe.intent(pi).status = 'canceled';
    const event = stripe.event('payment_intent.canceled', pi);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'canceled' });
    const res = await pay(bookingId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The payment for this booking was canceled. Please request a new booking.');
  });

  it('two workers claiming the same owed capture: one call to capture, one done', async () => {
    const { bookingId, pi } = await paidRequest();
    stripe.setMode('fail');
    expect((await act(f.cookies.owner, bookingId, 'accept')).json().booking.status).toBe('CONFIRMED');
    stripe.setMode('ok');
    const later = new Date(Date.now() + HOUR);
    const done = await Promise.all([retryDue(later), retryDue(later)]);
    expect(done.reduce((n, d) => n + d, 0)).toBe(1);
    expect(callsTo(`/v1/payment_intents/${pi}/capture`)).toHaveLength(1);
    expect(await bookingStatus(bookingId)).toBe('PAID');
  });
});
