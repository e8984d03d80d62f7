/**
 * Only published reviews count, anywhere (decision 050): every route that returns reviews, or
 * numbers made of them, is read as the other party, a third user, anonymous and an admin while a
 * review is unpublished (nothing of it shows, the ratings do not move), then again once it is
 * published (it shows: the same reads can see it, so they would have caught a leak).
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../clock.ts';
import { createBooking, createFavorite } from '../../db/seed/factories.ts';
import { bookingFixture, cookieFor, DAY_MS } from '../../test/booking-fixture.ts';
import { useTestApp } from '../../test/test-app.ts';

const clock = manualClock();
const t = useTestApp({}, { clock });

const OF_SERVICE = 'Unpublished words about the massage';
const OF_TRAVELER = 'Unpublished words about the guest';

describe('an unpublished review, over every route that returns reviews', () => {
  it('reaches no one but its author; once published, everyone', async () => {
    clock.set(Date.now());
    const f = await bookingFixture(t.db);
    const booking = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 2 * DAY_MS),
      hours: 2,
    });
    await createFavorite(t.db, { userId: f.traveler2.id, serviceId: f.service.id });
    const provider = f.cookies.owner;
    const write = async (url: string, cookies: Record<string, string>, rating: number, text: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        cookies,
        payload: { bookingId: booking.id, rating, text },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().review.publishedAt as string | null;
    };

    const routes = (viewer: 'traveler' | 'provider' | 'third' | 'anonymous' | 'admin') => {
      const list = [
        `/api/services/${f.service.id}`,
        `/api/providers/${f.owner.user.id}`,
        `/api/providers/${f.owner.user.id}/reviews`,
        `/api/services?q=massage`,
        `/api/services/featured`,
        `/service/${f.service.id}`,
        `/provider/${f.owner.user.id}`,
      ];
      if (viewer !== 'anonymous') list.push(`/api/bookings/${booking.id}`, `/api/travelers/${f.traveler.id}`);
      if (viewer === 'traveler') list.push('/api/bookings?status=past');
      if (viewer === 'provider') list.push('/api/provider/bookings', '/api/provider/stats');
      if (viewer === 'third') list.push('/api/favorites');
      return list;
    };
    const cookiesOf = {
      traveler: f.cookies.traveler,
      provider,
      third: f.cookies.traveler2,
      anonymous: undefined,
      admin: f.cookies.admin,
    };
    /** Every route as `viewer`: the bodies joined (404s of routes the viewer may not read included). */
    const readAll = async (viewer: keyof typeof cookiesOf) => {
      let all = '';
      for (const url of routes(viewer)) {
        const res = await t.app.inject({ url, ...(cookiesOf[viewer] ? { cookies: cookiesOf[viewer] } : {}) });
        expect([200, 404], `${viewer} ${url}: ${res.statusCode}`).toContain(res.statusCode);
        all += `\n${url}\n${res.body}`;
      }
      return all;
    };

    // The traveler reviews the service (1 star), the provider the traveler (2 stars): each alone first.
    expect(await write('/api/reviews', f.cookies.traveler, 1, OF_SERVICE)).toBeNull();
    for (const viewer of ['provider', 'third', 'anonymous', 'admin'] as const) {
      const seen = await readAll(viewer);
      expect(seen, viewer).not.toContain(OF_SERVICE);
      // The ratings did not move: the service and its provider are still unrated.
      expect(seen, viewer).not.toMatch(/"rating":1\b/);
    }
    const own = await readAll('traveler');
    expect(own, 'the author reads their own review').toContain(OF_SERVICE);
    const service = (await t.app.inject({ url: `/api/services/${f.service.id}` })).json();
    expect({ rating: service.rating, count: service.ratingCount, reviews: service.reviews }).toEqual({
      rating: 0,
      count: 0,
      reviews: [],
    });

    // The provider's review of the traveler publishes both at once.
    expect(await write('/api/provider/reviews', provider, 2, OF_TRAVELER)).toEqual(expect.any(String));
    for (const viewer of ['traveler', 'provider', 'third', 'anonymous', 'admin'] as const) {
      const seen = await readAll(viewer);
      expect(seen, viewer).toContain(OF_SERVICE);
      if (viewer !== 'anonymous' && viewer !== 'third') expect(seen, viewer).toContain(OF_TRAVELER);
    }
    const after = (await t.app.inject({ url: `/api/services/${f.service.id}` })).json();
    expect({ rating: after.rating, count: after.ratingCount }).toEqual({ rating: 1, count: 1 });
  }, 120_000);

  it('the provider’s review of a traveler stays with its author until published', async () => {
    clock.set(Date.now());
    const f = await bookingFixture(t.db);
    const booking = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 2 * DAY_MS),
      hours: 2,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provider/reviews',
      cookies: f.cookies.owner,
      payload: { bookingId: booking.id, rating: 2, text: OF_TRAVELER },
    });
    expect(res.statusCode, res.body).toBe(201);
    const reads: [string, Record<string, string> | undefined][] = [
      ['/api/bookings?status=past', f.cookies.traveler],
      [`/api/bookings/${booking.id}`, f.cookies.traveler],
      [`/api/bookings/${booking.id}`, f.cookies.admin],
      [`/api/travelers/${f.traveler.id}`, f.cookies.traveler],
      [`/api/travelers/${f.traveler.id}`, f.cookies.admin],
      [`/api/travelers/${f.traveler.id}`, await cookieFor(t.db, f.other.user.id)],
      [`/api/provider/bookings`, f.cookies.other],
    ];
    for (const [url, cookies] of reads) {
      const body = (await t.app.inject({ url, ...(cookies ? { cookies } : {}) })).body;
      expect(body, url).not.toContain(OF_TRAVELER);
    }
    // The traveler learns that it exists (to write theirs), not what it says.
    const mine = (await t.app.inject({ url: `/api/bookings/${booking.id}`, cookies: f.cookies.traveler })).json();
    expect(mine.booking).toMatchObject({ providerReviewed: true, providerReview: null });
    // The author reads it on their request list.
    const theirs = (await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.owner })).json();
    expect(theirs[0].travelerReview).toMatchObject({ text: OF_TRAVELER, publishedAt: null });

    // The window ends: the publishing job publishes it; the traveler reads it, and their record counts it.
    clock.advance(15 * DAY_MS);
    expect(await t.app.jobs.runOnce('review-publishing')).toBe(1);
    const card = (await t.app.inject({ url: `/api/travelers/${f.traveler.id}`, cookies: f.cookies.admin })).json();
    expect(card.traveler).toMatchObject({ rating: 2, ratingCount: 1, completedBookings: 1 });
    expect(card.reviews.map((r: { text: string }) => r.text)).toEqual([OF_TRAVELER]);
    const now = (await t.app.inject({ url: `/api/bookings/${booking.id}`, cookies: f.cookies.traveler })).json();
    expect(now.booking.providerReview).toMatchObject({ rating: 2, text: OF_TRAVELER });
  });
});
