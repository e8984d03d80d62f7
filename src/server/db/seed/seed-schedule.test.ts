import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../../shared/domain/calendar-date.ts';
import { computeSlots, slotWindow } from '../../../shared/domain/slots.ts';
import { utcToZoned } from '../../../shared/domain/time.ts';
import { calendarDateIn } from '../../../shared/domain/zones.ts';
import { loadBusy, loadEffectiveAvailability } from '../../read-models/availability.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { queryRows, type Database } from '../open.ts';
import { daypartOf } from './content/catalog.ts';
import { seedDemo } from './seed.ts';

/**
 * The demo's services and their providers' calendars agree: every service a traveler can open can
 * be booked for its minimum length, at a sensible hour for its kind (an evening service in the
 * evening), on several days of the next two weeks, by the same slot maths the booking API uses.
 */
const DAYS = 14;
/** At least this many days of the next two weeks with a start time at the service's hours. */
const MIN_DAYS = 3;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db);
});
afterAll(async () => {
  await database?.close();
});

type ServiceRow = { id: string; title: string; min_hours: number; provider_id: string; time_zone: string };

describe('demo schedule', () => {
  it('every visible demo service has a start time at its hours on several of the next 14 days', async () => {
    const now = new Date();
    const services = await queryRows<ServiceRow>(
      database.db,
      sql`select s.id, s.title, s.min_hours, s.provider_id, p.time_zone from services s
          join providers p on p.id = s.provider_id
          where s.is_active and not s.is_paused and s.deleted_at is null order by s.title`,
    );
    expect(services.length).toBeGreaterThan(100);
    const short: string[] = [];
    const byProvider = new Map<string, ServiceRow[]>();
    for (const s of services) byProvider.set(s.provider_id, [...(byProvider.get(s.provider_id) ?? []), s]);
    for (const [providerId, list] of byProvider) {
      const timeZone = list[0]!.time_zone;
      const today = calendarDateIn(now, timeZone);
      const last = addCalendarDays(today, DAYS);
      const window = slotWindow(today, last, timeZone, 24, now);
      if (!window) throw new Error('no window');
      const [availability, busy] = await Promise.all([
        loadEffectiveAvailability(database.db, providerId, window, timeZone),
        loadBusy(database.db, providerId, window, now),
      ]);
      for (const service of list) {
        const [from, to] = daypartOf(service.title);
        let days = 0;
        for (let d = 0; d <= DAYS; d++) {
          const date = addCalendarDays(today, d);
          const slots = computeSlots({ date, timeZone, hours: service.min_hours, now, availability, busy });
          // A start at its hours, and the end by the close of them (midnight counts as 24).
          const sensible = slots.some((slot) => {
            const start = utcToZoned(slot.start, timeZone);
            const [h, m] = start.time.split(':').map(Number) as [number, number];
            const startHour = h + m / 60;
            return startHour >= from && startHour + service.min_hours <= to;
          });
          if (sensible) days++;
        }
        if (days < MIN_DAYS) short.push(`${service.title} (${service.min_hours} h, ${from}-${to}): ${days} days`);
      }
    }
    expect(short).toEqual([]);
  });
});
