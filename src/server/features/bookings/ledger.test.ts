/**
 * The money ledger (decision 058) along every path of a paid booking, against the local
 * Stripe-protocol server: after each step the rows a booking has, what each holder holds, and that
 * they balance (the charge is the provider's share plus Locora's fee plus refunds; the share is
 * what was paid out plus what is owed). Rows are append-only, and an event sent again adds none.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutNetCents } from '../../../shared/domain/connect.ts';
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
import { ledgerBalance, ledgerRows } from '../../payments/ledger.ts';
import { reconcileNow } from '../../payments/reconciliation.ts';

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
const connectWebhook = (event: unknown) => webhook(event, stripe.connectWebhookSecret);
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
const APP_URL = 'http://localhost:3000';
/** The lifecycle job an hour after the booking's end: COMPLETED, its payout queued. */
const complete = async (endAt: Date) =>
  runBookingLifecycle(t.db, { appUrl: APP_URL, now: new Date(endAt.getTime() + HOUR) });
const bookingStatus = async (id: string) =>
  (await queryRows<{ status: string }>(t.db, sql`select status from bookings where id = ${id}`))[0]?.status;

// Each path ends reconciled with Stripe: every movement at Stripe has its ledger rows (decision 059).
beforeEach(() => {
  stripe.money.forgetBalanceHistory();
});
afterEach(async () => {
  expect(await reconcileNow(t.db, t.app.stripe!, new Date())).toMatchObject({ differences: 0 });
});

const { subtotalCents: SHARE, feeCents: FEE, totalCents: CHARGE } = amounts;

/** The booking's rows as `kind amount` lines, oldest first. */
const rowsOf = async (bookingId: string) => (await ledgerRows(t.db, bookingId)).map((r) => `${r.kind} ${r.amount}`);

/** The booking balances in one currency (USD), and its sums are `expected`. */
async function balanced(
  bookingId: string,
  expected: Partial<{
    charged: number;
    refunded: number;
    fee: number;
    providerShare: number;
    paidOut: number;
    owed: number;
    disputed: number;
    disputeLost: number;
  }>,
) {
  const all = await ledgerBalance(t.db, bookingId);
  expect(all.map((b) => b.summary.currency)).toEqual(['USD']);
  expect(all[0]!.problems).toEqual([]);
  expect(all[0]!.summary).toMatchObject(expected);
}

describe('a booking paid, completed and paid out', () => {
  it('authorised, captured, paid out, paid: the rows and what each holds after each step', async () => {
    const startAt = new Date(Math.ceil((Date.now() + 72 * HOUR) / (30 * 60 * 1000)) * 30 * 60 * 1000);
    const b = await createBooking(t.db, { service: f.service, userId: f.traveler.id, hours: 2, startAt });
    const pi = piOf(
      (await inject('POST', '/api/create-payment-intent', f.cookies.traveler, { bookingId: b.id })).json().clientSecret,
    );
    expect(await rowsOf(b.id)).toEqual([]);
    stripe.authorize(pi);
    const authorised = stripe.event('payment_intent.amount_capturable_updated', pi);
    expect((await webhook(authorised)).statusCode).toBe(200);
    // A hold moves nothing.
    expect(await rowsOf(b.id)).toEqual([`authorised ${CHARGE}`]);
    await balanced(b.id, { charged: 0, owed: 0, fee: 0 });
    // Sent again: nothing more.
    expect((await webhook(authorised)).statusCode).toBe(200);
    expect(await rowsOf(b.id)).toEqual([`authorised ${CHARGE}`]);

    expect((await inject('POST', `/api/bookings/${b.id}/accept`, f.cookies.owner)).json().booking.status).toBe('PAID');
    expect(await rowsOf(b.id)).toEqual([
      `authorised ${CHARGE}`,
      `captured ${CHARGE}`,
      `fee ${FEE}`,
      `transfer ${SHARE}`,
    ]);
    await balanced(b.id, { charged: CHARGE, fee: FEE, providerShare: SHARE, paidOut: 0, owed: SHARE });
    expect(stripe.balanceOf(account)).toBe(SHARE);

    await complete(new Date(startAt.getTime() + 2 * HOUR));
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    const po = (await payoutOf(b.id))!.stripe_payout_id!;
    expect((await ledgerRows(t.db, b.id)).at(-1)).toMatchObject({
      kind: 'payout',
      from_holder: 'provider',
      to_holder: 'provider_bank',
      amount: SHARE,
      currency: 'USD',
      stripe_object_id: po,
    });
    await balanced(b.id, { charged: CHARGE, providerShare: SHARE, paidOut: SHARE, owed: 0 });
    expect((await connectWebhook(stripe.payPayout(po))).statusCode).toBe(200);
    expect(await rowsOf(b.id)).toHaveLength(5);
    await balanced(b.id, { paidOut: SHARE, owed: 0 });
  });

  it('released before it was accepted: a hold that moved nothing', async () => {
    const startAt = new Date(Math.ceil((Date.now() + 72 * HOUR) / (30 * 60 * 1000)) * 30 * 60 * 1000);
    const b = await createBooking(t.db, { service: f.service, userId: f.traveler.id, hours: 2, startAt });
    const pi = piOf(
      (await inject('POST', '/api/create-payment-intent', f.cookies.traveler, { bookingId: b.id })).json().clientSecret,
    );
    stripe.authorize(pi);
    expect((await webhook(stripe.event('payment_intent.amount_capturable_updated', pi))).statusCode).toBe(200);
    expect((await inject('POST', `/api/bookings/${b.id}/decline`, f.cookies.owner, {})).statusCode).toBe(200);
    expect(stripe.intent(pi).status).toBe('canceled');
    await balanced(b.id, { charged: 0, owed: 0, fee: 0, refunded: 0 });
  });
});

