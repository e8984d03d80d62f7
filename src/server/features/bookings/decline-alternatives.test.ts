// Declining with other times offered (decision 065), through the API on a real database (TZ=UTC).
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/open.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';

const t = useTestApp();
let f: BookingFixture;

beforeEach(async () => {
  f = await bookingFixture(t.db);
});

type Cookies = Record<string, string>;

const book = (startAt = localAt(3, '10:00', f.timeZone)) =>
  createBooking(t.db, { service: f.service, userId: f.traveler.id, hours: 2, startAt });

const decline = (cookies: Cookies | undefined, id: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${id}/decline`,
    payload: body as Record<string, unknown>,
    ...(cookies ? { cookies } : {}),
  });

const declinedEmail = async () =>
  (
    await queryRows<{ text: string }>(
      t.db,
      sql`select text from email_outbox where kind = 'booking-declined' and to_address = ${f.traveler.email}`,
    )
  )[0]?.text;

describe('POST /api/bookings/{id}/decline with other times', () => {
  it('keeps up to three free starts, shows them on the booking, and emails each as a link to checkout', async () => {
    const b = await book();
    // 10:00 on day 3 is the declined time itself: freed by the decline, so it may be offered back half an hour on.
    const offered = [localAt(4, '09:30', f.timeZone), localAt(3, '10:30', f.timeZone), localAt(4, '15:00', f.timeZone)];
    const res = await decline(f.cookies.owner, b.id, {
      reason: 'Not that morning',
      alternativeStarts: offered.map((d) => d.toISOString()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const sorted = [offered[1]!, offered[0]!, offered[2]!].map((d) => d.toISOString());
    expect(res.json().booking).toMatchObject({ status: 'CANCELED', declined: true, alternativeStarts: sorted });
    // The traveler's booking page reads them too.
    const page = await t.app.inject({ url: `/api/bookings/${b.id}`, cookies: f.cookies.traveler });
    expect(page.json().booking.alternativeStarts).toEqual(sorted);
    const text = await declinedEmail();
    expect(text).toContain('Ana Lima can offer these times instead. Open one to request it:');
    for (const start of sorted)
      expect(text).toContain(
        `/checkout/${f.service.id}?date=${encodeURIComponent(start)}&start=${encodeURIComponent(start)}`,
      );
  });

  it('writes the email in the traveler’s language', async () => {
    await t.db.execute(sql`update users set language = 'pt-BR' where id = ${f.traveler.id}`);
    const b = await book();
    const start = localAt(4, '11:00', f.timeZone).toISOString();
    expect((await decline(f.cookies.owner, b.id, { alternativeStarts: [start] })).statusCode).toBe(200);
    const text = await declinedEmail();
    expect(text).toContain('Ana Lima pode oferecer estes horários. Abra um para solicitá-lo:');
    expect(text).toContain(`/pt-BR/checkout/${f.service.id}?date=`);
  });

  it('refuses a time that is not free, more than three, twice the same, or not a date-time; nothing changes', async () => {
    const b = await book();
    const taken = await createBooking(t.db, {
      service: f.service2,
      userId: f.traveler2.id,
      hours: 1,
      startAt: localAt(4, '12:00', f.timeZone),
      status: 'CONFIRMED',
    });
    expect(taken.id).toBeTruthy();
    const iso = (day: number, time: string) => localAt(day, time, f.timeZone).toISOString();
    const cases: [unknown, number, RegExp][] = [
      [[iso(4, '11:30')], 400, /is not one of your free times/], // runs into the 12:00 booking
      [[iso(5, '10:00')], 400, /is not one of your free times/], // no availability that day
      [[iso(4, '19:00')], 400, /is not one of your free times/], // ends after 20:00
      [[iso(4, '09:15')], 400, /is not one of your free times/], // off the half-hour grid
      [[iso(4, '09:00'), iso(4, '13:00'), iso(4, '14:00'), iso(4, '15:00')], 400, /at most 3/],
      [[iso(4, '09:00'), iso(4, '09:00')], 400, /once/],
      [['tomorrow'], 400, /ISO date-time/],
    ];
    for (const [alternativeStarts, status, message] of cases) {
      const res = await decline(f.cookies.owner, b.id, { alternativeStarts });
      expect([res.statusCode, res.json().message], JSON.stringify(alternativeStarts)).toEqual([
        status,
        expect.stringMatching(message),
      ]);
    }
    const [row] = await queryRows<{ status: string; alternative_starts: unknown }>(
      t.db,
      sql`select status, alternative_starts from bookings where id = ${b.id}`,
    );
    expect(row).toEqual({ status: 'PENDING', alternative_starts: null });
    expect(await declinedEmail()).toBeUndefined();
  });

  it('access: anonymous 401, the traveler 403, another provider and admin 404; a decline without times has none', async () => {
    const b = await book();
    const body = { alternativeStarts: [localAt(4, '09:00', f.timeZone).toISOString()] };
    expect((await decline(undefined, b.id, body)).statusCode).toBe(401);
    expect((await decline(f.cookies.traveler, b.id, body)).statusCode).toBe(403);
    expect((await decline(f.cookies.other, b.id, body)).statusCode).toBe(404);
    expect((await decline(f.cookies.admin, b.id, body)).statusCode).toBe(404);
    const plain = await decline(f.cookies.owner, b.id, {});
    expect(plain.json().booking.alternativeStarts).toEqual([]);
    expect(await declinedEmail()).not.toContain('can offer these times');
  });
});
