/**
 * The provider's Revenue card, the Earnings totals and the admin's totals read the ledger
 * (decision 060, addendum), along real paths against the local Stripe-protocol server: each is what
 * the ledger says the charges kept, per currency, and they agree with each other.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPayments, Earnings } from '../../../shared/api/earnings.ts';
import type { ProviderStats } from '../../../shared/api/provider-workspace.ts';
import { payoutNetCents, refundSplit } from '../../../shared/domain/connect.ts';
import { bookingAmounts } from '../../../shared/domain/booking-amounts.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { recordLedger } from '../../payments/ledger.ts';
import { PROCESSING_FEES_JOB } from '../../payments/processing-fees.ts';
import { bookingFixture, type BookingFixture } from '../../test/booking-fixture.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { useTestApp } from '../../test/test-app.ts';

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
type Cookies = Record<string, string>;
const HOUR = 3600 * 1000;
// The fixture's massage, $60 an hour, for 2 hours.
const { subtotalCents: SHARE, feeCents: FEE, totalCents: CHARGE } = bookingAmounts(6000, 2, 'USD');

beforeEach(async () => {
  stripe.setMode('ok');
  stripe.setRefundStatus('succeeded');
  f = await bookingFixture(t.db);
  await onboardProvider(t.db, stripe, f.owner.provider.id);
});

const inject = (method: 'GET' | 'POST', url: string, cookies?: Cookies, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    ...(cookies ? { cookies } : {}),
    ...(payload !== undefined ? { payload } : {}),
  }) as Promise<LightMyRequestResponse>;

function webhook(event: unknown) {
  const signed = stripe.sign(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.payload,
  });
}

/** A booking of the massage for 2 hours starting `startsIn` from now, paid by card and accepted: PAID. */
async function paidBooking(startsIn = 72 * HOUR) {
  const startAt = new Date(Math.ceil((Date.now() + startsIn) / (30 * 60 * 1000)) * 30 * 60 * 1000);
  const b = await createBooking(t.db, { service: f.service, userId: f.traveler.id, hours: 2, startAt });
  const paid = await inject('POST', '/api/create-payment-intent', f.cookies.traveler, { bookingId: b.id });
  expect(paid.statusCode).toBe(200);
  const pi = (paid.json() as { clientSecret: string }).clientSecret.split('_secret_')[0]!;
  stripe.authorize(pi);
  expect((await webhook(stripe.event('payment_intent.amount_capturable_updated', pi))).statusCode).toBe(200);
  const accepted = await inject('POST', `/api/bookings/${b.id}/accept`, f.cookies.owner);
  expect(accepted.json().booking.status).toBe('PAID');
  return { bookingId: b.id, pi };
}

const revenue = async () =>
  ((await inject('GET', '/api/provider/stats', f.cookies.owner)).json() as ProviderStats).revenue;
const earnings = async () => (await inject('GET', '/api/provider/earnings', f.cookies.owner)).json() as Earnings;
const allTimeNet = async () => (await earnings()).allTime.map((x) => ({ currency: x.currency, amount: x.netCents }));

