/**
 * The new review routes with their five actors (anonymous, the owner, another user of the same
 * role, the other role, an admin): the provider's review of a traveler, a public answer (once,
 * editable for 48 hours), the traveler's card; and the profile phone shown once confirmed.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../clock.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { bookingFixture, DAY_MS, type BookingFixture } from '../../test/booking-fixture.ts';
import { useTestApp } from '../../test/test-app.ts';

const clock = manualClock();
const t = useTestApp({}, { clock });
const HOUR = 3600_000;

type Who = keyof BookingFixture['cookies'] | null;
const as = (f: BookingFixture, who: Who) => (who ? { cookies: f.cookies[who] } : {});

async function completed(f: BookingFixture) {
  return createBooking(t.db, {
    service: f.service,
    userId: f.traveler.id,
    status: 'COMPLETED',
    startAt: new Date(Date.now() - 2 * DAY_MS),
    hours: 2,
  });
}

describe('POST /api/provider/reviews', () => {
  it('is the booking’s provider’s alone', async () => {
    clock.set(Date.now());
    const f = await bookingFixture(t.db);
    const b = await completed(f);
    const payload = { bookingId: b.id, rating: 4, text: 'Punctual and kind' };
    const expected: [Who, number][] = [
      [null, 401],
      ['traveler', 403],
      ['admin', 403],
      ['other', 404],
      ['owner', 201],
    ];
    for (const [who, status] of expected) {
      const res = await t.app.inject({ method: 'POST', url: '/api/provider/reviews', payload, ...as(f, who) });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
    }
  });
});

describe('POST /api/reviews/{id}/answer', () => {
  it('lets the reviewed side answer a published review once, and change it for 48 hours', async () => {
    clock.set(Date.now());
    const f = await bookingFixture(t.db);
    const b = await completed(f);
    const review = (
      await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        cookies: f.cookies.traveler,
        payload: { bookingId: b.id, rating: 2, text: 'Started late' },
      })
    ).json().review;
    const answer = (who: Who, text: string) =>
      t.app.inject({ method: 'POST', url: `/api/reviews/${review.id}/answer`, payload: { text }, ...as(f, who) });
    // Unpublished: the provider cannot see it to answer (404); its author hears why.
    expect((await answer('owner', 'Sorry')).statusCode).toBe(404);
    expect((await answer('traveler', 'x')).json().message).toBe(
      'This review is not published yet: it can be answered once it is.',
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/provider/reviews',
      cookies: f.cookies.owner,
      payload: { bookingId: b.id, rating: 5, text: 'Lovely guest' },
    });
    const expected: [Who, number][] = [
      [null, 401],
      ['traveler', 404],
      ['traveler2', 404],
      ['other', 404],
      ['admin', 404],
    ];
    for (const [who, status] of expected) expect((await answer(who, 'Hi')).statusCode, String(who)).toBe(status);
    const first = await answer('owner', 'Sorry, the metro broke down.');
    expect(first.statusCode).toBe(201);
    expect(first.json().review).toMatchObject({ answer: 'Sorry, the metro broke down.' });
    clock.advance(47 * HOUR);
    const edit = await answer('owner', 'Sorry: the metro broke down that day.');
    expect(edit.statusCode).toBe(200);
    expect(edit.json().review.answeredAt).toBe(first.json().review.answeredAt);
    clock.advance(2 * HOUR);
    const late = await answer('owner', 'Changed again');
    expect(late.statusCode).toBe(409);
    const shown = (await t.app.inject({ url: `/api/services/${f.service.id}` })).json();
    expect(shown.reviews[0]).toMatchObject({ text: 'Started late', answer: 'Sorry: the metro broke down that day.' });
  });
});

describe('GET /api/travelers/{id}', () => {
  it('is for the traveler, an admin, and a provider they asked or booked', async () => {
    clock.set(Date.now());
    const f = await bookingFixture(t.db);
    await completed(f);
    const expected: [Who, number][] = [
      [null, 401],
      ['traveler', 200],
      ['traveler2', 404],
      ['other', 404],
      ['owner', 200],
      ['admin', 200],
    ];
    for (const [who, status] of expected) {
      const res = await t.app.inject({ url: `/api/travelers/${f.traveler.id}`, ...as(f, who) });
      expect(res.statusCode, String(who)).toBe(status);
    }
    const card = (await t.app.inject({ url: `/api/travelers/${f.traveler.id}`, cookies: f.cookies.owner })).json();
    expect(card.traveler).toMatchObject({ name: 'Rita Sousa', completedBookings: 1, rating: 0, ratingCount: 0 });
  });
});

describe('the profile phone', () => {
  it('is validated, and shown to the other side only once the booking is confirmed', async () => {
    clock.set(Date.now());
    const f = await bookingFixture(t.db);
    const put = (who: Who, phone: string | null) =>
      t.app.inject({ method: 'PUT', url: '/api/account/phone', payload: { phone }, ...as(f, who) });
    expect((await put(null, '+351912345678')).statusCode).toBe(401);
    const bad = await put('owner', '12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a phone number with its country code, e.g. +351 912 345 678.');
    expect((await put('owner', '+351 912 345 678')).json()).toEqual({ phone: '+351 912 345 678' });
    expect((await put('traveler', '+1 415 555 0132')).json()).toEqual({ phone: '+1 415 555 0132' });
    const get = await t.app.inject({ url: '/api/account/phone', cookies: f.cookies.traveler2 });
    expect(get.json()).toEqual({ phone: null });

    const booking = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'PENDING',
      startAt: new Date(Date.now() + 3 * DAY_MS),
    });
    const mine = () => t.app.inject({ url: `/api/bookings/${booking.id}`, cookies: f.cookies.traveler });
    const theirs = async () =>
      (await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.owner })).json()[0];
    expect((await mine()).json().booking.providerPhone).toBeNull();
    expect((await theirs()).travelerPhone).toBeNull();
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/accept`,
      cookies: f.cookies.owner,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await mine()).json().booking.providerPhone).toBe('+351 912 345 678');
    expect((await theirs()).travelerPhone).toBe('+1 415 555 0132');
    expect((await put('owner', '')).json()).toEqual({ phone: null });
  });
});
