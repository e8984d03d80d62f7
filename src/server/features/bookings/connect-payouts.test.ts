/**
 * Providers get paid (decision 038), against the local Stripe-protocol server: onboarding (start,
 * return, refresh, pressed twice), account.updated on either webhook secret, who can be booked,
 * destination charges (a US and a Japanese provider), refunds reversing the transfer and the fee,
 * the payout of a completed booking exactly once, a failed payout, and a restricted account's
 * requests released. Every new route for every actor.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYEE_RESTRICTED_REASON, PROVIDER_NOT_ACCEPTING_MESSAGE } from '../../../shared/domain/connect.ts';
import { bookingAmounts } from '../../../shared/domain/booking-amounts.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { runPaymentActions } from '../../payments/payment-actions.ts';
import { runPayouts } from '../../payments/payouts.ts';
import { reconcileNow } from '../../payments/reconciliation.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { useTestApp } from '../../test/test-app.ts';
import { runBookingLifecycle } from './lifecycle.ts';

let stripe: StripeServer;
beforeAll(async () => {
  // Connect events come signed with their own secret, as from Stripe's Connect endpoint.
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
const APP_URL = 'http://localhost:3000';
const HOUR = 3600 * 1000;

beforeEach(async () => {
  stripe.setMode('ok');
  stripe.setRefundStatus('succeeded');
  f = await bookingFixture(t.db);
});

const inject = (method: 'GET' | 'POST', url: string, cookies?: Cookies, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    ...(cookies ? { cookies } : {}),
    ...(payload !== undefined ? { payload } : {}),
  }) as Promise<LightMyRequestResponse>;
const accountOf = (cookies?: Cookies) => inject('GET', '/api/provider/payouts/account', cookies);
const setUp = (cookies?: Cookies, payload: Record<string, unknown> = {}) =>
  inject('POST', '/api/provider/payouts/account', cookies, payload);
const rowsOf = async (providerId: string) =>
  queryRows<{ id: string; state: string; country: string; service_agreement: string }>(
    t.db,
    sql`select id, state, country, service_agreement from connected_accounts where provider_id = ${providerId}`,
  );

function webhook(event: unknown, secret = stripe.connectWebhookSecret) {
  const signed = stripe.sign(event, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.payload,
  });
}

async function requestBooking(cookies: Cookies = f.cookies.traveler, start = localAt(3, '10:00', f.timeZone)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    cookies,
    payload: { serviceId: f.service.id, start: start.toISOString(), hours: 2 },
  });
}
const piOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** A request whose card is authorised (PENDING, seen by the provider). */
async function authorisedRequest(start?: Date) {
  const res = await requestBooking(f.cookies.traveler, start);
  expect(res.statusCode).toBe(201);
  const bookingId = res.json().booking.id as string;
  const paid = await inject('POST', '/api/create-payment-intent', f.cookies.traveler, { bookingId });
  expect(paid.statusCode).toBe(200);
  const pi = piOf(paid.json().clientSecret);
  stripe.authorize(pi);
  expect(
    (await webhook(stripe.event('payment_intent.amount_capturable_updated', pi), stripe.webhookSecret)).statusCode,
  ).toBe(200);
  return { bookingId, pi };
}
/** Accepted and captured: PAID. */
async function paidBooking(start?: Date) {
  const r = await authorisedRequest(start);
  const res = await inject('POST', `/api/bookings/${r.bookingId}/accept`, f.cookies.owner);
  expect(res.json().booking.status).toBe('PAID');
  return r;
}
const bookingStatus = async (id: string) =>
  (await queryRows<{ status: string }>(t.db, sql`select status from bookings where id = ${id}`))[0]?.status;
const payoutOf = async (bookingId: string) =>
  (
    await queryRows<{
      stripe_payout_id: string | null;
      status: string;
      amount_cents: number;
      account_id: string;
      failure_message: string | null;
      due_at: Date | null;
      last_error: string | null;
    }>(
      t.db,
      sql`select stripe_payout_id, status, amount_cents, account_id, failure_message, due_at, last_error
          from booking_payouts where booking_id = ${bookingId}`,
    )
  )[0];

