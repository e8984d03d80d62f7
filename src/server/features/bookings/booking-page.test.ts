import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { HIDDEN_REVIEW_NOTE } from '../../../shared/domain/reports.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';

/**
 * A traveler's booking page (/dashboard/traveler/bookings/{id}) and what it reads,
 * GET /api/bookings/{id}: every actor, the address revealed once confirmed, and a booking whose
 * service was deactivated or deleted staying readable.
 */
const t = useTestApp();
let f: BookingFixture;

beforeEach(async () => {
  f = await bookingFixture(t.db);
});

type Cookies = Record<string, string>;
const get = (url: string, cookies?: Cookies) => t.app.inject({ url, ...(cookies ? { cookies } : {}) });

/** The rendered page's visible text (tags dropped, entities of quotes decoded). */
const rootText = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('locora-page-data'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function book(over: Parameters<typeof createBooking>[1] = {}) {
  return createBooking(t.db, {
    service: f.service,
    userId: f.traveler.id,
    hours: 2,
    startAt: localAt(3, '10:00', f.timeZone),
    ...over,
  });
}

describe('GET /api/bookings/{id} for the booking page', () => {
  it('the place’s address only once confirmed; the service’s listing; the total', async () => {
    const pending = await book();
    const confirmed = await book({ startAt: localAt(4, '10:00', f.timeZone), status: 'CONFIRMED' });
    const a = (await get(`/api/bookings/${pending.id}`, f.cookies.traveler)).json().booking;
    expect(a.location).toEqual({ type: 'provider_place', area: 'Bairro Alto', address: null });
    expect(a.service.listing).toBe('live');
    expect(a.totalCents).toBe(a.amountCents + a.feeCents);
    const b = (await get(`/api/bookings/${confirmed.id}`, f.cookies.traveler)).json().booking;
    expect(b.location).toEqual({ type: 'provider_place', area: 'Bairro Alto', address: 'Rua da Rosa 10, Lisbon' });
  });

  it('a deactivated, paused or deleted service: the booking, its list entry and its thread stay readable', async () => {
    const b = await book({ status: 'CONFIRMED' });
    const listing = async () => (await get(`/api/bookings/${b.id}`, f.cookies.traveler)).json().booking.service.listing;
    await t.db.execute(sql`update services set is_paused = true where id = ${f.service.id}`);
    expect(await listing()).toBe('paused');
    await t.db.execute(sql`update services set is_paused = false, is_active = false where id = ${f.service.id}`);
    expect(await listing()).toBe('withdrawn');
    // The service page is a 404 to the public and to the traveler; the booking is not.
    expect((await get(`/api/services/${f.service.id}`, f.cookies.traveler)).statusCode).toBe(404);
    await t.db.execute(sql`update services set is_active = true, deleted_at = now() where id = ${f.service.id}`);
    const res = await get(`/api/bookings/${b.id}`, f.cookies.traveler);
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      id: b.id,
      status: 'CONFIRMED',
      service: { title: 'Deep tissue massage', listing: 'withdrawn' },
    });
    const upcoming = (await get('/api/bookings?status=upcoming', f.cookies.traveler)).json();
    expect(upcoming.map((x: { id: string }) => x.id)).toContain(b.id);
    expect((await get(`/api/bookings/${b.id}/messages`, f.cookies.traveler)).statusCode).toBe(200);
    const provider = await get(`/api/bookings/${b.id}`, f.cookies.owner);
    expect(provider.statusCode).toBe(200);
  });
});

