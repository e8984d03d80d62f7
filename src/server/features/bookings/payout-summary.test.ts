/**
 * The Payouts tab's four figures (decision 068), read from the ledger, for bookings made through
 * the real flows against the local Stripe-protocol server: a New York provider with a booking
 * paid (owed), one completed and paid out (arrived), one completed whose payout is on its way, and
 * one disputed (held); a Tokyo provider with one booking in yen paid out and one owed.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PayoutSummary } from '../../../shared/api/earnings.ts';
import type { CurrencyCode } from '../../../shared/domain/currency.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { createBooking, createCategory, createProvider, createService, createUser } from '../../db/seed/factories.ts';
import { runPayouts } from '../../payments/payouts.ts';
import { reconcileNow } from '../../payments/reconciliation.ts';
import { cookieFor } from '../../test/booking-fixture.ts';
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

type Cookies = Record<string, string>;
const HOUR = 3600 * 1000;
const APP_URL = 'http://localhost:3000';

beforeEach(() => {
  stripe.setMode('ok');
  stripe.setRefundStatus('succeeded');
  stripe.money.forgetBalanceHistory();
});
// The figures are the ledger's, and the ledger is Stripe's: nothing differs.
afterEach(async () => {
  expect(await reconcileNow(t.db, t.app.stripe!, new Date())).toMatchObject({ differences: 0 });
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
const connectWebhook = (event: unknown) => webhook(event, stripe.connectWebhookSecret);
const piOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

async function providerIn(
  country: string,
  opts: { timeZone: string; currency: CurrencyCode; price: number; unit: 'per hour' | 'per session'; title: string },
) {
  const p = await createProvider(t.db, { timeZone: opts.timeZone, currency: opts.currency });
  const category = await createCategory(t.db, { slug: `c-${Math.random().toString(36).slice(2)}` });
  const service = await createService(t.db, {
    providerId: p.provider.id,
    categoryId: category.id,
    title: opts.title,
    priceCents: opts.price,
    pricingUnit: opts.unit,
    minHours: 2,
    currency: opts.currency,
  });
  await onboardProvider(t.db, stripe, p.provider.id, { country });
  return { ...p, service, cookies: await cookieFor(t.db, p.user.id) };
}
type P = Awaited<ReturnType<typeof providerIn>>;

/** A 2-hour booking `startsIn` from now, its card authorised and the provider's accept captured: PAID. */
async function paidBooking(p: P, startsIn: number) {
  const user = await createUser(t.db, { name: 'Rita Sousa' });
  const cookies = await cookieFor(t.db, user.id);
  const startAt = new Date(Math.ceil((Date.now() + startsIn) / (30 * 60 * 1000)) * 30 * 60 * 1000);
  const b = await createBooking(t.db, { service: p.service, userId: user.id, hours: 2, startAt });
  const paid = await inject('POST', '/api/create-payment-intent', cookies, { bookingId: b.id });
  expect(paid.statusCode, paid.body).toBe(200);
  const pi = piOf(paid.json().clientSecret);
  stripe.authorize(pi);
  expect((await webhook(stripe.event('payment_intent.amount_capturable_updated', pi))).statusCode).toBe(200);
  const accepted = await inject('POST', `/api/bookings/${b.id}/accept`, p.cookies);
  expect(accepted.json().booking.status).toBe('PAID');
  return { id: b.id, pi, startAt, endAt: new Date(startAt.getTime() + 2 * HOUR) };
}

/** Completed an hour after its end, then the payouts job: its payout made (pending at Stripe). */
async function completeAndPayOut(endAt: Date) {
  expect(await runBookingLifecycle(t.db, { appUrl: APP_URL, now: new Date(endAt.getTime() + HOUR) })).toBe(1);
  expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
}
const payoutIdOf = async (bookingId: string) =>
  (
    await queryRows<{ stripe_payout_id: string }>(
      t.db,
      sql`select stripe_payout_id from booking_payouts where booking_id = ${bookingId}`,
    )
  )[0]!.stripe_payout_id;
/** The provider's share of a booking: what the charge left after Locora's fee. */
const shareOf = async (pi: string) => {
  const [p] = await queryRows<{ amount_cents: number; application_fee_cents: number }>(
    t.db,
    sql`select amount_cents, application_fee_cents from payments where id = ${pi}`,
  );
  return Number(p!.amount_cents) - Number(p!.application_fee_cents);
};
const summaryOf = async (cookies: Cookies) => {
  const res = await inject('GET', '/api/provider/payouts/summary', cookies);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PayoutSummary>();
};

