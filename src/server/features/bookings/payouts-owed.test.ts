/**
 * Every payout owed is made, held, asked again or flagged (decision 046), against the local
 * Stripe-protocol server: a late cancellation whose money was kept is paid out after its end; a
 * failed payout is asked again once the account can be paid; a payout waits while a dispute is
 * open; refunds made in Stripe's dashboard are seen; a refund after a payout is recorded and
 * flagged; a payout whose answer was lost is found by its metadata.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutNetCents } from '../../../shared/domain/connect.ts';
import { bookingAmounts } from '../../../shared/domain/pricing.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { runPayouts } from '../../payments/payouts.ts';
import { bookingFixture, type BookingFixture } from '../../test/booking-fixture.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { useTestApp } from '../../test/test-app.ts';
import { runBookingLifecycle } from './lifecycle.ts';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer({ connectWebhookSecret: 'whsec_locora_connect_test' });
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
      platformCountry: 'US',
      apiUrl: stripe.url,
      timeoutMs: 700,
    };
  },
  publicUrl: 'http://localhost:3000',
} as Partial<Config>);

let f: BookingFixture;
let account: string;
type Cookies = Record<string, string>;
const HOUR = 3600 * 1000;
const amounts = bookingAmounts(6000, 2, 'USD');

beforeEach(async () => {
  stripe.setMode('ok');
  stripe.setRefundStatus('succeeded');
  f = await bookingFixture(t.db);
  account = await onboardProvider(t.db, stripe, f.owner.provider.id);
});

const inject = (method: 'GET' | 'POST', url: string, cookies?: Cookies, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    ...(cookies ? { cookies } : {}),
    ...(payload !== undefined ? { payload } : {}),
  }) as Promise<LightMyRequestResponse>;

function webhook(event: unknown, secret = stripe.webhookSecret) {
  const signed = stripe.sign(event, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.payload,
  });
}
const piOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/**
 * A booking of the 60/h massage for 2 hours starting `startsIn` from now, its card authorised and
 * the provider's accept captured: PAID, the net in the provider's Stripe balance.
 */
async function paidBooking(startsIn = 72 * HOUR) {
  const startAt = new Date(Math.ceil((Date.now() + startsIn) / (30 * 60 * 1000)) * 30 * 60 * 1000);
  const b = await createBooking(t.db, { service: f.service, userId: f.traveler.id, hours: 2, startAt });
  const paid = await inject('POST', '/api/create-payment-intent', f.cookies.traveler, { bookingId: b.id });
  expect(paid.statusCode).toBe(200);
  const pi = piOf(paid.json().clientSecret);
  stripe.authorize(pi);
  expect((await webhook(stripe.event('payment_intent.amount_capturable_updated', pi))).statusCode).toBe(200);
  const accepted = await inject('POST', `/api/bookings/${b.id}/accept`, f.cookies.owner);
  expect(accepted.json().booking.status).toBe('PAID');
  return { bookingId: b.id, pi, startAt, endAt: new Date(startAt.getTime() + 2 * HOUR) };
}

type PayoutRow = {
  id: string;
  stripe_payout_id: string | null;
  status: string;
  status_reason: string | null;
  amount_cents: number;
  due_at: Date | null;
  failures: number;
  failure_code: string | null;
  reversed_after_payout_cents: number;
};
const payoutOf = async (bookingId: string) =>
  (
    await queryRows<PayoutRow>(
      t.db,
      sql`select id, stripe_payout_id, status, status_reason, amount_cents, due_at, failures, failure_code,
            reversed_after_payout_cents
          from booking_payouts where booking_id = ${bookingId}`,
    )
  )[0];
/** Lets time pass for the payouts' queue: what is due is the database's clock, so the due time moves. */
const letDue = (bookingId: string) =>
  t.db.execute(sql`update booking_payouts set due_at = now() where booking_id = ${bookingId} and due_at is not null`);
const payoutsOn = (acct: string) => [...stripe.payouts.values()].filter((p) => p.account === acct);
const APP_URL = 'http://localhost:3000';
/** The lifecycle job an hour after the booking's end: COMPLETED, its payout queued. */
const complete = async (endAt: Date) =>
  runBookingLifecycle(t.db, { appUrl: APP_URL, now: new Date(endAt.getTime() + HOUR) });
