/** Without Stripe keys (issue 10): Locora is request-to-book, and the payment routes say so. */
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';

const t = useTestApp();
let f: BookingFixture;

beforeEach(async () => {
  f = await bookingFixture(t.db);
});

describe('payments not configured', () => {
  it('GET /api/payments/config gives no key', async () => {
    const res = await t.app.inject({ url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publishableKey: null });
  });

  it('create-payment-intent: 401 anonymous, 503 with SPEC’s words for a signed-in traveler', async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      cookies: f.cookies.traveler,
      payload: { serviceId: f.service.id, start: localAt(3, '10:00', f.timeZone).toISOString(), hours: 2 },
    });
    const bookingId = booked.json().booking.id;
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
