import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/open.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, providers, reviews, services } from '../../db/schema.ts';
import {
  createBooking,
  createCategory,
  createProvider,
  createReview,
  createService,
  createUser,
} from '../../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { manualClock } from '../../clock.ts';
import { useTestApp } from '../../test/test-app.ts';

const clock = manualClock();
const t = useTestApp({}, { clock });

async function cookieFor(userId: string) {
  const { token } = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}

const DAY = 86400_000;

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const category = await createCategory(t.db);
  const a = await createProvider(t.db, { displayName: 'Ana Lima' });
  const b = await createProvider(t.db, { displayName: 'Bruno Sá' });
  const deepTissue = await createService(t.db, {
    providerId: a.provider.id,
    categoryId: category.id,
    title: 'Deep tissue massage',
  });
  const walkingTour = await createService(t.db, {
    providerId: a.provider.id,
    categoryId: category.id,
    title: 'Alfama walking tour',
  });
  return { a, b, deepTissue, walkingTour };
}

beforeEach(async () => {
  clock.set(Date.now());
  f = await buildFixture();
});

/** The 14 days of every booking reviewed so far pass, and the publishing job runs. */
async function closeWindows() {
  clock.advance(15 * DAY);
  await t.app.jobs.runOnce('review-publishing');
}

