/**
 * A suspended provider's payouts wait (decision 051): a payout that falls due while its provider is
 * suspended is held, nothing is asked of Stripe's payouts, and lifting the suspension makes it due
 * again and paid. Against the local Stripe-protocol server.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingAmounts } from '../../../shared/domain/booking-amounts.ts';
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
const HOUR = 3600 * 1000;

beforeEach(async () => {
  stripe.setMode('ok');
  stripe.setRefundStatus('succeeded');
  f = await bookingFixture(t.db);
  account = await onboardProvider(t.db, stripe, f.owner.provider.id);
});

const inject = (method: 'GET' | 'POST', url: string, cookies?: Record<string, string>, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(cookies ? { cookies } : {}),
    ...(payload !== undefined ? { payload } : {}),
  }) as Promise<LightMyRequestResponse>;

function webhook(event: unknown) {
  const signed = stripe.sign(event, stripe.webhookSecret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.payload,
  });
}

/** A booking of the 60/h massage for 2 hours, paid and accepted, then completed by the lifecycle job: its payout queued. */
async function completedPaidBooking() {
  const startAt = new Date(Math.ceil((Date.now() + 72 * HOUR) / (30 * 60 * 1000)) * 30 * 60 * 1000);
  const b = await createBooking(t.db, { service: f.service, userId: f.traveler.id, hours: 2, startAt });
  const paid = await inject('POST', '/api/create-payment-intent', f.cookies.traveler, { bookingId: b.id });
  expect(paid.statusCode).toBe(200);
  const pi = (paid.json().clientSecret as string).split('_secret_')[0]!;
  stripe.authorize(pi);
  expect((await webhook(stripe.event('payment_intent.amount_capturable_updated', pi))).statusCode).toBe(200);
  expect((await inject('POST', `/api/bookings/${b.id}/accept`, f.cookies.owner)).json().booking.status).toBe('PAID');
  const endAt = new Date(startAt.getTime() + 2 * HOUR);
  await runBookingLifecycle(t.db, { appUrl: 'http://localhost:3000', now: new Date(endAt.getTime() + HOUR) });
  // Its due time reached (the queue reads the database's clock).
  await t.db.execute(sql`update booking_payouts set due_at = now() where booking_id = ${b.id} and due_at is not null`);
  return b.id;
}

const payoutOf = async (bookingId: string) =>
  (
    await queryRows<{
      status: string;
      status_reason: string | null;
      due_at: Date | null;
      stripe_payout_id: string | null;
    }>(
      t.db,
      sql`select status, status_reason, due_at, stripe_payout_id from booking_payouts where booking_id = ${bookingId}`,
    )
  )[0];
const payoutsMade = () => [...stripe.payouts.values()].filter((p) => p.account === account);

describe('a suspended provider’s payout', () => {
  it('is held while the suspension lasts, and made once an admin lifts it', async () => {
    const bookingId = await completedPaidBooking();
    const suspended = await inject('POST', `/api/admin/users/${f.owner.user.id}/suspend`, f.cookies.admin, {
      reason: 'Asked travelers to pay in cash',
    });
    expect(suspended.statusCode).toBe(200);

    expect(await runPayouts(t.db, t.app.stripe!)).toBe(0);
    expect(payoutsMade()).toHaveLength(0);
    expect(await payoutOf(bookingId)).toMatchObject({
      status: 'held',
      status_reason: 'account_suspended',
      due_at: null,
      stripe_payout_id: null,
    });
    // Held with no due time: later runs of the job leave it alone.
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(0);
    expect(payoutsMade()).toHaveLength(0);

    const lifted = await inject('POST', `/api/admin/users/${f.owner.user.id}/unsuspend`, f.cookies.admin, {
      reason: 'Appeal accepted',
    });
    expect(lifted.statusCode).toBe(200);
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'queued', status_reason: null });
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    expect(payoutsMade().map((p) => p.amount)).toEqual([bookingAmounts(6000, 2, 'USD').subtotalCents]);
    expect((await payoutOf(bookingId))!.stripe_payout_id).not.toBeNull();
  });

  it('another provider’s payout is not held by someone else’s suspension', async () => {
    const bookingId = await completedPaidBooking();
    expect(
      (
        await inject('POST', `/api/admin/users/${f.traveler.id}/suspend`, f.cookies.admin, {
          reason: 'Harassment',
        })
      ).statusCode,
    ).toBe(200);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    expect((await payoutOf(bookingId))!.status).not.toBe('held');
  });
});
