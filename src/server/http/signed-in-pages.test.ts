import { describe, expect, it } from 'vitest';
import { createBooking, createMessage } from '../db/seed/factories.ts';
import { bookingFixture, localAt } from '../test/booking-fixture.ts';
import { useTestApp } from '../test/test-app.ts';

/*
 * The signed-in pages are rendered with their data, as the public ones are: what the browser shows
 * first is in the HTML, and hydration has nothing to ask the API for (nothing appears late, nothing
 * moves).
 */

const t = useTestApp();

type PageData = { queries: { queries: { queryKey: unknown[]; state: { status: string } }[] } };

function pageData(html: string): PageData {
  const m = html.match(/<script type="application\/json" id="locora-page-data">([\s\S]*?)<\/script>/);
  if (!m) throw new Error('no page data in the HTML');
  return JSON.parse(m[1]!) as PageData;
}
const rootHtml = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('locora-page-data'));
const loaded = (html: string) =>
  pageData(html)
    .queries.queries.filter((q) => q.state.status === 'success')
    .map((q) => q.queryKey[0]);

describe('signed-in pages, server-rendered with their data', () => {
  it('/messages lists the booking threads and the open inquiries in the HTML', async () => {
    const f = await bookingFixture(t.db);
    const booking = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      startAt: localAt(3, '10:00', 'Europe/Lisbon'),
      hours: 2,
    });
    await createMessage(t.db, { bookingId: booking.id, senderId: f.traveler.id, body: 'See you at ten.' });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/services/${f.service2.id}/inquiry`,
      payload: { body: 'Is the sauna included?' },
      cookies: f.cookies.traveler,
    });
    expect(asked.statusCode, asked.body).toBe(201);

    const res = await t.app.inject({ url: '/messages', cookies: f.cookies.traveler });
    expect(res.statusCode).toBe(200);
    const html = rootHtml(res.body);
    // Both conversations, each by its service: the booking's thread and the inquiry (marked so).
    expect(html).toContain('Deep tissue massage');
    expect(html).toContain('City walk');
    expect(html).toContain('>Inquiry<');
    expect(html).not.toContain('Loading your messages');
    expect(loaded(res.body)).toEqual(expect.arrayContaining(['/api/bookings/with-messages', '/api/inquiries']));
  });

  it('/dashboard/traveler carries whether card payments are on, with the bookings', async () => {
    const f = await bookingFixture(t.db);
    await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      startAt: localAt(3, '10:00', 'Europe/Lisbon'),
      hours: 2,
    });
    const res = await t.app.inject({ url: '/dashboard/traveler', cookies: f.cookies.traveler });
    expect(res.statusCode).toBe(200);
    expect(rootHtml(res.body)).toContain(f.service.title);
    expect(loaded(res.body)).toEqual(expect.arrayContaining(['/api/bookings', '/api/payments/config']));
  });
});
