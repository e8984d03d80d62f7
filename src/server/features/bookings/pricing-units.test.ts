import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/open.ts';
import { createService } from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';

/** Pricing units mean what they say (decision 035): a session or a day is one unit at its price. */
const t = useTestApp();
let f: BookingFixture;
beforeEach(async () => {
  f = await bookingFixture(t.db);
});

const at = (time: string) => localAt(3, time, f.timeZone).toISOString();

async function serviceOf(pricingUnit: 'per hour' | 'per session' | 'per day', priceCents: number, minHours: number) {
  return createService(t.db, {
    providerId: f.owner.provider.id,
    categoryId: f.category.id,
    title: `A ${pricingUnit} service`,
    priceCents,
    pricingUnit,
    minHours,
  });
}

function book(serviceId: string, start: string, hours: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: { serviceId, start, hours, address: 'Rua Augusta 1, Lisbon' },
    cookies: f.cookies.traveler,
  });
}

async function stored(id: string) {
  const [row] = await queryRows<{ hours: number; amount_cents: number; fee_cents: number; blocked: string }>(
    t.db,
    sql`select hours, amount_cents, fee_cents, (end_at - start_at)::text as blocked from bookings where id = ${id}`,
  );
  return row;
}

describe('POST /api/bookings by pricing unit', () => {
  it('a day is one day at the unit price, and blocks the hours it covers', async () => {
    const day = await serviceOf('per day', 22000, 8);
    const res = await book(day.id, at('09:00'), 8);
    expect(res.statusCode).toBe(201);
    const booking = res.json().booking;
    // $220 a day, not $220 x 8 hours.
    expect(booking).toMatchObject({ hours: 8, amountCents: 22000, feeCents: 1100, totalCents: 23100 });
    expect(booking.service).toMatchObject({ pricingUnit: 'per day', price: 22000 });
    expect(await stored(booking.id)).toEqual({ hours: 8, amount_cents: 22000, fee_cents: 1100, blocked: '08:00:00' });

    // The day holds the calendar: a request inside it is refused.
    const overlap = await book(f.service2.id, at('15:00'), 1);
    expect(overlap.statusCode).toBe(409);
  });

  it('a session is one session at the unit price, whatever its length', async () => {
    const session = await serviceOf('per session', 9000, 3);
    const res = await book(session.id, at('10:00'), 3);
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({ hours: 3, amountCents: 9000, feeCents: 450, totalCents: 9450 });
  });

  it('refuses a session or a day of another length, with the length in the message', async () => {
    const day = await serviceOf('per day', 22000, 8);
    const res = await book(day.id, at('09:00'), 9);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A booking of this service is one day of 8 hours.');
    const session = await serviceOf('per session', 9000, 3);
    const res2 = await book(session.id, at('09:00'), 4);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().message).toBe('A booking of this service is one session of 3 hours.');
  });

  it('per hour stays price x hours', async () => {
    const hourly = await serviceOf('per hour', 3999, 2);
    const res = await book(hourly.id, at('12:00'), 3);
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({ hours: 3, amountCents: 11997, service: { price: 3999 } });
  });

  it("the traveler's receipt states the exact total: cents when there are any, none when not", async () => {
    const odd = await serviceOf('per hour', 3999, 1);
    expect((await book(odd.id, at('12:00'), 3)).statusCode).toBe(201); // $119.97 + $6 fee
    const even = await serviceOf('per day', 20000, 8);
    expect((await book(even.id, localAt(4, '09:00', f.timeZone).toISOString(), 8)).statusCode).toBe(201); // $200 + $10 fee
    const totals = await queryRows<{ text: string }>(
      t.db,
      sql`select text from email_outbox where kind = 'booking-receipt' order by created_at, id`,
    );
    const texts = totals.map((r) => /Total: ([^,]+),/.exec(r.text)?.[1]).sort();
    expect(texts).toEqual(['$125.97', '$210']);
  });
});