describe('GET /api/providers/{username}/reviews', () => {
  it('lists reviews of the provider’s services, newest first, with the author’s public name only', async () => {
    const u = await createUser(t.db, { name: 'Rita', email: 'rita@example.com', image: '/media/avatars/rita.svg' });
    const b1 = await createBooking(t.db, {
      service: f.deepTissue,
      userId: u.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 20 * 86400_000),
    });
    const b2 = await createBooking(t.db, {
      service: f.walkingTour,
      userId: u.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 10 * 86400_000),
    });
    await createReview(t.db, b1, { rating: 5, text: 'First', createdAt: new Date(Date.now() - 19 * 86400_000) });
    await createReview(t.db, b2, { rating: 4, text: 'Second', createdAt: new Date(Date.now() - 9 * 86400_000) });
    const res = await t.app.inject({ url: `/api/providers/${f.a.user.id}/reviews` });
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        rating: 4,
        text: 'Second',
        createdAt: expect.any(String),
        author: { name: 'Rita', image: '/media/avatars/rita.svg' },
        service: { id: f.walkingTour.id, title: 'Alfama walking tour' },
        answer: null,
        answeredAt: null,
      },
      expect.objectContaining({ text: 'First', service: { id: f.deepTissue.id, title: 'Deep tissue massage' } }),
    ]);
    expect(res.body).not.toContain('rita@example.com');
    expect((await t.app.inject({ url: `/api/providers/${f.b.user.id}/reviews` })).json()).toEqual([]);
  });

  it('is 404 for an unknown provider or a non-uuid', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'ana']) {
      const res = await t.app.inject({ url: `/api/providers/${id}/reviews` });
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('POST /api/reviews', () => {
  async function setup() {
    const traveler = await createUser(t.db, { name: 'Rita' });
    const otherTraveler = await createUser(t.db, { name: 'Tom' });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const completed = await createBooking(t.db, {
      service: f.deepTissue,
      userId: traveler.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 10 * DAY),
    });
    return {
      traveler,
      completed,
      cookies: {
        traveler: await cookieFor(traveler.id),
        otherTraveler: await cookieFor(otherTraveler.id),
        provider: await cookieFor(f.a.user.id),
        otherProvider: await cookieFor(f.b.user.id),
        admin: await cookieFor(admin.id),
      },
    };
  }
  const post = (payload: object, cookies?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/reviews', payload, ...(cookies ? { cookies } : {}) });
  const ratingsOf = async () => {
    const [p] = await t.db
      .select({ rating: providers.rating, count: providers.ratingCount })
      .from(providers)
      .where(eq(providers.id, f.a.provider.id));
    const [s] = await t.db
      .select({ rating: services.rating, count: services.ratingCount })
      .from(services)
      .where(eq(services.id, f.deepTissue.id));
    return { provider: p, service: s };
  };

  it('lets the traveler review a completed booking once: 201, unpublished; the ratings move once it is published', async () => {
    const x = await setup();
    const res = await post(
      { bookingId: x.completed.id, rating: 4, text: '  Strong hands, on time.  ' },
      x.cookies.traveler,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      review: {
        id: expect.any(String),
        bookingId: x.completed.id,
        serviceId: f.deepTissue.id,
        rating: 4,
        text: 'Strong hands, on time.',
        createdAt: expect.any(String),
        publishedAt: null,
      },
    });
    // Blind: nothing counts until it is published (decision 050).
    expect(await ratingsOf()).toEqual({ provider: { rating: 0, count: 0 }, service: { rating: 0, count: 0 } });
    const again = await post({ bookingId: x.completed.id, rating: 5, text: 'Again' }, x.cookies.traveler);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this booking');
    expect(await t.db.select().from(reviews)).toHaveLength(1);
    await closeWindows();
    expect(await ratingsOf()).toEqual({ provider: { rating: 4, count: 1 }, service: { rating: 4, count: 1 } });
    // The window is over: no more reviews of it.
    const late = await post({ bookingId: x.completed.id, rating: 5, text: 'Late' }, x.cookies.traveler);
    expect(late.json().message).toBe('The 14 days to review this booking are over.');
  });

  it('averages to one decimal: the service by its own reviews, the provider by all of theirs', async () => {
    const x = await setup();
    const second = await createBooking(t.db, {
      service: f.deepTissue,
      userId: x.traveler.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 2 * DAY),
    });
    const tour = await createBooking(t.db, {
      service: f.walkingTour,
      userId: x.traveler.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 3 * DAY),
    });
    expect((await post({ bookingId: x.completed.id, rating: 5, text: 'A' }, x.cookies.traveler)).statusCode).toBe(201);
    expect((await post({ bookingId: second.id, rating: 4, text: 'B' }, x.cookies.traveler)).statusCode).toBe(201);
    expect((await post({ bookingId: tour.id, rating: 4, text: 'C' }, x.cookies.traveler)).statusCode).toBe(201);
    await closeWindows();
    // deep tissue: (5 + 4) / 2 = 4.5; provider: 13 / 3 = 4.33 -> 4.3; the tour: 4.0.
    expect(await ratingsOf()).toEqual({ provider: { rating: 4.3, count: 3 }, service: { rating: 4.5, count: 2 } });
    const [tourRow] = await t.db
      .select({ rating: services.rating, count: services.ratingCount })
      .from(services)
      .where(eq(services.id, f.walkingTour.id));
    expect(tourRow).toEqual({ rating: 4, count: 1 });
  });

  it('shows the review on the service page and the provider’s profile once the provider has reviewed too', async () => {
    const x = await setup();
    expect(
      (await post({ bookingId: x.completed.id, rating: 3, text: 'Fine, a bit rushed' }, x.cookies.traveler)).statusCode,
    ).toBe(201);
    const before = (await t.app.inject({ url: `/api/services/${f.deepTissue.id}` })).json();
    expect(before.reviews).toEqual([]);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/provider/reviews',
      payload: { bookingId: x.completed.id, rating: 5, text: 'A kind guest' },
      cookies: x.cookies.provider,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().review.publishedAt).toEqual(expect.any(String));
    const detail = (await t.app.inject({ url: `/api/services/${f.deepTissue.id}` })).json();
    expect(detail.reviews.map((r: { text: string }) => r.text)).toEqual(['Fine, a bit rushed']);
    expect({ rating: detail.rating, ratingCount: detail.ratingCount }).toEqual({ rating: 3, ratingCount: 1 });
    expect(detail.provider).toMatchObject({ rating: 3, ratingCount: 1 });
    const list = (await t.app.inject({ url: `/api/providers/${f.a.user.id}/reviews` })).json();
    expect(list.map((r: { text: string }) => r.text)).toEqual(['Fine, a bit rushed']);
    const profile = (await t.app.inject({ url: `/api/providers/${f.a.user.id}` })).json();
    expect(profile).toMatchObject({ rating: 3, ratingCount: 1 });
  });

  it('completes a CONFIRMED or PAID booking whose end has passed, in the same transaction', async () => {
    const x = await setup();
    for (const status of ['CONFIRMED', 'PAID'] as const) {
      const b = await createBooking(t.db, {
        service: f.walkingTour,
        userId: x.traveler.id,
        status,
        startAt: new Date(Date.now() - (status === 'PAID' ? 3 : 5) * DAY),
      });
      const res = await post({ bookingId: b.id, rating: 5, text: 'Lovely' }, x.cookies.traveler);
      expect(res.statusCode, status).toBe(201);
      const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, b.id));
      expect(row?.status).toBe('COMPLETED');
      const history = await queryRows(
        t.db,
        sql`select actor_role, from_status, to_status from booking_events where booking_id = ${b.id}`,
      );
      expect(history).toEqual([{ actor_role: 'SYSTEM', from_status: status, to_status: 'COMPLETED' }]);
    }
  });

  it('counts concurrent reviews of one provider’s services, and a double submit reviews once', async () => {
    const x = await setup();
    const tour = await createBooking(t.db, {
      service: f.walkingTour,
      userId: x.traveler.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 3 * DAY),
    });
    const results = await Promise.all([
      post({ bookingId: x.completed.id, rating: 5, text: 'One' }, x.cookies.traveler),
      post({ bookingId: tour.id, rating: 3, text: 'Two' }, x.cookies.traveler),
      post({ bookingId: tour.id, rating: 3, text: 'Two again' }, x.cookies.traveler),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
    await closeWindows();
    expect(await ratingsOf()).toEqual({ provider: { rating: 4, count: 2 }, service: { rating: 5, count: 1 } });
  });

  it('refuses a booking that is not completed with 409 and its status, and writes nothing', async () => {
    const x = await setup();
    const cases = [
      { status: 'PENDING' as const, startAt: new Date(Date.now() + 5 * DAY), shown: 'PENDING' },
      { status: 'CONFIRMED' as const, startAt: new Date(Date.now() + 6 * DAY), shown: 'CONFIRMED' },
      { status: 'PAID' as const, startAt: new Date(Date.now() + 7 * DAY), shown: 'PAID' },
      { status: 'CANCELED' as const, startAt: new Date(Date.now() - 8 * DAY), shown: 'CANCELED' },
      { status: 'REFUNDED' as const, startAt: new Date(Date.now() - 9 * DAY), shown: 'REFUNDED' },
      // An unanswered request whose start has passed has expired.
      {
        status: 'PENDING' as const,
        startAt: new Date(Date.now() - 11 * DAY),
        createdAt: new Date(Date.now() - 12 * DAY),
        shown: 'CANCELED',
      },
    ];
    for (const c of cases) {
      const b = await createBooking(t.db, {
        service: f.walkingTour,
        userId: x.traveler.id,
        status: c.status,
        startAt: c.startAt,
        ...(c.createdAt ? { createdAt: c.createdAt } : {}),
      });
      const res = await post({ bookingId: b.id, rating: 5, text: 'Too soon' }, x.cookies.traveler);
      expect(res.statusCode, c.status).toBe(409);
      expect(res.json().message).toBe(`You can review a booking once it is completed: this one is ${c.shown}`);
    }
    expect(await t.db.select().from(reviews)).toHaveLength(0);
    expect(await ratingsOf()).toEqual({ provider: { rating: 0, count: 0 }, service: { rating: 0, count: 0 } });
  });

  it('is 401 for anonymous and 404 for everyone but the booking’s traveler', async () => {
    const x = await setup();
    const payload = { bookingId: x.completed.id, rating: 5, text: 'Not mine' };
    const anon = await post(payload);
    expect(anon.statusCode).toBe(401);
    for (const who of ['otherTraveler', 'provider', 'otherProvider', 'admin'] as const) {
      const res = await post(payload, x.cookies[who]);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().message).toBe('Booking not found.');
    }
    const unknown = await post({ ...payload, bookingId: '00000000-0000-4000-8000-000000000000' }, x.cookies.traveler);
    expect(unknown.statusCode).toBe(404);
    expect(await t.db.select().from(reviews)).toHaveLength(0);
  });

  it('validates the rating and the text with a message', async () => {
    const x = await setup();
    const cases: [object, string][] = [
      [{ bookingId: x.completed.id, rating: 0, text: 'x' }, 'Rating must be 1 to 5 stars'],
      [{ bookingId: x.completed.id, rating: 6, text: 'x' }, 'Rating must be 1 to 5 stars'],
      [{ bookingId: x.completed.id, rating: 4.5, text: 'x' }, 'Rating must be 1 to 5 stars'],
      [{ bookingId: x.completed.id, rating: 5, text: '   ' }, 'Review text is required'],
      [{ bookingId: x.completed.id, rating: 5, text: 'x'.repeat(2001) }, 'Review text must be at most 2000 characters'],
      [{ bookingId: 'nope', rating: 5, text: 'x' }, 'bookingId must be a booking id'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload, x.cookies.traveler);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await post({ bookingId: x.completed.id, rating: 5, text: 'x'.repeat(2000) }, x.cookies.traveler)).statusCode,
    ).toBe(201);
  });
});