describe('the Revenue card, from the ledger', () => {
  it('a partial refund made at Stripe: Revenue drops by the provider’s part of it, as the Earnings total', async () => {
    const { pi } = await paidBooking();
    expect(await revenue()).toEqual([{ currency: 'USD', amount: SHARE }]);
    // Refunded in Stripe's dashboard, the transfer reversed in proportion: Stripe tells Locora.
    const REFUND = 3000;
    stripe.refundInDashboard(pi, REFUND, { reverseTransfer: true });
    expect(
      (await webhook(stripe.event('charge.refunded', pi, { amount_refunded: REFUND, refunded: false }))).statusCode,
    ).toBe(200);
    const kept = payoutNetCents(CHARGE, FEE, REFUND, 'USD');
    expect(kept).toBeLessThan(SHARE);
    // Before, the card still showed the booking's whole subtotal: it is PAID.
    expect(await revenue()).toEqual([{ currency: 'USD', amount: kept }]);
    expect(await allTimeNet()).toEqual(await revenue());
  });

  it('a traveler’s late cancellation: the money kept is revenue; a provider’s cancel leaves none, from the moment it is owed', async () => {
    // Cancelled by the traveler 12 hours before the start: nothing refunded, the provider keeps it.
    const late = await paidBooking(12 * HOUR);
    expect((await inject('POST', `/api/bookings/${late.bookingId}/cancel`, f.cookies.traveler, {})).statusCode).toBe(
      200,
    );
    expect(await revenue()).toEqual([{ currency: 'USD', amount: SHARE }]);

    // Cancelled by the provider: refunded in full. While Stripe has not made the refund yet, it is owed.
    stripe.setRefundStatus('pending');
    const other = await paidBooking(96 * HOUR);
    expect(await revenue()).toEqual([{ currency: 'USD', amount: 2 * SHARE }]);
    expect((await inject('POST', `/api/bookings/${other.bookingId}/cancel`, f.cookies.owner, {})).statusCode).toBe(200);
    const [pending] = await queryRows<{ status: string; refund_pending: boolean }>(
      t.db,
      sql`select status, refund_pending from bookings where id = ${other.bookingId}`,
    );
    expect(pending).toEqual({ status: 'CANCELED', refund_pending: true });
    expect(await revenue()).toEqual([{ currency: 'USD', amount: SHARE }]);
    expect(await allTimeNet()).toEqual(await revenue());
  });

  it('yen and dollars: one line each, never summed; the admin’s totals too, with Stripe’s fee in the currency it was taken in', async () => {
    const usd = await paidBooking();
    // A yen charge Locora kept (paid before payouts existed), half refunded at Stripe later.
    await t.db.execute(
      sql`update services set currency = 'JPY', price_cents = 8000, pricing_unit = 'per session' where id = ${f.service2.id}`,
    );
    const yenBooking = await createBooking(t.db, {
      service: { ...f.service2, currency: 'JPY', priceCents: 8000, pricingUnit: 'per session' },
      userId: f.traveler2.id,
      startAt: new Date(Date.now() + 5 * 24 * HOUR),
      status: 'PAID',
      paymentRequired: true,
      authorisedAt: new Date(Date.now() - 24 * HOUR),
    });
    expect([yenBooking.amountCents, yenBooking.feeCents, yenBooking.currency]).toEqual([8000, 400, 'JPY']);
    const yen = await t.app.stripe!.paymentIntents.create({ amount: 8400, currency: 'jpy', capture_method: 'manual' });
    stripe.authorize(yen.id);
    await t.app.stripe!.paymentIntents.capture(yen.id);
    await t.db.execute(
      sql`insert into payments (id, booking_id, amount_cents, currency, status)
          values (${yen.id}, ${yenBooking.id}, 8400, 'JPY', 'succeeded')`,
    );
    await recordLedger(t.db, yenBooking.id, 'test');
    stripe.refundInDashboard(yen.id, 2100);
    expect(
      (await webhook(stripe.event('charge.refunded', yen.id, { amount_refunded: 2100, refunded: false }))).statusCode,
    ).toBe(200);
    const yenBack = refundSplit(8400, 400, 2100, 'JPY');
    const yenKept = 8000 - yenBack.providerCents;

    expect(await revenue()).toEqual([
      { currency: 'USD', amount: SHARE },
      { currency: 'JPY', amount: yenKept },
    ]);
    expect(await allTimeNet()).toEqual(await revenue());
    const rows = (await earnings()).rows;
    expect(rows.find((r) => r.bookingId === yenBooking.id)).toMatchObject({
      currency: 'JPY',
      grossCents: 8400,
      refundedCents: 2100,
      feeCents: 400 - yenBack.feeCents,
      netCents: yenKept,
    });

    // Stripe's fees, read from each charge's balance transaction: a US platform settles the yen
    // charge in dollars, so its fee is in dollars, and counted on the dollar line.
    stripe.money.setProcessingFee(yen.id, 500);
    expect(await t.app.jobs.runOnce(PROCESSING_FEES_JOB)).toBe(2);
    const fees = await queryRows<{
      id: string;
      stripe_fee_cents: string;
      stripe_fee_currency: string;
      charge_balance_amount: string;
    }>(t.db, sql`select id, stripe_fee_cents, stripe_fee_currency, charge_balance_amount from payments`);
    // Amounts as numbers (bigint columns: strings on PostgreSQL).
    const feeOf = new Map(
      fees.map((x) => [
        x.id,
        { fee: Number(x.stripe_fee_cents), currency: x.stripe_fee_currency, balance: Number(x.charge_balance_amount) },
      ]),
    );
    expect(feeOf.get(yen.id)).toMatchObject({ fee: 500, currency: 'USD' });
    const yenInDollars = feeOf.get(yen.id)!.balance;
    expect(yenInDollars).toBeGreaterThan(0);
    expect(yenInDollars).not.toBe(8400);
    expect(feeOf.get(usd.pi)).toMatchObject({ currency: 'USD', balance: CHARGE });
    const usdFee = feeOf.get(usd.pi)!.fee;

    const admin = (await inject('GET', '/api/admin/payments', f.cookies.admin)).json() as AdminPayments;
    expect(admin.allTime).toEqual([
      {
        currency: 'USD',
        grossCents: CHARGE,
        feeCents: FEE,
        stripeFeeCents: usdFee + 500,
        stripeFeesUnread: 0,
        refundedCents: 0,
        openDisputes: 0,
        openDisputedCents: 0,
        payments: 1,
      },
      {
        currency: 'JPY',
        grossCents: 8400,
        feeCents: 400 - yenBack.feeCents,
        stripeFeeCents: 0,
        stripeFeesUnread: 0,
        refundedCents: 2100,
        openDisputes: 0,
        openDisputedCents: 0,
        payments: 1,
      },
    ]);
    expect(admin.thisMonth).toEqual(admin.allTime);
    // Locora's ¥400 against Stripe's $5.00, both in dollars (the yen at the charge's own rate).
    const locoraInDollars = Math.round((400 * yenInDollars) / 8400);
    expect(admin.smallBookings).toEqual([
      expect.objectContaining({
        bookingId: yenBooking.id,
        grossCents: 8400,
        feeCents: 400,
        currency: 'JPY',
        stripeFeeCents: 500,
        stripeFeeCurrency: 'USD',
        shortfallCents: 500 - locoraInDollars,
      }),
    ]);
  });
});
