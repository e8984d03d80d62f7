// Every start time GET .../slots offers can really be booked through POST /api/bookings, and a
// booked one disappears from the next answer — on the days the clocks change, in zones on both
// hemispheres (run with TZ=UTC). The days are the next real DST changes, found from today.
import { describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../../../shared/api/bookings-responses.ts';
import { addCalendarDays, calendarDateIn, DAY_MS, HOUR_MS, zonedToUtc } from '../../../shared/domain/time.ts';
import {
  createAvailability,
  createCategory,
  createProvider,
  createService,
  createUser,
} from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { cookieFor } from '../../test/booking-fixture.ts';

const t = useTestApp();

/** The next day (3 to 175 days from today) in `timeZone` whose length is `hours` hours. */
function nextDayLasting(timeZone: string, hours: number): string {
  const today = calendarDateIn(new Date(), timeZone);
  for (let i = 3; i <= 175; i++) {
    const day = addCalendarDays(today, i);
    const length =
      zonedToUtc(addCalendarDays(day, 1), '00:00', timeZone).getTime() - zonedToUtc(day, '00:00', timeZone).getTime();
    if (length === hours * HOUR_MS) return day;
  }
  throw new Error(`no ${hours}-hour day in ${timeZone} within 175 days`);
}

/** The zones' next change days: one of the two hemispheres always has one within 175 days. */
function nextChange(kind: 'spring' | 'fall'): { timeZone: string; day: string } {
  for (const timeZone of ['America/New_York', 'Australia/Sydney', 'Europe/Lisbon']) {
    try {
      return { timeZone, day: nextDayLasting(timeZone, kind === 'spring' ? 23 : 25) };
    } catch {
      // this zone's next change of that kind is further away; try the other hemisphere
    }
  }
  throw new Error(`no ${kind} change found`);
}

describe.each(['spring', 'fall'] as const)('the %s clock change', (kind) => {
  it('every offered start time books (201), then is gone from the slots; hours span the change', async () => {
    const { timeZone, day } = nextChange(kind);
    const category = await createCategory(t.db);
    const owner = await createProvider(t.db, { timeZone });
    const service = await createService(t.db, {
      providerId: owner.provider.id,
      categoryId: category.id,
      minHours: 1,
      locationType: 'provider_place',
    });
    const traveler = await createUser(t.db, { role: 'TRAVELER' });
    const cookies = await cookieFor(t.db, traveler.id);
    // Available from local midnight to 05:00: the skipped or repeated hour is inside.
    const startAt = zonedToUtc(day, '00:00', timeZone);
    const endAt = zonedToUtc(day, '05:00', timeZone);
    await createAvailability(t.db, { providerId: owner.provider.id, startAt, endAt });
    const realHours = (endAt.getTime() - startAt.getTime()) / HOUR_MS;
    expect(realHours).toBe(kind === 'spring' ? 4 : 6);

    const slotsOf = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/services/${service.id}/slots?date=${day}&hours=1` });
      expect(res.statusCode).toBe(200);
      return (res.json() as SlotsResponse).slots;
    };
    const offered = await slotsOf();
    // Every real half hour whose hour fits: (realHours - 1) * 2 + 1 start times.
    expect(offered).toHaveLength((realHours - 1) * 2 + 1);
    expect(new Set(offered.map((s) => s.start)).size).toBe(offered.length);

    for (const slot of offered) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        cookies,
        payload: { serviceId: service.id, start: slot.start, hours: 1 },
      });
      expect(created.statusCode, `${slot.start}: ${created.body}`).toBe(201);
      const booking = created.json().booking as { id: string; start: string; end: string };
      expect(new Date(booking.end).getTime() - new Date(booking.start).getTime()).toBe(HOUR_MS);
      expect((await slotsOf()).map((s) => s.start)).not.toContain(slot.start);
      const canceled = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${booking.id}/cancel`,
        cookies,
        payload: {},
      });
      expect(canceled.statusCode).toBe(200);
    }
    // Canceled bookings free their time again.
    expect(await slotsOf()).toEqual(offered);
    expect(DAY_MS).toBe(24 * HOUR_MS);
  });
});