describe('/dashboard/traveler/bookings/{id}', () => {
  it('anonymous: to sign in, and back here', async () => {
    const b = await book();
    const res = await get(`/dashboard/traveler/bookings/${b.id}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `/auth/signin?next=${encodeURIComponent(`/dashboard/traveler/bookings/${b.id}`)}`,
    );
  });

  it('its traveler: where, when in the provider’s zone, total, status, policy and the thread', async () => {
    const b = await book();
    const res = await get(`/dashboard/traveler/bookings/${b.id}`, f.cookies.traveler);
    expect(res.statusCode).toBe(200);
    const text = rootText(res.body);
    expect(text).toContain('Deep tissue massage');
    expect(text).toContain('with Ana Lima');
    expect(text).toContain('Pending');
    expect(text).toContain('Waiting for the provider to accept your request.');
    // Where: the area and city until the provider accepts, never the address.
    expect(text).toContain('At the provider’s place, Bairro Alto, Lisbon');
    expect(text).not.toContain('Rua da Rosa');
    // When: 10:00 to 12:00 in Lisbon, labelled; the page is rendered in UTC (no tz cookie).
    expect(text).toMatch(/10:00 AM – 12:00 PM Lisbon \(UTC[+0-9:]*\)/);
    expect(text).toContain('Total');
    expect(text).toMatch(/\$126(?![.\d])/);
    expect(text).toContain('Cancellation policy');
    expect(text).toContain('Cancel at least 24 hours before the start for a full refund');
    expect(res.body).toContain(`href="/messages?booking=${b.id}"`);
    expect(text).toContain('Open conversation');
    expect(text).toContain('View the service');
  });

  it('a review of the traveler Locora hid: the note in its place, in the page’s language', async () => {
    const b = await book({ startAt: new Date(Date.now() - 3 * 24 * 3600_000), status: 'COMPLETED' });
    await t.db.execute(
      sql`insert into traveler_reviews (booking_id, traveler_id, provider_id, author_id, rating, text, published_at,
                                        hidden_at, hidden_note)
          values (${b.id}, ${f.traveler.id}, ${f.owner.provider.id}, ${f.owner.user.id}, 1, 'Rude words', now(), now(),
                  ${HIDDEN_REVIEW_NOTE})`,
    );
    const ja = rootText((await get(`/ja/dashboard/traveler/bookings/${b.id}`, f.cookies.traveler)).body);
    expect(ja).toContain(
      'このレビューは報告を受けてLocoraが非表示にしました。コンテンツに関するルールに違反していました。',
    );
    expect(ja).not.toContain(HIDDEN_REVIEW_NOTE);
    expect(ja).not.toContain('Rude words');
    const en = rootText((await get(`/dashboard/traveler/bookings/${b.id}`, f.cookies.traveler)).body);
    expect(en).toContain(HIDDEN_REVIEW_NOTE);
  });

  it('shows the traveler’s own time when their zone reads differently', async () => {
    const b = await book();
    const res = await t.app.inject({
      url: `/dashboard/traveler/bookings/${b.id}`,
      cookies: { ...f.cookies.traveler, tz: 'Asia/Tokyo' },
    });
    const text = rootText(res.body);
    expect(text).toMatch(/Your time: .*, (6|7):00 PM – (8|9):00 PM Japan Standard Time \(UTC\+9\)/);
  });

  it('a confirmed booking shows the exact address; a withdrawn service says so and is not linked', async () => {
    const b = await book({ status: 'CONFIRMED' });
    await t.db.execute(sql`update services set is_active = false where id = ${f.service.id}`);
    const res = await get(`/dashboard/traveler/bookings/${b.id}`, f.cookies.traveler);
    expect(res.statusCode).toBe(200);
    const text = rootText(res.body);
    expect(text).toContain('At the provider’s place: Rua da Rosa 10, Lisbon');
    expect(text).toContain('This service is no longer offered.');
    expect(text).not.toContain('View the service');
    expect(res.body).not.toContain(`href="/service/${f.service.id}"`);
  });

  it('another traveler, the provider, an admin, an unknown or malformed id: the 404 page', async () => {
    const b = await book();
    for (const [who, url] of [
      ['traveler2', `/dashboard/traveler/bookings/${b.id}`],
      ['owner', `/dashboard/traveler/bookings/${b.id}`],
      ['other', `/dashboard/traveler/bookings/${b.id}`],
      ['admin', `/dashboard/traveler/bookings/${b.id}`],
      ['traveler', '/dashboard/traveler/bookings/00000000-0000-4000-8000-000000000000'],
      ['traveler', '/dashboard/traveler/bookings/nope'],
      ['traveler', `/dashboard/traveler/elsewhere/${b.id}`],
    ] as const) {
      const res = await get(url, f.cookies[who]);
      expect(res.statusCode, `${who} ${url}`).toBe(404);
      const text = rootText(res.body);
      expect(text, who).toContain('Page Not Found');
      expect(text, who).not.toContain('Deep tissue massage');
    }
  });
});
