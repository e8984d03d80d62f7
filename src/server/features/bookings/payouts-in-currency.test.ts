/**
 * Providers are paid in the currency of their Stripe balance, for what landed there (decision
 * 047), against the local Stripe-protocol server, which keeps each account's balance per currency
 * and converts at its fixed test rates where Stripe would: a Tokyo provider (yen, charged
 * on_behalf_of their account), a Lisbon provider (euros, a transfers-only recipient account paid
 * by a cross-border transfer from a US platform), one whose service is still priced in dollars
 * (converted into euros on arrival), and a New York provider (unchanged). A refund after a
 * converted payout takes back the provider's share in the payout's currency.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../../../shared/domain/currency.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { createBooking, createCategory, createProvider, createService, createUser } from '../../db/seed/factories.ts';
import { runPayouts } from '../../payments/payouts.ts';
import { cookieFor } from '../../test/booking-fixture.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { convertAtTestRate, startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { reconcileNow } from '../../payments/reconciliation.ts';
import { useTestApp } from '../../test/test-app.ts';
import { ledgerBalance } from '../../payments/ledger.ts';
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
});

// Each test ends with the ledger reconciled with Stripe (decision 059): every movement Stripe made
// is in the ledger, and every ledger row has its Stripe counterpart.
beforeEach(() => {
  stripe.money.forgetBalanceHistory();
});
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
const piOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** A provider in `country` (their currency), onboarded at Stripe, with one service at `price` per `unit` in `currency`. */
async function providerIn(
  country: string,
  opts: {
    timeZone: string;
    currency: CurrencyCode;
    price: number;
    unit: 'per hour' | 'per session';
    serviceCurrency?: CurrencyCode;
  },
) {
  const p = await createProvider(t.db, { timeZone: opts.timeZone, currency: opts.currency });
  const category = await createCategory(t.db, { slug: `c-${Math.random().toString(36).slice(2)}` });
  const service = await createService(t.db, {
    providerId: p.provider.id,
    categoryId: category.id,
    priceCents: opts.price,
    pricingUnit: opts.unit,
    minHours: 2,
    currency: opts.serviceCurrency ?? opts.currency,
  });
  const account = await onboardProvider(t.db, stripe, p.provider.id, { country });
  return { ...p, service, account, cookies: await cookieFor(t.db, p.user.id) };
}

/** A 2-hour booking three days ahead, its card authorised and the provider's accept captured: PAID. */
async function paidBooking(p: Awaited<ReturnType<typeof providerIn>>) {
  const user = await createUser(t.db, { name: 'Rita Sousa' });
  const traveler = { id: user.id, cookies: await cookieFor(t.db, user.id) };
  const startAt = new Date(Math.ceil((Date.now() + 72 * HOUR) / (30 * 60 * 1000)) * 30 * 60 * 1000);
  const b = await createBooking(t.db, { service: p.service, userId: traveler.id, hours: 2, startAt });
  const paid = await inject('POST', '/api/create-payment-intent', traveler.cookies, { bookingId: b.id });
  expect(paid.statusCode, paid.body).toBe(200);
  const pi = piOf(paid.json().clientSecret);
  stripe.authorize(pi);
  expect((await webhook(stripe.event('payment_intent.amount_capturable_updated', pi))).statusCode).toBe(200);
  const accepted = await inject('POST', `/api/bookings/${b.id}/accept`, p.cookies);
  expect(accepted.json().booking.status).toBe('PAID');
  return { bookingId: b.id, pi, endAt: new Date(startAt.getTime() + 2 * HOUR) };
}

/** Completed an hour after its end, then the payouts job: the payout made. */
async function completeAndPay(endAt: Date) {
  expect(await runBookingLifecycle(t.db, { appUrl: APP_URL, now: new Date(endAt.getTime() + HOUR) })).toBe(1);
  expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
}

const paymentOf = async (pi: string) =>
  (
    await queryRows<{
      amount_cents: number;
      currency: string;
      application_fee_cents: number;
      settled_amount: number | null;
      settled_currency: string | null;
      transfer_id: string | null;
      destination_payment_id: string | null;
    }>(
      t.db,
      sql`select amount_cents, currency, application_fee_cents, settled_amount, settled_currency, transfer_id,
            destination_payment_id
          from payments where id = ${pi}`,
    )
  )[0]!;
const payoutOf = async (bookingId: string) =>
  (
    await queryRows<{
      amount_cents: number;
      currency: string;
      stripe_payout_id: string;
      reversed_after_payout_cents: number;
    }>(
      t.db,
      sql`select amount_cents, currency, stripe_payout_id, reversed_after_payout_cents from booking_payouts
          where booking_id = ${bookingId}`,
    )
  )[0]!;
/** A booking's ledger sums per currency, each balanced. */
async function expectLedger(bookingId: string, want: Record<string, Record<string, number>>) {
  const all = await ledgerBalance(t.db, bookingId);
  expect(all.flatMap((c) => c.problems)).toEqual([]);
  expect(Object.fromEntries(all.map((c) => [c.summary.currency, c.summary]))).toMatchObject(want);
}
const payoutsOn = (acct: string) => [...stripe.payouts.values()].filter((p) => p.account === acct);