describe('GET /api/provider/payouts/summary', () => {
  it('shows paid out, on its way, owed and held per currency, each with its bookings, to their provider only', async () => {
    const ny = await providerIn('US', {
      timeZone: 'America/New_York',
      currency: 'USD',
      price: 6000,
      unit: 'per hour',
      title: 'Harbour kayak tour',
    });
    const tokyo = await providerIn('JP', {
      timeZone: 'Asia/Tokyo',
      currency: 'JPY',
      price: 8000,
      unit: 'per session',
      title: 'Tea ceremony',
    });
    const yenPaidOut = await paidBooking(tokyo, 48 * HOUR);
    const arrived = await paidBooking(ny, 72 * HOUR);
    const onItsWay = await paidBooking(ny, 96 * HOUR);
    const owed = await paidBooking(ny, 240 * HOUR);
    const disputed = await paidBooking(ny, 288 * HOUR);
    const yenOwed = await paidBooking(tokyo, 480 * HOUR);

    // Completed one after the other, each paid out; two payouts arrive at the bank, one does not yet.
    await completeAndPayOut(yenPaidOut.endAt);
    expect((await connectWebhook(stripe.payPayout(await payoutIdOf(yenPaidOut.id)))).statusCode).toBe(200);
    await completeAndPayOut(arrived.endAt);
    expect((await connectWebhook(stripe.payPayout(await payoutIdOf(arrived.id)))).statusCode).toBe(200);
    await completeAndPayOut(onItsWay.endAt);
    // A dispute opened on a booking not paid out yet: its share is held.
    const d = stripe.money.openDispute(disputed.pi);
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.created', d.id))).statusCode).toBe(200);

    const usd = await shareOf(owed.pi);
    expect(usd).toBe(12000);
    const yen = await shareOf(yenOwed.pi);
    expect(yen).toBe(8000);
    const line = (currency: CurrencyCode, ...bookings: { id: string; amount: number; title: string }[]) => ({
      currency,
      amountCents: bookings.reduce((sum, b) => sum + b.amount, 0),
      bookings: bookings.map((b) => ({
        bookingId: b.id,
        serviceTitle: b.title,
        date: expect.any(String),
        amountCents: b.amount,
      })),
    });
    const kayak = 'Harbour kayak tour';
    expect(await summaryOf(ny.cookies)).toEqual({
      paidOut: [line('USD', { id: arrived.id, amount: usd, title: kayak })],
      onItsWay: [line('USD', { id: onItsWay.id, amount: usd, title: kayak })],
      owed: [line('USD', { id: owed.id, amount: usd, title: kayak })],
      held: [line('USD', { id: disputed.id, amount: usd, title: kayak })],
    });
    // The Tokyo provider sees theirs only, in yen (whole yen, never x 100).
    const tea = 'Tea ceremony';
    expect(await summaryOf(tokyo.cookies)).toEqual({
      paidOut: [line('JPY', { id: yenPaidOut.id, amount: yen, title: tea })],
      onItsWay: [],
      owed: [line('JPY', { id: yenOwed.id, amount: yen, title: tea })],
      held: [],
    });

    // The payout on its way arrives: paid out, two bookings on one line (the latest first).
    expect((await connectWebhook(stripe.payPayout(await payoutIdOf(onItsWay.id)))).statusCode).toBe(200);
    const after = await summaryOf(ny.cookies);
    expect(after.paidOut).toEqual([
      line('USD', { id: onItsWay.id, amount: usd, title: kayak }, { id: arrived.id, amount: usd, title: kayak }),
    ]);
    expect(after.onItsWay).toEqual([]);
  });

  it('is for providers only: anonymous 401, a traveler or an admin 403, a provider with nothing sees empty figures', async () => {
    const traveler = await createUser(t.db, { name: 'Tom Grey' });
    const admin = await createUser(t.db, { role: 'ADMIN', name: 'Admin' });
    const fresh = await createProvider(t.db, {});
    expect((await inject('GET', '/api/provider/payouts/summary')).statusCode).toBe(401);
    expect((await inject('GET', '/api/provider/payouts/summary', await cookieFor(t.db, traveler.id))).statusCode).toBe(
      403,
    );
    expect((await inject('GET', '/api/provider/payouts/summary', await cookieFor(t.db, admin.id))).statusCode).toBe(
      403,
    );
    expect(await summaryOf(await cookieFor(t.db, fresh.user.id))).toEqual({
      paidOut: [],
      onItsWay: [],
      owed: [],
      held: [],
    });
  });
});