describe('refunds', () => {
  it('the provider cancels a paid booking: refunded in full, the transfer reversed and the fee given back', async () => {
    const { bookingId } = await paidBooking();
    expect((await inject('POST', `/api/bookings/${bookingId}/cancel`, f.cookies.owner, {})).statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('REFUNDED');
    expect((await rowsOf(bookingId)).slice(4)).toEqual([
      `refund ${CHARGE}`,
      `fee_refund ${FEE}`,
      `transfer_reversal ${SHARE}`,
    ]);
    await balanced(bookingId, { charged: CHARGE, refunded: CHARGE, fee: 0, providerShare: 0, owed: 0 });
  });

  it('a partial refund in Stripe’s dashboard: split in proportion, and the payout is the net left', async () => {
    const REFUND = 3000;
    const net = payoutNetCents(CHARGE, FEE, REFUND, 'USD');
    const { bookingId, pi, endAt } = await paidBooking();
    stripe.refundInDashboard(pi, REFUND, { reverseTransfer: true });
    expect(
      (await webhook(stripe.event('charge.refunded', pi, { amount_refunded: REFUND, refunded: false }))).statusCode,
    ).toBe(200);
    await balanced(bookingId, {
      charged: CHARGE,
      refunded: REFUND,
      providerShare: net,
      owed: net,
      fee: CHARGE - REFUND - net,
    });
    await complete(endAt);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    await balanced(bookingId, { providerShare: net, paidOut: net, owed: 0 });
  });

  it('a refund after the payout: the provider’s balance goes below zero, and the ledger says so', async () => {
    const { bookingId, pi, endAt } = await paidBooking();
    await complete(endAt);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    stripe.refundInDashboard(pi, undefined, { reverseTransfer: true });
    expect((await webhook(stripe.event('charge.refunded', pi))).statusCode).toBe(200);
    await balanced(bookingId, { charged: CHARGE, refunded: CHARGE, providerShare: 0, paidOut: SHARE, owed: -SHARE });
    expect(stripe.balanceOf(account)).toBe(-SHARE);
  });
});

describe('late cancellation, failed payouts and disputes', () => {
  it('a traveler’s late cancellation: the money kept is owed, then paid out after the end', async () => {
    const { bookingId } = await paidBooking(5 * HOUR);
    expect((await inject('POST', `/api/bookings/${bookingId}/cancel`, f.cookies.traveler, {})).statusCode).toBe(200);
    await balanced(bookingId, { charged: CHARGE, refunded: 0, owed: SHARE });
    await letDue(bookingId);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    await balanced(bookingId, { paidOut: SHARE, owed: 0 });
  });

  it('a payout the bank refused comes back, is owed again, and is paid by the next payout', async () => {
    const { bookingId, endAt } = await paidBooking();
    await complete(endAt);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    const first = (await payoutOf(bookingId))!.stripe_payout_id!;
    expect((await connectWebhook(stripe.failPayout(first))).statusCode).toBe(200);
    await balanced(bookingId, { paidOut: 0, owed: SHARE });
    const { updated } = stripe.replaceBankAccount(account);
    expect((await connectWebhook(updated)).statusCode).toBe(200);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    const second = (await payoutOf(bookingId))!.stripe_payout_id!;
    expect((await ledgerRows(t.db, bookingId)).slice(4).map((r) => [r.kind, r.stripe_object_id, r.amount])).toEqual([
      ['payout', first, SHARE],
      ['payout_failed', first, SHARE],
      ['payout', second, SHARE],
    ]);
    await balanced(bookingId, { paidOut: SHARE, owed: 0 });
  });

  it('a dispute: Locora’s balance is debited while it is open; lost, the loss is shown and nothing is paid out', async () => {
    const { bookingId, pi, endAt } = await paidBooking();
    const d = stripe.money.openDispute(pi);
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.created', d.id))).statusCode).toBe(200);
    await balanced(bookingId, { charged: CHARGE, disputed: CHARGE, disputeLost: 0, owed: SHARE });
    stripe.money.setDisputeStatus(d.id, 'lost');
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.closed', d.id))).statusCode).toBe(200);
    await balanced(bookingId, { disputed: 0, disputeLost: CHARGE });
    await complete(endAt);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(0);
    // The provider's share stays in their balance, for an admin to recover or not (decision 039).
    await balanced(bookingId, { paidOut: 0, owed: SHARE });
  });

  it('a dispute won: given back to Locora, and the payout is made', async () => {
    const { bookingId, pi, endAt } = await paidBooking();
    const d = stripe.money.openDispute(pi);
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.created', d.id))).statusCode).toBe(200);
    stripe.money.setDisputeStatus(d.id, 'won');
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.closed', d.id))).statusCode).toBe(200);
    await balanced(bookingId, { disputed: 0, disputeLost: 0 });
    await complete(endAt);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    await balanced(bookingId, { paidOut: SHARE, owed: 0 });
  });
});

describe('the ledger table', () => {
  it('is append-only: the database refuses to update or delete a row', async () => {
    const { bookingId } = await paidBooking();
    expect((await rowsOf(bookingId)).length).toBeGreaterThan(0);
    await expect(
      t.db.execute(sql`update ledger_entries set amount = 1 where booking_id = ${bookingId}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_entries where booking_id = ${bookingId}`)).rejects.toThrow();
    expect((await rowsOf(bookingId)).length).toBe(4);
  });

  it('a booking paid before payouts existed: kept in the platform’s balance, settled by hand', async () => {
    const startAt = new Date(Date.now() - 10 * 24 * HOUR);
    const b = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      hours: 2,
      startAt,
      status: 'COMPLETED',
      paymentRequired: true,
    });
    await t.db.execute(
      sql`insert into payments (id, booking_id, amount_cents, currency, status)
          values ('pi_before_connect', ${b.id}, ${CHARGE}, 'USD', 'succeeded')`,
    );
    const settled = await inject('POST', `/api/admin/payments/bookings/${b.id}/settle`, f.cookies.admin, {
      note: 'Paid by bank transfer.',
    });
    expect(settled.statusCode).toBe(200);
    expect((await ledgerRows(t.db, b.id)).map((r) => [r.kind, r.from_holder, r.to_holder, r.amount])).toEqual([
      ['authorised', 'traveler', 'traveler', CHARGE],
      ['captured', 'traveler', 'platform', CHARGE],
      ['fee', 'platform', 'locora', FEE],
      ['manual_adjustment', 'platform', 'provider_bank', SHARE],
    ]);
    await balanced(b.id, { charged: CHARGE, fee: FEE, providerShare: SHARE, paidOut: SHARE, owed: 0 });
  });
});