const paymentOf = async (pi: string) =>
  (
    await queryRows<{ status: string; refunded_cents: number }>(
      t.db,
      sql`select status, refunded_cents from payments where id = ${pi}`,
    )
  )[0];
const bookingStatus = async (id: string) =>
  (await queryRows<{ status: string }>(t.db, sql`select status from bookings where id = ${id}`))[0]?.status;

describe('a traveler’s late cancellation, the money kept', () => {
  it('is paid out on the completed schedule: due at the booking’s end, made within a run of the job then', async () => {
    const { bookingId, pi, endAt } = await paidBooking(5 * HOUR);
    const cancel = await inject('POST', `/api/bookings/${bookingId}/cancel`, f.cookies.traveler, {});
    expect(cancel.json().booking.status).toBe('CANCELED');
    expect(stripe.intent(pi).status).toBe('succeeded');
    // Owed the provider once the service's time is over, as a completed booking would be.
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'queued', amount_cents: amounts.subtotalCents });
    expect(new Date((await payoutOf(bookingId))!.due_at!).toISOString()).toBe(endAt.toISOString());
    expect(await t.app.jobs.runOnce('booking-payouts')).toBe(0);
    expect(payoutsOn(account)).toHaveLength(0);
    // Its end passes: the job that runs every minute pays it out.
    await letDue(bookingId);
    expect(await t.app.jobs.runOnce('booking-payouts')).toBe(1);
    expect(payoutsOn(account).map((p) => [p.amount, p.metadata.bookingId])).toEqual([
      [amounts.subtotalCents, bookingId],
    ]);
    expect(stripe.balanceOf(account)).toBe(0);
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'pending', due_at: null });
  });

  it('a cancellation refunded in full owes no payout', async () => {
    const { bookingId } = await paidBooking(5 * HOUR);
    expect((await inject('POST', `/api/bookings/${bookingId}/cancel`, f.cookies.owner, {})).statusCode).toBe(200);
    expect(await payoutOf(bookingId)).toBeUndefined();
  });
});

describe('a partial refund made in Stripe’s dashboard', () => {
  // 3000 of the 12,600 paid, the transfer reversed in proportion: the provider's balance gives back 2857.
  const REFUND = 3000;
  const net = payoutNetCents(amounts.totalCents, amounts.feeCents, REFUND, 'USD');

  it('is recorded from Stripe’s list of the charge’s refunds, and the payout is the net left', async () => {
    const { bookingId, pi, endAt } = await paidBooking();
    stripe.refundInDashboard(pi, REFUND, { reverseTransfer: true });
    const event = stripe.event('charge.refunded', pi, { amount_refunded: REFUND, refunded: false });
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await paymentOf(pi)).toEqual({ status: 'succeeded', refunded_cents: REFUND });
    expect(await bookingStatus(bookingId)).toBe('PAID');
    await complete(endAt);
    expect(await payoutOf(bookingId)).toMatchObject({ amount_cents: net, status: 'queued' });
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    expect(payoutsOn(account).map((p) => p.amount)).toEqual([net]);
    expect(stripe.balanceOf(account)).toBe(0);
  });

  it('its webhook lost: the payout reads the refunds itself and pays only the net left', async () => {
    // Another booking's money is in the balance too: paying the full net would take from it.
    const other = await paidBooking(96 * HOUR);
    const { bookingId, pi, endAt } = await paidBooking();
    stripe.refundInDashboard(pi, REFUND, { reverseTransfer: true });
    await complete(endAt);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    expect(payoutsOn(account).map((p) => p.amount)).toEqual([net]);
    expect(stripe.balanceOf(account)).toBe(amounts.subtotalCents);
    expect(await payoutOf(bookingId)).toMatchObject({ amount_cents: net, status: 'pending' });
    // What Stripe said is kept on the payment too.
    expect(await paymentOf(pi)).toEqual({ status: 'succeeded', refunded_cents: REFUND });
    expect(await payoutOf(other.bookingId)).toBeUndefined();
  });

  it('refunded in full in the dashboard, the webhook lost: no payout, and the reason is kept', async () => {
    await paidBooking(96 * HOUR);
    const { bookingId, pi, endAt } = await paidBooking();
    stripe.refundInDashboard(pi, undefined, { reverseTransfer: true });
    await complete(endAt);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(0);
    expect(payoutsOn(account)).toHaveLength(0);
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'canceled', status_reason: 'refunded', due_at: null });
  });
});
