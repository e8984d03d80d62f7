/** Shared fixture of the booking tests: a provider with availability in their zone, travelers, sessions. */
import { sql } from 'drizzle-orm';
import { addCalendarDays, calendarDateIn, DAY_MS, zonedToUtc } from '../../shared/domain/time.ts';
import { queryRows, type Executor } from '../db/open.ts';
import { createAvailability, createCategory, createProvider, createService, createUser } from '../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from '../http/session.ts';

export async function cookieFor(db: Executor, userId: string) {
  const { token } = await createSession(db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}

/** An instant at a wall time `daysAhead` days from today in `timeZone`. */
export function localAt(daysAhead: number, time: string, timeZone: string): Date {
  const today = calendarDateIn(new Date(), timeZone);
  return zonedToUtc(addCalendarDays(today, daysAhead), time, timeZone);
}

/**
 * A provider (zone `timeZone`) with two services, available 08:00-20:00 (their time) on days 3
 * and 4 from today; another provider; two travelers; an admin.
 */
export async function bookingFixture(db: Executor, timeZone = 'Europe/Lisbon') {
  const category = await createCategory(db, {
    name: 'Wellness',
    slug: `wellness-${Math.random().toString(36).slice(2)}`,
  });
  const owner = await createProvider(db, { displayName: 'Ana Lima', timeZone, user: { name: 'Ana' } });
  const other = await createProvider(db, { displayName: 'Bruno Costa', user: { name: 'Bruno' } });
  const traveler = await createUser(db, { name: 'Rita Sousa' });
  const traveler2 = await createUser(db, { name: 'Tom Grey' });
  const admin = await createUser(db, { role: 'ADMIN', name: 'Admin' });
  const service = await createService(db, {
    providerId: owner.provider.id,
    categoryId: category.id,
    title: 'Deep tissue massage',
    priceCents: 6000,
    minHours: 2,
    // At the provider's studio: requests need no traveler's address (service-location.test.ts
    // covers services that come to the traveler).
    locationType: 'provider_place',
    locationAddress: 'Rua da Rosa 10, Lisbon',
    locationArea: 'Bairro Alto',
  });
  const service2 = await createService(db, {
    providerId: owner.provider.id,
    categoryId: category.id,
    title: 'City walk',
    priceCents: 2550,
    minHours: 1,
    locationType: 'meeting_point',
    locationAddress: 'Praça do Comércio, by the arch',
    locationArea: 'Baixa',
  });
  const othersService = await createService(db, {
    providerId: other.provider.id,
    categoryId: category.id,
    locationType: 'meeting_point',
    locationAddress: 'Cais do Sodré station, main exit',
  });
  for (const day of [3, 4]) {
    await createAvailability(db, {
      providerId: owner.provider.id,
      startAt: localAt(day, '08:00', timeZone),
      endAt: localAt(day, '20:00', timeZone),
    });
  }
  await createAvailability(db, {
    providerId: other.provider.id,
    startAt: localAt(3, '08:00', 'Europe/Lisbon'),
    endAt: localAt(3, '20:00', 'Europe/Lisbon'),
  });
  return {
    timeZone,
    category,
    owner,
    other,
    traveler,
    traveler2,
    admin,
    service,
    service2,
    othersService,
    cookies: {
      owner: await cookieFor(db, owner.user.id),
      other: await cookieFor(db, other.user.id),
      traveler: await cookieFor(db, traveler.id),
      traveler2: await cookieFor(db, traveler2.id),
      admin: await cookieFor(db, admin.id),
    },
  };
}

export type BookingFixture = Awaited<ReturnType<typeof bookingFixture>>;

export async function count(db: Executor, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}

export const HOURS_25 = 25 * 60 * 60 * 1000;
export { DAY_MS };