// Each test ends with the ledger reconciled with Stripe (decision 059).
beforeEach(() => {
  stripe.money.forgetBalanceHistory();
});
afterEach(async () => {
  if (t.app.stripe) expect(await reconcileNow(t.db, t.app.stripe, new Date())).toMatchObject({ differences: 0 });
});

describe('the payouts routes, for every actor', () => {
  const routes: [string, 'GET' | 'POST'][] = [
    ['/api/provider/payouts/account', 'GET'],
    ['/api/provider/payouts/account', 'POST'],
    ['/api/provider/payouts/account/sync', 'POST'],
    ['/api/provider/payouts/login-link', 'POST'],
  ];
  it('anonymous 401; a traveler and an admin 403; nothing made at Stripe', async () => {
    const before = stripe.accounts.size;
    for (const [url, method] of routes) {
      expect((await inject(method, url, undefined, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
      expect((await inject(method, url, f.cookies.traveler, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
      expect((await inject(method, url, f.cookies.admin, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
    }
    expect(stripe.accounts.size).toBe(before);
  });

  it('the provider sees and sets up their own account; another provider only theirs', async () => {
    expect((await accountOf(f.cookies.owner)).json()).toMatchObject({
      configured: true,
      state: 'not_started',
      accountId: null,
      suggestedCountry: 'PT',
      canBeBooked: false,
    });
    // Not set up: sync and login link say so.
    expect((await inject('POST', '/api/provider/payouts/account/sync', f.cookies.owner)).json().message).toBe(
      'Set up payouts first.',
    );
    expect((await inject('POST', '/api/provider/payouts/login-link', f.cookies.owner)).statusCode).toBe(409);

    expect((await setUp(f.cookies.owner, { country: 'US' })).statusCode).toBe(200);
    const [mine] = await rowsOf(f.owner.provider.id);
    expect((await accountOf(f.cookies.owner)).json()).toMatchObject({ state: 'details_needed', accountId: mine!.id });
    // The other provider: still their own, not started; their sync cannot reach the owner's account.
    expect((await accountOf(f.cookies.other)).json()).toMatchObject({ state: 'not_started', accountId: null });
    expect((await inject('POST', '/api/provider/payouts/account/sync', f.cookies.other)).statusCode).toBe(409);
    expect((await inject('POST', '/api/provider/payouts/login-link', f.cookies.other)).statusCode).toBe(409);
    // Not active yet: no login link for the owner either.
    expect((await inject('POST', '/api/provider/payouts/login-link', f.cookies.owner)).json().message).toBe(
      'Your payouts account is not active yet: finish setting it up first.',
    );
  });

  it('the local Stripe server refuses what Stripe refuses: `type` with `controller`, and a half-set Express controller', async () => {
    const post = async (fields: Record<string, string>) => {
      const res = await fetch(`${stripe.url}/v1/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ country: 'US', 'capabilities[transfers][requested]': 'true', ...fields }),
      });
      return { status: res.status, body: (await res.json()) as { error?: { message: string }; id?: string } };
    };
    const express = {
      'controller[stripe_dashboard][type]': 'express',
      'controller[fees][payer]': 'application',
      'controller[losses][payments]': 'application',
    };
    const both = await post({ type: 'express', ...express });
    expect(both.status).toBe(400);
    expect(both.body.error?.message).toContain('both `type` and `controller`');
    const noPayer = await post({ 'controller[stripe_dashboard][type]': 'express' });
    expect(noPayer.status).toBe(400);
    const ok = await post(express);
    expect(ok.status).toBe(200);
    expect(ok.body.id).toMatch(/^acct_/);
  });

  it('refuses a country not offered (400)', async () => {
    const res = await setUp(f.cookies.owner, { country: 'FR' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Country must be one of US, PT, ES, TH, ID, MX, BR, JP');
    const ja = await t.app.inject({
      method: 'POST',
      url: '/api/provider/payouts/account',
      cookies: f.cookies.owner,
      headers: { 'x-locale': 'ja' },
      payload: { country: 'FR' },
    });
    expect([ja.statusCode, ja.json().message]).toEqual([
      400,
      '国は US, PT, ES, TH, ID, MX, BR, JP のいずれかにしてください',
    ]);
    expect(await rowsOf(f.owner.provider.id)).toHaveLength(0);
  });
});

describe('onboarding', () => {
  it('start: an Express account with manual payouts and an Account Link back to the Payouts tab', async () => {
    const res = await setUp(f.cookies.owner, { country: 'US' });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsOf(f.owner.provider.id);
    expect(row).toMatchObject({ state: 'details_needed', country: 'US', service_agreement: 'full' });
    const created = stripe.calls.find(
      (c) => c.path === '/v1/accounts' && c.method === 'POST' && c.form['metadata[providerId]'] === f.owner.provider.id,
    )!;
    // Express through the controller properties, not the deprecated `type`.
    expect(created.form.type).toBeUndefined();
    expect(created.form).toMatchObject({
      'controller[stripe_dashboard][type]': 'express',
      'controller[requirement_collection]': 'stripe',
      'controller[fees][payer]': 'application',
      'controller[losses][payments]': 'application',
      country: 'US',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'settings[payouts][schedule][interval]': 'manual',
      'metadata[providerId]': f.owner.provider.id,
    });
    const link = stripe.calls.filter((c) => c.path === '/v1/account_links').at(-1)!;
    expect(link.form).toMatchObject({
      account: row!.id,
      type: 'account_onboarding',
      return_url: `${APP_URL}/dashboard/provider?tab=payouts&onboarding=return`,
      refresh_url: `${APP_URL}/dashboard/provider?tab=payouts&onboarding=refresh`,
    });
    expect(res.json().url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${row!.id}/`));
  });

  it('pressed twice, one after the other and both at once: one account', async () => {
    const a = await setUp(f.cookies.owner, { country: 'US' });
    const b = await setUp(f.cookies.owner, { country: 'US' });
    expect(a.json().url).not.toBe(b.json().url);
    const [c, d] = await Promise.all([setUp(f.cookies.other, {}), setUp(f.cookies.other, {})]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    expect(await rowsOf(f.owner.provider.id)).toHaveLength(1);
    expect(await rowsOf(f.other.provider.id)).toHaveLength(1);
    const forOther = [...stripe.accounts.values()].filter((x) => x.metadata.providerId === f.other.provider.id);
    expect(forOther).toHaveLength(1);
  });

  it('return: the account is read again from Stripe; refresh: a new link to the same account', async () => {
    const res = await setUp(f.cookies.owner, { country: 'US' });
    const [row] = await rowsOf(f.owner.provider.id);
    // The provider completes Stripe's onboarding (the stand-in page's "Submit details").
    stripe.setOnboardingOutcome('under_review');
    const page = await fetch(`${stripe.url}${new URL(res.json().url).pathname}?action=submit`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`${APP_URL}/dashboard/provider?tab=payouts&onboarding=return`);
    const synced = await inject('POST', '/api/provider/payouts/account/sync', f.cookies.owner);
    expect(synced.json()).toMatchObject({ state: 'under_review', canBeBooked: false });
    // The link is used: opened again, Stripe sends the provider to refresh_url; a new link is made.
    const again = await fetch(`${stripe.url}${new URL(res.json().url).pathname}?action=submit`, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(`${APP_URL}/dashboard/provider?tab=payouts&onboarding=refresh`);
    const fresh = await setUp(f.cookies.owner, {});
    expect(fresh.json().url).toContain(`/setup/e/${row!.id}/`);
    expect(await rowsOf(f.owner.provider.id)).toHaveLength(1);
  });

  it('webhook: account.updated moves the state (either secret), shown in plain words', async () => {
    await setUp(f.cookies.owner, { country: 'US' });
    const [row] = await rowsOf(f.owner.provider.id);
    const details = (await accountOf(f.cookies.owner)).json();
    expect(details.requirements).toEqual(
      expect.arrayContaining([
        'A bank account for payouts',
        'Your date of birth',
        'Acceptance of Stripe’s terms of service',
      ]),
    );
    // The Payouts tab of a Japanese page: the same list in Japanese.
    const inJapanese = await t.app.inject({
      url: '/api/provider/payouts/account',
      cookies: f.cookies.owner,
      headers: { 'x-locale': 'ja' },
    });
    expect(inJapanese.json().requirements).toEqual(
      expect.arrayContaining(['入金先の銀行口座', '生年月日', 'Stripe の利用規約への同意']),
    );
    // Signed with the Connect secret, or the platform's: both are accepted; any other is not.
    expect((await webhook(stripe.setAccountState(row!.id, 'under_review'))).statusCode).toBe(200);
    expect((await accountOf(f.cookies.owner)).json().state).toBe('under_review');
    expect((await webhook(stripe.setAccountState(row!.id, 'active'), stripe.webhookSecret)).statusCode).toBe(200);
    const active = (await accountOf(f.cookies.owner)).json();
    expect(active).toMatchObject({ state: 'active', canBeBooked: true, requirements: [], disabledReason: null });
    expect(
      (await webhook(stripe.setAccountState(row!.id, 'restricted', 'rejected.fraud'), 'whsec_other')).statusCode,
    ).toBe(400);
    expect((await accountOf(f.cookies.owner)).json().state).toBe('active');
    const event = stripe.setAccountState(row!.id, 'restricted', 'rejected.fraud');
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await accountOf(f.cookies.owner)).json()).toMatchObject({
      state: 'restricted',
      disabledReason: 'Stripe rejected this account because of suspected fraud.',
      canBeBooked: false,
    });
    // Active: the Express dashboard link.
    expect((await webhook(stripe.setAccountState(row!.id, 'active'))).statusCode).toBe(200);
    const login = await inject('POST', '/api/provider/payouts/login-link', f.cookies.owner);
    expect(login.statusCode).toBe(200);
    expect(login.json().url).toMatch(/^https:\/\/connect\.stripe\.com\/express\//);
    expect(stripe.calls.at(-1)!.path).toBe(`/v1/accounts/${row!.id}/login_links`);
  });
});

describe('who can be booked', () => {
  it('without an active account: 409 with the message, the service page says so, nothing made at Stripe', async () => {
    const res = await requestBooking();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROVIDER_NOT_ACCEPTING_MESSAGE);
    expect((await inject('GET', `/api/services/${f.service.id}`)).json().bookingsClosedReason).toBe(
      PROVIDER_NOT_ACCEPTING_MESSAGE,
    );
    // Details still needed: the same.
    await onboardProvider(t.db, stripe, f.owner.provider.id, { state: 'details_needed' });
    expect((await requestBooking()).statusCode).toBe(409);
  });

  it('with an active account: booked, and the PaymentIntent is a destination charge with the fee (US: no on_behalf_of)', async () => {
    const account = await onboardProvider(t.db, stripe, f.owner.provider.id, { country: 'US' });
    expect((await inject('GET', `/api/services/${f.service.id}`)).json().bookingsClosedReason).toBeNull();
    const { pi } = await authorisedRequest();
    const amounts = bookingAmounts(6000, 2, 'USD');
    expect(stripe.intent(pi)).toMatchObject({
      amount: amounts.totalCents,
      capture_method: 'manual',
      transfer_data: { destination: account },
      application_fee_amount: amounts.feeCents,
      on_behalf_of: null,
    });
    const [pay] = await queryRows(
      t.db,
      sql`select destination_account_id, application_fee_cents, on_behalf_of from payments where id = ${pi}`,
    );
    expect(pay).toEqual({
      destination_account_id: account,
      application_fee_cents: amounts.feeCents,
      on_behalf_of: false,
    });
  });

  it('a Japanese provider: charged on behalf of their account (full agreement, card_payments active)', async () => {
    const account = await onboardProvider(t.db, stripe, f.owner.provider.id, { country: 'JP' });
    expect(stripe.account(account).capabilities).toEqual({ transfers: 'active', card_payments: 'active' });
    const { pi } = await authorisedRequest();
    expect(stripe.intent(pi)).toMatchObject({ transfer_data: { destination: account }, on_behalf_of: account });
  });

  it('a Portuguese provider from a US platform: a transfers-only recipient account, no on_behalf_of', async () => {
    const account = await onboardProvider(t.db, stripe, f.owner.provider.id, { country: 'PT' });
    expect(stripe.account(account).tos_acceptance.service_agreement).toBe('recipient');
    const { pi } = await authorisedRequest();
    expect(stripe.intent(pi)).toMatchObject({ transfer_data: { destination: account }, on_behalf_of: null });
  });
});

describe('money: capture, refunds and payouts', () => {
  const amounts = bookingAmounts(6000, 2, 'USD');

  it('capture: the provider’s balance receives the subtotal, Locora keeps the fee', async () => {
    const account = await onboardProvider(t.db, stripe, f.owner.provider.id);
    const { pi } = await paidBooking();
    const charge = stripe.charges.get(stripe.intent(pi).latest_charge!)!;
    expect(charge.transfer!.amount).toBe(amounts.subtotalCents);
    expect(charge.application_fee!.amount).toBe(amounts.feeCents);
    expect(charge.transfer!.amount + charge.application_fee!.amount).toBe(amounts.totalCents);
    expect(stripe.balanceOf(account)).toBe(amounts.subtotalCents);
  });

  it('a full refund (the provider cancels) reverses the transfer and refunds the fee', async () => {
    const account = await onboardProvider(t.db, stripe, f.owner.provider.id);
    const { bookingId, pi } = await paidBooking();
    expect((await inject('POST', `/api/bookings/${bookingId}/cancel`, f.cookies.owner, {})).statusCode).toBe(200);
    await runPaymentActions(t.db, t.app.stripe!, { now: new Date(Date.now() + HOUR) });
    const refund = stripe.calls.find(
      (c) => c.path === '/v1/refunds' && c.method === 'POST' && c.form.payment_intent === pi,
    )!;
    expect(refund.form).toMatchObject({ payment_intent: pi, reverse_transfer: 'true', refund_application_fee: 'true' });
    expect(refund.form.amount).toBeUndefined();
    const charge = stripe.charges.get(stripe.intent(pi).latest_charge!)!;
    expect(charge.transfer!.amount_reversed).toBe(amounts.subtotalCents);
    expect(charge.application_fee!.amount_refunded).toBe(amounts.feeCents);
    expect(stripe.balanceOf(account)).toBe(0);
    expect(await bookingStatus(bookingId)).toBe('REFUNDED');
    const [pay] = await queryRows<{ refunded_cents: number }>(
      t.db,
      sql`select refunded_cents from payments where id = ${pi}`,
    );
    expect(pay!.refunded_cents).toBe(amounts.totalCents);
  });

  it('a partial refund splits in proportion: the transfer and the fee each give back their share', async () => {
    const account = await onboardProvider(t.db, stripe, f.owner.provider.id);
    const { bookingId, pi } = await paidBooking();
    // The policy gives no partial refund today; one owed (refund_cents) is made so.
    await t.db.execute(
      sql`update payments set pending_action = 'refund', refund_cents = 6300, action_due_at = now() where id = ${pi}`,
    );
    await runPaymentActions(t.db, t.app.stripe!, { now: new Date() });
    const refund = stripe.calls.find(
      (c) => c.path === '/v1/refunds' && c.method === 'POST' && c.form.payment_intent === pi,
    )!;
    expect(refund.form).toMatchObject({ amount: '6300', reverse_transfer: 'true', refund_application_fee: 'true' });
    const charge = stripe.charges.get(stripe.intent(pi).latest_charge!)!;
    // Half of 12_600: 6000 of the transfer, 300 of the fee.
    expect(charge.transfer!.amount_reversed).toBe(6000);
    expect(charge.application_fee!.amount_refunded).toBe(300);
    expect(stripe.balanceOf(account)).toBe(6000);
    const [pay] = await queryRows<{ refunded_cents: number; status: string }>(
      t.db,
      sql`select refunded_cents, status from payments where id = ${pi}`,
    );
    expect(pay).toEqual({ refunded_cents: 6300, status: 'succeeded' });
    expect(await bookingStatus(bookingId)).toBe('PAID');
  });

  it('completed: the net is paid out once from the connected account, also after a lost answer', async () => {
    const account = await onboardProvider(t.db, stripe, f.owner.provider.id);
    const { bookingId } = await paidBooking();
    const later = new Date(localAt(3, '10:00', f.timeZone).getTime() + 3 * HOUR);
    expect(await runBookingLifecycle(t.db, { appUrl: APP_URL, now: later })).toBe(1);
    expect(await bookingStatus(bookingId)).toBe('COMPLETED');
    // Owed; how much is what lands in the account's balance, read from Stripe when it is made.
    expect(await payoutOf(bookingId)).toMatchObject({
      status: 'queued',
      amount_cents: null,
      account_id: account,
      stripe_payout_id: null,
    });
    // Stripe makes the payout but its answer is lost (a crash or a timeout before it is recorded).
    stripe.setMode('apply-then-hang');
    expect(await runPayouts(t.db, t.app.stripe!, { now: later })).toBe(0);
    stripe.setMode('ok');
    expect(stripe.payouts.size).toBe(1);
    expect((await payoutOf(bookingId))!.stripe_payout_id).toBeNull();
    // Tried again (the backoff passed): Stripe answers the same payout; one payout, stored once.
    await t.db.execute(sql`update booking_payouts set due_at = now() where booking_id = ${bookingId}`);
    expect(await runPayouts(t.db, t.app.stripe!, { now: later })).toBe(1);
    expect(stripe.payouts.size).toBe(1);
    const [po] = [...stripe.payouts.values()];
    // Every call (the SDK's own retry of the lost answer among them) on the account, under the one key;
    // the try after the lost answer first looks the payout up in the account's list (decision 046).
    const calls = stripe.calls.filter((c) => c.path === '/v1/payouts' && c.method === 'POST' && c.account === account);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const c of calls) expect(c.idempotencyKey).toBe(`locora-payout-${bookingId}`);
    expect(calls[0]!.form).toMatchObject({ amount: String(amounts.subtotalCents), currency: 'usd' });
    expect(await payoutOf(bookingId)).toMatchObject({ stripe_payout_id: po!.id, status: 'pending', due_at: null });
    expect(stripe.balanceOf(account)).toBe(0);
    // Nothing more to do.
    expect(await runPayouts(t.db, t.app.stripe!, { now: later })).toBe(0);

    // payout.paid, then a failed one's reason is kept.
    expect((await webhook(stripe.payPayout(po!.id))).statusCode).toBe(200);
    expect((await payoutOf(bookingId))!.status).toBe('paid');
  });

  it('a failed payout keeps Stripe’s reason', async () => {
    await onboardProvider(t.db, stripe, f.owner.provider.id);
    const { bookingId } = await paidBooking();
    const later = new Date(localAt(3, '10:00', f.timeZone).getTime() + 3 * HOUR);
    await runBookingLifecycle(t.db, { appUrl: APP_URL, now: later });
    await runPayouts(t.db, t.app.stripe!, { now: later });
    const po = (await payoutOf(bookingId))!.stripe_payout_id!;
    expect(
      (await webhook(stripe.failPayout(po, 'account_closed', 'The bank account has been closed.'))).statusCode,
    ).toBe(200);
    expect(await payoutOf(bookingId)).toMatchObject({
      status: 'failed',
      failure_message: 'The bank account has been closed.',
    });
  });

  it('a payout Stripe refused is asked again under a new key once it can be made', async () => {
    const account = await onboardProvider(t.db, stripe, f.owner.provider.id);
    const { bookingId } = await paidBooking();
    const later = new Date(localAt(3, '10:00', f.timeZone).getTime() + 3 * HOUR);
    await runBookingLifecycle(t.db, { appUrl: APP_URL, now: later });
    // Payouts paused while Stripe reviews the account: a definite refusal (400), nothing paid out.
    stripe.setAccountState(account, 'under_review');
    expect(await runPayouts(t.db, t.app.stripe!, { now: later })).toBe(0);
    expect(await payoutOf(bookingId)).toMatchObject({ stripe_payout_id: null, status: 'queued' });
    expect((await payoutOf(bookingId))!.last_error).toContain('Payouts are not enabled');
    // Stripe would answer that key's refusal again for a day; the next try uses a new key and pays.
    stripe.setAccountState(account, 'active');
    await t.db.execute(sql`update booking_payouts set due_at = now() where booking_id = ${bookingId}`);
    expect(await runPayouts(t.db, t.app.stripe!, { now: later })).toBe(1);
    expect([...stripe.payouts.values()].filter((p) => p.account === account)).toHaveLength(1);
    const keys = stripe.calls
      .filter((c) => c.path === '/v1/payouts' && c.method === 'POST' && c.account === account)
      .map((c) => c.idempotencyKey);
    expect(keys[0]).toBe(`locora-payout-${bookingId}`);
    expect(keys.at(-1)).toBe(`locora-payout-${bookingId}-1`);
    expect((await payoutOf(bookingId))!.stripe_payout_id).toMatch(/^po_/);
  });

  it('a booking refunded before it completes is not paid out', async () => {
    await onboardProvider(t.db, stripe, f.owner.provider.id);
    const { bookingId } = await paidBooking();
    await inject('POST', `/api/bookings/${bookingId}/cancel`, f.cookies.owner, {});
    await runPaymentActions(t.db, t.app.stripe!, { now: new Date(Date.now() + HOUR) });
    const later = new Date(localAt(3, '10:00', f.timeZone).getTime() + 3 * HOUR);
    await runBookingLifecycle(t.db, { appUrl: APP_URL, now: later });
    expect(await payoutOf(bookingId)).toBeUndefined();
  });
});

describe('an account that becomes restricted', () => {
  it('releases its authorised requests not yet accepted, and tells the traveler why; accepted ones stay', async () => {
    const account = await onboardProvider(t.db, stripe, f.owner.provider.id);
    const waiting = await authorisedRequest(localAt(3, '10:00', f.timeZone));
    const accepted = await paidBooking(localAt(3, '14:00', f.timeZone));
    expect((await webhook(stripe.setAccountState(account, 'restricted', 'rejected.other'))).statusCode).toBe(200);
    expect(await bookingStatus(waiting.bookingId)).toBe('CANCELED');
    expect(await bookingStatus(accepted.bookingId)).toBe('PAID');
    // The hold is released at Stripe by the payment worker.
    await runPaymentActions(t.db, t.app.stripe!, { now: new Date() });
    expect(stripe.intent(waiting.pi).status).toBe('canceled');
    const mails = await queryRows<{ to_address: string; body: string }>(
      t.db,
      sql`select * from email_outbox where dedupe_key = ${`booking:${waiting.bookingId}:canceled:traveler`}`,
    );
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).toContain(PAYEE_RESTRICTED_REASON);
    // And no new requests.
    expect((await requestBooking(f.cookies.traveler2, localAt(4, '10:00', f.timeZone))).statusCode).toBe(409);
  });
});
