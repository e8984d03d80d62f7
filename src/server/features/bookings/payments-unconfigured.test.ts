/** Without Stripe keys (decision 024): Locora is request-to-book, and the payment routes say so. */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/open.ts';
import { useTestApp } from '../../test/test-app.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';

const t = useTestApp();
let f: BookingFixture;

beforeEach(async () => {
  f = await bookingFixture(t.db);
});

/** A booking request through the API as the traveler (day 3, 10:00, 2 hours): its id. */
async function requestBooking(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    cookies: f.cookies.traveler,
    payload: { serviceId: f.service.id, start: localAt(3, '10:00', f.timeZone).toISOString(), hours: 2 },
  });
  expect(res.statusCode).toBe(201);
  return res.json().booking.id as string;
}

describe('payments not configured', () => {
  it('a request is made without the card-payment mark, and one made with it while keys were set is refused clearly', async () => {
    const bookingId = await requestBooking();
    const [row] = await queryRows<{ payment_required: boolean }>(
      t.db,
      sql`select payment_required from bookings where id = ${bookingId}`,
    );
    expect(row?.payment_required).toBe(false);

    // A request made while keys were set, the keys since removed: it cannot be paid any more.
    await t.db.execute(sql`update bookings set payment_required = true where id = ${bookingId}`);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/accept`,
      cookies: f.cookies.owner,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This request was made to be paid by card, and card payments are not available now. Decline it, and the traveler can book again.',
    );
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/decline`,
      cookies: f.cookies.owner,
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().booking.status).toBe('CANCELED');
  });

  it('GET /api/payments/config gives no key', async () => {
    const res = await t.app.inject({ url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publishableKey: null });
  });

  it('create-payment-intent: 401 anonymous, 503 with the product’s words for a signed-in traveler', async () => {
    const bookingId = await requestBooking();
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { bookingId } });
    expect(anonymous.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      cookies: f.cookies.traveler,
      payload: { bookingId },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Payment processing is not configured.');

    // Request-to-book works as before.
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/accept`,
      cookies: f.cookies.owner,
    });
    expect(accepted.json().booking.status).toBe('CONFIRMED');
  });

  it('the webhook endpoint answers 503 and records nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expect(res.statusCode).toBe(503);
  });
});
