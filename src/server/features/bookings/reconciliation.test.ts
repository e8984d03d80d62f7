/**
 * Reconciliation with Stripe (decision 059), against the local Stripe-protocol server: every
 * movement of a booking's paths matches the ledger (0 differences); a refund made at Stripe and
 * not recorded, and a payout Locora never asked for, are differences on /admin/payments and in
 * /metrics until they match or an admin explains them; the run pages through Stripe's lists and
 * resumes where it stopped.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { reconcileNow } from '../../payments/reconciliation.ts';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer({ connectWebhookSecret: 'whsec_locora_connect_test' });
});
afterAll(async () => {
  await stripe?.close();
});

const TOKEN = 'metrics-token-for-reconciliation';
const t = useTestApp({
  metricsToken: TOKEN,
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
const APP_URL = 'http://localhost:3000';
/** The lifecycle job an hour after the booking's end: COMPLETED, its payout queued. */
const complete = async (endAt: Date) =>
  runBookingLifecycle(t.db, { appUrl: APP_URL, now: new Date(endAt.getTime() + HOUR) });

beforeEach(() => {
  // The server lives for the whole file; each test's Stripe history starts empty, as its database does.
  stripe.money.forgetBalanceHistory();
});

const reconcile = async (cookies = f.cookies.admin) => inject('POST', '/api/admin/payments/reconcile', cookies);
const differences = async () =>
  (await inject('GET', '/api/admin/payments', f.cookies.admin)).json().reconciliation.differences as {
    id: string;
    bookingId: string | null;
    objectId: string;
    category: string;
    cause: string;
    causeText: string;
    stripeAmount: number | null;
    ledgerAmount: number | null;
    explained: { note: string } | null;
  }[];
