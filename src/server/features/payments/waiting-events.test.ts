/**
 * A Stripe event that comes before its object's row (decision 046) waits for the row, is handled
 * by the job runner once the row is there, and is flagged for admins when the row never comes:
 * never recorded as processed and lost. Against the local Stripe-protocol server.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { WAITING_EVENTS_JOB } from '../../payments/waiting-events.ts';
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
      timeoutMs: 2000,
    };
  },
} as Partial<Config>);

let f: BookingFixture;
let account: string;
const HOUR = 3600_000;
beforeEach(async () => {
  stripe.setMode('ok');
  f = await bookingFixture(t.db);
  account = await onboardProvider(t.db, stripe, f.owner.provider.id);
});

function webhook(event: unknown, secret = stripe.webhookSecret) {
  const signed = stripe.sign(event, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.payload,
  });
}

type Waiting = { attempts: number; due: boolean; matched: boolean; given_up: boolean; last_error: string | null };
const waitingOf = async (eventId: string) =>
  (
    await queryRows<Waiting>(
      t.db,
      sql`select attempts, (due_at is not null) as due, (matched_at is not null) as matched,
            (given_up_at is not null) as given_up, last_error
          from waiting_stripe_events where id = ${eventId}`,
    )
  )[0];
const processed = async (eventId: string) =>
  (await queryRows<{ id: string }>(t.db, sql`select id from stripe_events where id = ${eventId}`)).length === 1;
/** Lets the back-off pass: what is due is the database's clock. */
const letDue = () => t.db.execute(sql`update waiting_stripe_events set due_at = now() where due_at is not null`);
const runJob = async () => {
  await letDue();
  return t.app.jobs.runOnce(WAITING_EVENTS_JOB);
};

/** A PENDING booking whose card Stripe has authorised, the payment's row not written yet. */
async function authorisedBeforeItsRow() {
  const startAt = new Date(Math.ceil((Date.now() + 72 * HOUR) / HOUR) * HOUR);
  const booking = await createBooking(t.db, {
    service: f.service,
    userId: f.traveler.id,
    hours: 1,
    startAt,
    paymentRequired: true,
  });
  const pi = await t.app.stripe!.paymentIntents.create({
    amount: Number(booking.amountCents) + Number(booking.feeCents),
    currency: 'usd',
    capture_method: 'manual',
  });
  stripe.authorize(pi.id);
  const writeRow = () =>
    t.db.execute(
      sql`insert into payments (id, booking_id, amount_cents, currency, status)
          values (${pi.id}, ${booking.id}, ${pi.amount}, 'USD', 'requires_payment_method')`,
    );
  return { bookingId: booking.id, pi: pi.id, writeRow };
}

const authorised = async (bookingId: string) =>
  (
    await queryRows<{ authorised: boolean; status: string }>(
      t.db,
      sql`select (b.authorised_at is not null) as authorised, p.status
          from bookings b join payments p on p.booking_id = b.id where b.id = ${bookingId}`,
    )
  )[0];

describe('an event whose PaymentIntent has no row yet', () => {
  it('is not recorded as processed; once the row is written the job handles it (card authorised)', async () => {
    const { bookingId, pi, writeRow } = await authorisedBeforeItsRow();
    const event = stripe.event('payment_intent.amount_capturable_updated', pi);
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await processed(event.id)).toBe(false);
    expect(await waitingOf(event.id)).toMatchObject({ due: true, matched: false, given_up: false });

    // The job asks again before the row is there: it keeps waiting, backed off.
    expect(await runJob()).toBe(1);
    expect(await waitingOf(event.id)).toMatchObject({ attempts: 1, due: true, matched: false });

    await writeRow();
    expect(await runJob()).toBe(1);
    expect(await authorised(bookingId)).toEqual({ authorised: true, status: 'requires_capture' });
    expect(await processed(event.id)).toBe(true);
    expect(await waitingOf(event.id)).toMatchObject({ due: false, matched: true, given_up: false });
    // Nothing left for the job, and Stripe's own retry of the event is a duplicate.
    expect(await runJob()).toBe(0);
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await authorised(bookingId)).toEqual({ authorised: true, status: 'requires_capture' });
  });

  it('sent again by Stripe once the row is there: handled then, and the job has nothing left', async () => {
    const { bookingId, pi, writeRow } = await authorisedBeforeItsRow();
    const event = stripe.event('payment_intent.amount_capturable_updated', pi);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await queryRows(t.db, sql`select id from waiting_stripe_events where id = ${event.id}`)).length).toBe(1);
    await writeRow();
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await authorised(bookingId)).toEqual({ authorised: true, status: 'requires_capture' });
    expect(await waitingOf(event.id)).toMatchObject({ due: false, matched: true });
    expect(await runJob()).toBe(0);
  });
});

describe('an event whose row never comes', () => {
  it('a payout Locora never asked for: waits, then is given up after the window and listed for admins', async () => {
    const payout = stripe.money.addPayout(account, { amount: 4321, status: 'in_transit' });
    const event = stripe.payPayout(payout.id);
    expect((await webhook(event, stripe.connectWebhookSecret)).statusCode).toBe(200);
    expect(await processed(event.id)).toBe(false);
    expect(await runJob()).toBe(1);
    expect(await waitingOf(event.id)).toMatchObject({ due: true, given_up: false });

    // An hour and more since it came: given up, not asked again.
    await t.db.execute(
      sql`update waiting_stripe_events set received_at = received_at - interval '61 minutes' where id = ${event.id}`,
    );
    expect(await runJob()).toBe(1);
    expect(await waitingOf(event.id)).toMatchObject({ due: false, matched: false, given_up: true });
    expect(await runJob()).toBe(0);

    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/payments', cookies: f.cookies.admin });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().unmatchedEvents).toEqual([
      expect.objectContaining({ eventId: event.id, type: 'payout.paid', objectId: payout.id, accountId: account }),
    ]);
  });

  it('an account.updated for an account not recorded yet is handled once its row is there', async () => {
    // The account exists at Stripe; Locora's row is removed to stand for one still being written.
    const row = (
      await queryRows<Record<string, unknown>>(t.db, sql`select * from connected_accounts where id = ${account}`)
    )[0]!;
    await t.db.execute(sql`update connected_accounts set id = 'acct_elsewhere' where id = ${account}`);
    const event = stripe.setAccountState(account, 'restricted', 'requirements.past_due');
    expect((await webhook(event, stripe.connectWebhookSecret)).statusCode).toBe(200);
    expect(await processed(event.id)).toBe(false);
    await t.db.execute(sql`update connected_accounts set id = ${row.id as string} where id = 'acct_elsewhere'`);
    expect(await runJob()).toBe(1);
    expect(await processed(event.id)).toBe(true);
    const [state] = await queryRows<{ state: string }>(
      t.db,
      sql`select state from connected_accounts where id = ${account}`,
    );
    expect(state!.state).toBe('restricted');
  });
});
