/**
 * The payment routes and the Stripe webhook run on the app's clock (business time), never the wall
 * clock: a request's 15 minutes to pay lapse on that clock, and an event is recorded at its time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock.ts';
import { queryRows } from '../../db/open.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { startStripeServer, stripeConfigFor, type StripeServer } from '../../test/stripe-server.ts';
import { useTestApp } from '../../test/test-app.ts';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe?.close();
});

const clock = manualClock();
const t = useTestApp(
  {
    get stripe() {
      return stripeConfigFor(stripe);
    },
  },
  { clock },
);

let f: BookingFixture;
beforeEach(async () => {
  clock.set(new Date());
  f = await bookingFixture(t.db);
  await onboardProvider(t.db, stripe, f.owner.provider.id);
});

async function requestBooking() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    cookies: f.cookies.traveler,
    payload: { serviceId: f.service.id, start: localAt(3, '10:00', f.timeZone).toISOString(), hours: 2 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking.id as string;
}

const pay = (bookingId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    cookies: f.cookies.traveler,
    payload: { bookingId },
  });

describe('business time on the payment routes', () => {
  it('a request whose 15 minutes have passed on the app’s clock can no longer be paid for', async () => {
    const bookingId = await requestBooking();
    clock.advance(16 * 60_000);
    const res = await pay(bookingId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This booking cannot be paid for: it is CANCELED.');
  });

  it('within its 15 minutes it is paid for, and the webhook records the event at the app’s time', async () => {
    const bookingId = await requestBooking();
    clock.advance(5 * 60_000);
    const res = await pay(bookingId);
    expect(res.statusCode, res.body).toBe(200);
    const pi = (res.json().clientSecret as string).split('_secret_')[0]!;
    stripe.authorize(pi);
    clock.advance(60_000);
    const event = stripe.event('payment_intent.amount_capturable_updated', pi);
    const signed = stripe.sign(event);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      payload: signed.payload,
    });
    expect(hook.statusCode).toBe(200);
    const [row] = await queryRows<{ received_at: Date }>(
      t.db,
      sql`select received_at from stripe_events where id = ${event.id}`,
    );
    expect(new Date(row!.received_at).toISOString()).toBe(clock.now().toISOString());
    const [booking] = await queryRows<{ authorised_at: Date }>(
      t.db,
      sql`select authorised_at from bookings where id = ${bookingId}`,
    );
    expect(new Date(booking!.authorised_at).toISOString()).toBe(clock.now().toISOString());
  });
});