const metric = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const line = res.body.split('\n').find((l) => l.startsWith('locora_reconciliation_differences{'));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('reconciliation with Stripe', () => {
  it('every path of a paid booking matches: 0 differences, and the metric is there from the start at 0', async () => {
    expect(await metric()).toBe(0);
    // Paid, completed, paid out and paid.
    const done = await paidBooking();
    await complete(done.endAt);
    expect(await runPayouts(t.db, t.app.stripe!)).toBe(1);
    expect(
      (await connectWebhook(stripe.payPayout((await payoutOf(done.bookingId))!.stripe_payout_id!))).statusCode,
    ).toBe(200);
    // Cancelled by the provider: refunded in full, the transfer reversed.
    const canceled = await paidBooking(96 * HOUR);
    expect((await inject('POST', `/api/bookings/${canceled.bookingId}/cancel`, f.cookies.owner, {})).statusCode).toBe(
      200,
    );
    // Partly refunded in the dashboard, its webhook delivered; a dispute won; a payout refused then made again.
    const partly = await paidBooking(120 * HOUR);
    stripe.refundInDashboard(partly.pi, 3000, { reverseTransfer: true });
    expect(
      (await webhook(stripe.event('charge.refunded', partly.pi, { amount_refunded: 3000, refunded: false })))
        .statusCode,
    ).toBe(200);
    const disputed = await paidBooking(144 * HOUR);
    const d = stripe.money.openDispute(disputed.pi);
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.created', d.id))).statusCode).toBe(200);
    stripe.money.setDisputeStatus(d.id, 'won');
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.closed', d.id))).statusCode).toBe(200);

    const res = await reconcile();
    expect(res.statusCode).toBe(200);
    expect(res.json().read).toBeGreaterThanOrEqual(12);
    expect(res.json().differences).toBe(0);
    expect(await differences()).toEqual([]);
    expect(await metric()).toBe(0);
    // Every transaction read was matched to a Stripe object the ledger knows.
    const unknown = await queryRows(
      t.db,
      sql`select id from stripe_balance_transactions where category like 'stripe:%'`,
    );
    expect(unknown).toEqual([]);
  });

  it('a refund made at Stripe, not through Locora, is a difference in the next run, until its webhook comes', async () => {
    const { bookingId, pi } = await paidBooking();
    expect((await reconcile()).json().differences).toBe(0);
    stripe.refundInDashboard(pi, 3000, { reverseTransfer: true });
    expect((await reconcile()).json().differences).toBe(2);
    const found = await differences();
    expect(found.map((x) => [x.category, x.cause, x.stripeAmount, x.ledgerAmount, x.bookingId])).toEqual(
      expect.arrayContaining([
        ['refund', 'unrecorded', 3000, null, bookingId],
        [
          'transfer_reversal',
          'unrecorded',
          payoutNetCents(amounts.totalCents, amounts.feeCents, 0, 'USD') -
            payoutNetCents(amounts.totalCents, amounts.feeCents, 3000, 'USD'),
          null,
          bookingId,
        ],
      ]),
    );
    expect(found[0]!.causeText).toBe('A Stripe movement Locora did not record.');
    expect(await metric()).toBe(2);
    // The webhook comes late: the ledger records the refund, and the next run finds them matched.
    expect(
      (await webhook(stripe.event('charge.refunded', pi, { amount_refunded: 3000, refunded: false }))).statusCode,
    ).toBe(200);
    expect((await reconcile()).json().differences).toBe(0);
    expect(await differences()).toEqual([]);
  });

  it('a payout Locora never asked for is a difference; an admin explains it with a note and an audit row', async () => {
    const payout = stripe.money.addPayout(account, { amount: 4321 });
    expect((await reconcile()).json().differences).toBe(1);
    const [diff] = await differences();
    expect(diff).toMatchObject({
      objectId: payout.id,
      category: 'payout',
      cause: 'unrecorded',
      stripeAmount: 4321,
      ledgerAmount: null,
      bookingId: null,
    });
    const url = `/api/admin/payments/differences/${diff!.id}/explain`;
    const note = 'The provider paid out by hand in their Express dashboard.';
    // Who may: admins only.
    expect((await inject('POST', url, undefined, { note })).statusCode).toBe(401);
    for (const who of [f.cookies.traveler, f.cookies.owner])
      expect((await inject('POST', url, who, { note })).statusCode).toBe(403);
    expect((await reconcile(f.cookies.owner)).statusCode).toBe(403);
    expect((await inject('POST', url, f.cookies.admin, { note: ' ' })).statusCode).toBe(400);
    const explained = await inject('POST', url, f.cookies.admin, { note });
    expect(explained.statusCode).toBe(200);
    expect(explained.json().explained.note).toBe(note);
    expect(await metric()).toBe(0);
    expect((await inject('POST', url, f.cookies.admin, { note })).statusCode).toBe(409);
    const audit = await queryRows<{ action: string; reason: string }>(
      t.db,
      sql`select action, reason from audit_log where target_id = ${diff!.id}`,
    );
    expect(audit).toEqual([{ action: 'payments.explain_difference', reason: note }]);
    // Seen again by the next run, it stays explained, not counted.
    expect((await reconcile()).json().differences).toBe(0);
    expect((await differences()).map((x) => x.explained?.note)).toEqual([note]);
  });

  it('the admin reads a difference, and the refusals about it, in their language', async () => {
    stripe.money.addPayout(account, { amount: 1234 });
    expect((await reconcile()).json().differences).toBe(1);
    const inSpanish = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({
        method,
        url,
        cookies: f.cookies.admin,
        headers: { 'x-locale': 'es' },
        ...(payload ? { payload } : {}),
      });
    const [diff] = (await inSpanish('GET', '/api/admin/payments')).json().reconciliation.differences as {
      id: string;
      cause: string;
      causeText: string;
    }[];
    expect(diff).toMatchObject({ cause: 'unrecorded', causeText: 'Un movimiento de Stripe que Locora no registró.' });

    const url = `/api/admin/payments/differences/${diff!.id}/explain`;
    const blank = await inSpanish('POST', url, { note: ' ' });
    expect(blank.json().message).toBe('Indica qué explica la diferencia (la nota es obligatoria)');
    const explained = await inSpanish('POST', url, { note: 'Pagado a mano.' });
    expect(explained.json().causeText).toBe('Un movimiento de Stripe que Locora no registró.');
    const again = await inSpanish('POST', url, { note: 'Pagado a mano.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'Esta diferencia ya se explicó.' });
    const unknown = await inSpanish(
      'POST',
      '/api/admin/payments/differences/00000000-0000-4000-8000-000000000000/explain',
      {
        note: 'Nada.',
      },
    );
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No se encontró la diferencia.' });
  });

  it('pages through Stripe’s list, and a run that stopped half-way resumes where it stopped', async () => {
    await paidBooking();
    await paidBooking(96 * HOUR);
    // Four platform transactions (two charges, two transfers) read two at a time; the second page fails.
    let listed = 0;
    const failSecondPage = (): void =>
      stripe.beforeNextAnswer((call) => {
        if (call.path !== '/v1/balance_transactions') {
          failSecondPage();
          return;
        }
        listed += 1;
        if (listed === 2) stripe.setMode('fail');
        else failSecondPage();
      });
    failSecondPage();
    await expect(reconcileNow(t.db, t.app.stripe!, new Date(), { pageSize: 2 })).rejects.toThrow();
    stripe.setMode('ok');
    const [cursor] = await queryRows<{ page_after: string | null }>(
      t.db,
      sql`select page_after from reconciliation_cursors where account = 'platform'`,
    );
    expect(cursor!.page_after).toMatch(/^txn_/);
    const before = stripe.calls.length;
    const result = await reconcileNow(t.db, t.app.stripe!, new Date(), { pageSize: 2 });
    expect(result).toMatchObject({ differences: 0 });
    const resumed = stripe.calls.slice(before).find((c) => c.path === '/v1/balance_transactions' && !c.account);
    expect(resumed!.form.starting_after).toBe(cursor!.page_after);
    expect(resumed!.form.limit).toBe('2');
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from stripe_balance_transactions where account_id is null`,
    );
    expect(n!.n).toBe(4);
  });

  it('the daily job runs once a day: due at start, not again within the day', async () => {
    expect(t.app.jobs.kinds()).toContain('stripe-reconciliation');
    await t.app.jobs.runOnce('stripe-reconciliation');
    await t.app.jobs.runOnce('stripe-reconciliation');
    const runs = await queryRows<{ trigger: string; finished: boolean }>(
      t.db,
      sql`select trigger, finished_at is not null as finished from reconciliation_runs`,
    );
    expect(runs).toEqual([{ trigger: 'job', finished: true }]);
  });
});