describe('a Tokyo provider at ¥8,000 a session', () => {
  it('is charged jpy 8400 with a fee of 400 on behalf of their account, and paid out in yen for what landed', async () => {
    const tokyo = await providerIn('JP', { timeZone: 'Asia/Tokyo', currency: 'JPY', price: 8000, unit: 'per session' });
    const { bookingId, pi, endAt } = await paidBooking(tokyo);
    expect(stripe.intent(pi)).toMatchObject({
      amount: 8400,
      currency: 'jpy',
      application_fee_amount: 400,
      on_behalf_of: tokyo.account,
    });
    // Yen landed in the account's balance: never x 100, no dollars.
    expect(stripe.balancesOf(tokyo.account)).toEqual({ jpy: 8000 });
    await completeAndPay(endAt);
    expect(payoutsOn(tokyo.account).map((p) => [p.amount, p.currency, p.metadata.bookingId])).toEqual([
      [8000, 'jpy', bookingId],
    ]);
    expect(stripe.balancesOf(tokyo.account)).toEqual({ jpy: 0 });
    // Charged and settled, both kept with their currencies.
    expect(await paymentOf(pi)).toMatchObject({
      amount_cents: 8400,
      currency: 'JPY',
      application_fee_cents: 400,
      settled_amount: 8000,
      settled_currency: 'JPY',
      transfer_id: expect.stringMatching(/^tr_/),
      destination_payment_id: expect.stringMatching(/^py_/),
    });
    expect(await payoutOf(bookingId)).toMatchObject({ amount_cents: 8000, currency: 'JPY' });
  });
});

describe('a Lisbon provider at €60 an hour (a recipient account, paid across the border from a US platform)', () => {
  it('is charged in eur and paid out in eur, for what the transfer in dollars left in euros', async () => {
    const lisbon = await providerIn('PT', {
      timeZone: 'Europe/Lisbon',
      currency: 'EUR',
      price: 6000,
      unit: 'per hour',
    });
    const { bookingId, pi, endAt } = await paidBooking(lisbon);
    expect(stripe.intent(pi)).toMatchObject({ amount: 12_600, currency: 'eur', application_fee_amount: 600 });
    expect(stripe.intent(pi).on_behalf_of).toBeNull();
    // The US platform settled the euros in dollars, and its transfer arrived converted back into euros.
    const transfer = [...stripe.charges.values()].find((c) => c.payment_intent === pi)!.transfer!;
    expect(transfer.currency).toBe('usd');
    expect(transfer.amount).toBe(convertAtTestRate(12_000, 'eur', 'usd'));
    const landed = convertAtTestRate(transfer.amount, 'usd', 'eur');
    expect(stripe.balancesOf(lisbon.account)).toEqual({ eur: landed });
    await completeAndPay(endAt);
    expect(payoutsOn(lisbon.account).map((p) => [p.amount, p.currency])).toEqual([[landed, 'eur']]);
    expect(await paymentOf(pi)).toMatchObject({ currency: 'EUR', settled_amount: landed, settled_currency: 'EUR' });
    expect(await payoutOf(bookingId)).toMatchObject({ amount_cents: landed, currency: 'EUR' });
    // The ledger balances: the share converted on its way is paid out in full, nothing owed.
    await expectLedger(bookingId, {
      EUR: { charged: 12_600, fee: 600, providerShare: landed, paidOut: landed, owed: 0 },
    });
    // A third refunded in Stripe's dashboard, the transfer reversed in proportion: Stripe's
    // balance transactions are in dollars, converted; reconciled in euros (after each test).
    stripe.refundInDashboard(pi, 4200, { reverseTransfer: true });
    expect(
      (await webhook(stripe.event('charge.refunded', pi, { amount_refunded: 4200, refunded: false }))).statusCode,
    ).toBe(200);
    const platform = [...stripe.money.balanceTransactions.values()].filter((x) => x.currency === 'usd');
    expect(platform.map((x) => x.type).sort()).toEqual(['charge', 'refund', 'transfer', 'transfer_refund']);
    expect(platform.find((x) => x.type === 'charge')!.exchange_rate).toBeGreaterThan(1);
  });

  it('a service still priced in dollars: charged in usd, paid out in euros for what landed, never the charge’s amount', async () => {
    const lisbon = await providerIn('PT', {
      timeZone: 'Europe/Lisbon',
      currency: 'EUR',
      price: 5000,
      unit: 'per hour',
      serviceCurrency: 'USD',
    });
    const { bookingId, pi, endAt } = await paidBooking(lisbon);
    expect(stripe.intent(pi)).toMatchObject({ amount: 10_500, currency: 'usd', application_fee_amount: 500 });
    const landed = convertAtTestRate(10_000, 'usd', 'eur');
    expect(landed).toBe(9200);
    await completeAndPay(endAt);
    expect(payoutsOn(lisbon.account).map((p) => [p.amount, p.currency])).toEqual([[9200, 'eur']]);
    expect(await paymentOf(pi)).toMatchObject({
      amount_cents: 10_500,
      currency: 'USD',
      settled_amount: 9200,
      settled_currency: 'EUR',
    });

    // Half refunded after the payout, the transfer reversed: the provider's share ($50 of the
    // $100 they received) is taken back from their euro balance as €46, recorded and told in euros.
    stripe.refundInDashboard(pi, 5250, { reverseTransfer: true });
    expect(stripe.balancesOf(lisbon.account)).toEqual({ eur: -4600 });
    expect(
      (await webhook(stripe.event('charge.refunded', pi, { amount_refunded: 5250, refunded: false }))).statusCode,
    ).toBe(200);
    expect(await payoutOf(bookingId)).toMatchObject({ currency: 'EUR', reversed_after_payout_cents: 4600 });
    const [line] = await queryRows<{ amount_cents: number; currency: string }>(
      t.db,
      sql`select e.amount_cents, e.currency from payout_events e join booking_payouts bp on bp.id = e.booking_payout_id
          where bp.booking_id = ${bookingId} and e.kind = 'reversed_after_payout'`,
    );
    expect(line).toEqual({ amount_cents: 4600, currency: 'EUR' });
    const [mail] = await queryRows<{ text: string }>(
      t.db,
      sql`select text from email_outbox where kind = 'payout-reversed'`,
    );
    expect(mail!.text).toContain('€46');
    // The ledger, per currency: the dollars charged and converted away; the euros that landed, paid
    // out, and the €46 taken back after the payout (owed back: negative).
    await expectLedger(bookingId, {
      USD: { charged: 10_500, refunded: 5250, fee: 250, providerShare: 0, paidOut: 0, owed: 0 },
      EUR: { charged: 0, providerShare: 4600, paidOut: 9200, owed: -4600 },
    });
  });
});

