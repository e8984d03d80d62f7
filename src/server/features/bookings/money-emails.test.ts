/**
 * The traveler hears of every change that moves their money, with the amount in their language:
 * the card authorised (the receipt: held, not charged), the charge taken, a hold released, a refund
 * owed and made, and money kept by a late cancellation. A traveler who cancels is told too.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/domain/pricing.ts';
import { bookingAmounts } from '../../../shared/domain/booking-amounts.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { useTestApp } from '../../test/test-app.ts';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
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
      platformCountry: stripe.platformCountry,
      apiUrl: stripe.url,
      timeoutMs: 2000,
    };
  },
} as Partial<Config>);

let f: BookingFixture;
type Cookies = Record<string, string>;
// The 60/h massage for 2 hours: 12,000 and a 600 fee, 12,600 charged.
const CHARGE = bookingAmounts(6000, 2, 'USD').totalCents;

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

/** The traveler's emails (kind, subject, text), oldest first. */
const travelerEmails = () =>
  queryRows<{ kind: string; subject: string; text: string }>(
    t.db,
    sql`select e.kind, e.subject, e.text from email_outbox e join users u on u.email = e.to_address
        where u.id = ${f.traveler.id} order by e.created_at, e.id`,
  );

/** A request through the API for day `day` at 10:00 (Lisbon), its card authorised: PENDING, held. */
async function heldRequest(day = 3) {
  const res = await inject('POST', '/api/bookings', f.cookies.traveler, {
    serviceId: f.service.id,
    start: localAt(day, '10:00', f.timeZone).toISOString(),
    hours: 2,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().booking.id as string;
  const paid = await inject('POST', '/api/create-payment-intent', f.cookies.traveler, { bookingId: id });
  const pi = (paid.json().clientSecret as string).split('_secret_')[0]!;
  stripe.authorize(pi);
  expect((await webhook(stripe.event('payment_intent.amount_capturable_updated', pi))).statusCode).toBe(200);
  return { id, pi };
}

describe('money emails to the traveler', () => {
  it('held, then charged: the receipt once the card is authorised, then the charge, each with the amount', async () => {
    const before = await inject('POST', '/api/bookings', f.cookies.traveler, {
      serviceId: f.service.id,
      start: localAt(4, '10:00', f.timeZone).toISOString(),
      hours: 2,
    });
    expect(before.statusCode).toBe(201);
    // Not authorised yet: no receipt (it would have said the time is held for the card payment).
    expect(await travelerEmails()).toEqual([]);

    const { id } = await heldRequest();
    const total = formatMoney(CHARGE, 'USD', 'en');
    const [receipt] = await travelerEmails();
    expect(receipt).toMatchObject({ kind: 'booking-receipt', subject: 'Request sent: Deep tissue massage' });
    expect(receipt!.text).toContain(`Total: ${total}, service fee included. It is held on your card, not charged`);
    expect(receipt!.text).not.toContain('minutes while you complete the card payment');

    const accepted = await inject('POST', `/api/bookings/${id}/accept`, f.cookies.owner, {});
    expect(accepted.json().booking.status).toBe('PAID');
    const paid = (await travelerEmails()).find((e) => e.kind === 'booking-paid');
    expect(paid?.subject).toBe('Payment taken: Deep tissue massage');
    expect(paid?.text).toContain(`Your card was charged ${total}.`);
  });

  it('a traveler who cancels in time is told of the refund, then that it was made; the provider is told too', async () => {
    const { id } = await heldRequest();
    expect((await inject('POST', `/api/bookings/${id}/accept`, f.cookies.owner, {})).statusCode).toBe(200);
    // Before: only the provider heard of the traveler's cancel.
    const cancel = await inject('POST', `/api/bookings/${id}/cancel`, f.cookies.traveler, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const total = formatMoney(CHARGE, 'USD', 'en');
    const emails = await travelerEmails();
    const canceled = emails.find((e) => e.kind === 'booking-canceled');
    expect(canceled?.text).toContain('You canceled your booking of Deep tissue massage on');
    expect(canceled?.text).toContain(`${total} will be refunded to your card.`);
    const refunded = emails.find((e) => e.kind === 'booking-refunded');
    expect(refunded?.subject).toBe('Refund made: Deep tissue massage');
    expect(refunded?.text).toContain(`${total} was refunded to your card.`);
    const [toProvider] = await queryRows<{ text: string }>(
      t.db,
      sql`select text from email_outbox where kind = 'booking-canceled' and to_address = ${f.owner.user.email}`,
    );
    expect(toProvider?.text).toContain('Rita Sousa canceled the booking of Deep tissue massage');
  });

  it('a late cancellation tells the traveler the amount kept; a declined request the hold released', async () => {
    const { id } = await heldRequest();
    expect((await inject('POST', `/api/bookings/${id}/accept`, f.cookies.owner, {})).statusCode).toBe(200);
    // Less than 24 hours before the start.
    await t.db.execute(
      sql`update bookings set start_at = now() + interval '5 hours', end_at = now() + interval '7 hours' where id = ${id}`,
    );
    expect((await inject('POST', `/api/bookings/${id}/cancel`, f.cookies.traveler, {})).statusCode).toBe(200);
    const total = formatMoney(CHARGE, 'USD', 'en');
    const kept = (await travelerEmails()).find((e) => e.kind === 'booking-canceled');
    expect(kept?.text).toContain(`less than 24 hours before its start, the ${total} charged is not refunded.`);

    const other = await heldRequest(4);
    expect((await inject('POST', `/api/bookings/${other.id}/decline`, f.cookies.owner, {})).statusCode).toBe(200);
    const declined = (await travelerEmails()).find((e) => e.kind === 'booking-declined');
    expect(declined?.text).toContain(`The ${total} held on your card is released: you were not charged.`);
  });

  it('writes the amount in the traveler’s language', async () => {
    await t.db.execute(sql`update users set language = 'pt-BR' where id = ${f.traveler.id}`);
    const { id } = await heldRequest();
    expect((await inject('POST', `/api/bookings/${id}/accept`, f.cookies.owner, {})).statusCode).toBe(200);
    const paid = (await travelerEmails()).find((e) => e.kind === 'booking-paid');
    const total = formatMoney(CHARGE, 'USD', 'pt-BR');
    expect(total).not.toBe(formatMoney(CHARGE, 'USD', 'en'));
    expect(paid?.text).toContain(total);
    expect(paid?.text).not.toContain('Your card was charged');
  });
});