describe('a New York provider', () => {
  it('is unchanged: charged and paid out in dollars, the net of the charge', async () => {
    const ny = await providerIn('US', { timeZone: 'America/New_York', currency: 'USD', price: 6000, unit: 'per hour' });
    const { bookingId, pi, endAt } = await paidBooking(ny);
    expect(stripe.intent(pi)).toMatchObject({ amount: 12_600, currency: 'usd', application_fee_amount: 600 });
    await completeAndPay(endAt);
    expect(payoutsOn(ny.account).map((p) => [p.amount, p.currency])).toEqual([[12_000, 'usd']]);
    expect(await payoutOf(bookingId)).toMatchObject({ amount_cents: 12_000, currency: 'USD' });
    expect(await paymentOf(pi)).toMatchObject({ settled_amount: 12_000, settled_currency: 'USD' });
  });
});

describe('the provider’s currency follows their payouts account', () => {
  it('account.updated: the account’s default_currency as Stripe reports it, shown on the Profile tab and locked', async () => {
    // Made with the currency of their zone's country, say dollars for a zone Locora has no country for.
    const lisbon = await providerIn('PT', {
      timeZone: 'Europe/Lisbon',
      currency: 'USD',
      price: 6000,
      unit: 'per hour',
    });
    expect(stripe.account(lisbon.account).default_currency).toBe('eur');
    const event = stripe.setAccountState(lisbon.account, 'active');
    expect((await webhook(event, stripe.connectWebhookSecret)).statusCode).toBe(200);
    const me = await inject('GET', '/api/provider/me', lisbon.cookies);
    expect(me.json()).toMatchObject({
      currency: 'EUR',
      currencyLockedReason: expect.stringMatching(/payouts account/),
    });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/provider/me',
      cookies: lisbon.cookies,
      payload: { currency: 'USD' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/follows that account/);
  });
});

describe('the Stripe stand-in refuses what Stripe refuses', () => {
  const post = (path: string, form: Record<string, string>, account?: string) =>
    fetch(`${stripe.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stripe.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...(account ? { 'stripe-account': account } : {}),
      },
      body: new URLSearchParams(form),
    });

  it('a payout in a currency the balance does not hold; a charge under its currency’s minimum', async () => {
    const tokyo = await providerIn('JP', { timeZone: 'Asia/Tokyo', currency: 'JPY', price: 8000, unit: 'per session' });
    await paidBooking(tokyo);
    const inDollars = await post('/v1/payouts', { amount: '5000', currency: 'usd' }, tokyo.account);
    expect(inDollars.status).toBe(400);
    expect((await inDollars.json()).error.message).toMatch(/external accounts in that currency \(usd\)/);
    expect(stripe.balancesOf(tokyo.account)).toEqual({ jpy: 8000 });
    const tooMuch = await post('/v1/payouts', { amount: '8001', currency: 'jpy' }, tokyo.account);
    expect((await tooMuch.json()).error.code).toBe('balance_insufficient');
    const yen30 = await post('/v1/payment_intents', { amount: '30', currency: 'jpy' });
    expect((await yen30.json()).error.code).toBe('amount_too_small');
    const baht9 = await post('/v1/payment_intents', { amount: '999', currency: 'thb' });
    expect((await baht9.json()).error.code).toBe('amount_too_small');
  });
});
