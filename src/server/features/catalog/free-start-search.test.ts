import { describe, expect, it } from 'vitest';
import { placeAliases } from '../../db/schema.ts';
import { placeAliasRows } from '../../db/seed/content/places.ts';
import {
  createAvailability,
  createBooking,
  createCategory,
  createProvider,
  createService,
} from '../../db/seed/factories.ts';
import { uniqueIp, useTestApp } from '../../test/test-app.ts';
import { serviceSearchSchema } from '../../../shared/api/catalog.ts';
import { searchServices } from './catalog.ts';

const t = useTestApp();
const HOUR = 60 * 60 * 1000;

/** A day well ahead, inside what can be booked, as yyyy-MM-dd (UTC), and its UTC midnight. */
function dayAhead(days: number) {
  const d = new Date(Date.now() + days * 24 * HOUR);
  const date = d.toISOString().slice(0, 10);
  return { date, midnight: new Date(`${date}T00:00:00Z`) };
}

/**
 * Three providers in two zones: Lisbon (free 09:00-12:00 local on the day), Tokyo (free 09:00-11:00
 * local, that is 00:00-02:00 UTC), and one fully booked.
 */
async function fixture(date: string) {
  await t.db.insert(placeAliases).values(placeAliasRows()).onConflictDoNothing();
  const massage = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const yoga = await createCategory(t.db, { name: 'Yoga', slug: 'yoga' });
  const lisbon = (await createProvider(t.db, { displayName: 'Ana', timeZone: 'Europe/Lisbon' })).provider;
  const tokyo = (await createProvider(t.db, { displayName: 'Ken', timeZone: 'Asia/Tokyo' })).provider;
  const busy = (await createProvider(t.db, { displayName: 'Bia', timeZone: 'Europe/Lisbon' })).provider;
  const offset = (zone: string) => {
    const f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    const name = f.formatToParts(new Date(`${date}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  };
  const local = (zone: string, hour: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + hour * HOUR - offset(zone) * 60_000);
  await createAvailability(t.db, {
    providerId: lisbon.id,
    startAt: local('Europe/Lisbon', 9),
    endAt: local('Europe/Lisbon', 12),
  });
  await createAvailability(t.db, {
    providerId: tokyo.id,
    startAt: local('Asia/Tokyo', 9),
    endAt: local('Asia/Tokyo', 11),
  });
  await createAvailability(t.db, {
    providerId: busy.id,
    startAt: local('Europe/Lisbon', 9),
    endAt: local('Europe/Lisbon', 11),
  });
  const short = await createService(t.db, {
    providerId: lisbon.id,
    categoryId: massage.id,
    title: 'Swedish massage',
    city: 'Lisbon',
  });
  await createService(t.db, {
    providerId: lisbon.id,
    categoryId: massage.id,
    title: 'Four-hour spa ritual',
    city: 'Lisbon',
    minHours: 4,
  });
  await createService(t.db, { providerId: tokyo.id, categoryId: yoga.id, title: 'Sunrise yoga', city: 'Tokyo' });
  const booked = await createService(t.db, {
    providerId: busy.id,
    categoryId: massage.id,
    title: 'Thai massage',
    city: 'Lisbon',
  });
  await createBooking(t.db, { service: booked, status: 'CONFIRMED', startAt: local('Europe/Lisbon', 9), hours: 2 });
  return { short };
}

async function search(query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/services?${new URLSearchParams(query).toString()}`,
    remoteAddress: uniqueIp(),
  });
  return res;
}
const titles = (res: { json(): unknown }) => (res.json() as { title: string }[]).map((s) => s.title).sort();

describe('GET /api/services?date= ("Available on…")', () => {
  it('keeps the services whose provider has a free start that day in their own zone, for their minimum hours', async () => {
    const { date } = dayAhead(20);
    await fixture(date);
    const res = await search({ date });
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['Sunrise yoga', 'Swedish massage']);
    expect(res.headers['x-total-count']).toBe('2');
    expect(titles(await search({ date, q: 'massage' }))).toEqual(['Swedish massage']);
    // The next day nobody is free.
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 48 * HOUR).toISOString().slice(0, 10);
    const none = await search({ date: next });
    expect(titles(none)).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('leaves out a provider whose open time is blocked, by a block that began the evening before', async () => {
    const { date } = dayAhead(20);
    await fixture(date);
    const massage = (await t.db.query.categories.findFirst({ where: (c, { eq }) => eq(c.slug, 'massage') }))!;
    const away = (await createProvider(t.db, { displayName: 'Rui', timeZone: 'Europe/Lisbon' })).provider;
    await createService(t.db, {
      providerId: away.id,
      categoryId: massage.id,
      title: 'Hot stone massage',
      city: 'Lisbon',
    });
    // Open 09:00-12:00 Lisbon time (UTC+0 on a winter day, UTC+1 in summer).
    const nine = new Date(`${date}T09:00:00Z`);
    const lisbonHour = (at: Date) =>
      Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', hour: 'numeric' }).format(at));
    const shift = (lisbonHour(nine) - 9) * HOUR;
    await createAvailability(t.db, {
      providerId: away.id,
      startAt: new Date(nine.getTime() - shift),
      endAt: new Date(nine.getTime() - shift + 3 * HOUR),
    });
    expect(titles(await search({ date, q: 'massage' }))).toEqual(['Hot stone massage', 'Swedish massage']);
    // Blocked from 20:00 the evening before until 12:00: 16 hours, begun before the day.
    await createAvailability(t.db, {
      providerId: away.id,
      startAt: new Date(nine.getTime() - shift - 13 * HOUR),
      endAt: new Date(nine.getTime() - shift + 3 * HOUR),
      isBlocked: true,
    });
    expect(titles(await search({ date, q: 'massage' }))).toEqual(['Swedish massage']);
  });

  it('refuses a date that is not yyyy-MM-dd with a 400 that says so', async () => {
    const res = await search({ date: '31/12/2026' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('yyyy-MM-dd');
  });

  it('without a date, lists every service as before', async () => {
    const { date } = dayAhead(20);
    await fixture(date);
    expect(titles(await search({}))).toEqual([
      'Four-hour spa ritual',
      'Sunrise yoga',
      'Swedish massage',
      'Thai massage',
    ]);
  });
});

describe('searchServices with a time word in the text', () => {
  it('"massage tomorrow" keeps the services free tomorrow in their zone', async () => {
    const { date, midnight } = dayAhead(20);
    await fixture(date);
    // 08:00 UTC the day before: "tomorrow" is `date` in Lisbon and in Tokyo.
    const now = new Date(midnight.getTime() - 16 * HOUR);
    const found = await searchServices(t.db, serviceSearchSchema.parse({ q: 'massage tomorrow' }), { now });
    expect(found.services.map((s) => s.title)).toEqual(['Swedish massage']);
    expect(found.when).toBe('tomorrow');
    const yoga = await searchServices(t.db, serviceSearchSchema.parse({ q: 'yoga tomorrow' }), { now });
    expect(yoga.services.map((s) => s.title)).toEqual(['Sunrise yoga']);
    // "today" at that moment is the day before, when nobody is free.
    expect((await searchServices(t.db, serviceSearchSchema.parse({ q: 'massage today' }), { now })).total).toBe(0);
  });
});

describe('GET /api/services: near me, categories in other languages, the city the text names', () => {
  it('"massage near me" without a city asks for one: no results and X-Search-Needs-City', async () => {
    const { date } = dayAhead(20);
    await fixture(date);
    const res = await search({ q: 'massage near me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-search-needs-city']).toBe('true');
    const inLisbon = await search({ q: 'massage near me', city: 'Lisbon' });
    expect(titles(inLisbon)).toEqual(['Four-hour spa ritual', 'Swedish massage', 'Thai massage']);
    expect(inLisbon.headers['x-search-needs-city']).toBeUndefined();
  });

  it.each(['massagem', 'masaje', 'pijat', 'マッサージ', 'นวด'])('"%s" finds the Massage category', async (q) => {
    const { date } = dayAhead(20);
    await fixture(date);
    expect(titles(await search({ q }))).toEqual(['Four-hour spa ritual', 'Swedish massage', 'Thai massage']);
  });

  it('"clases de yoga" and "ioga" find yoga; "massagem em Lisboa" finds Lisbon’s massages and names the city', async () => {
    const { date } = dayAhead(20);
    await fixture(date);
    expect(titles(await search({ q: 'clases de yoga' }))).toEqual(['Sunrise yoga']);
    expect(titles(await search({ q: 'ioga' }))).toEqual(['Sunrise yoga']);
    const res = await search({ q: 'massagem em Lisboa' });
    expect(titles(res)).toEqual(['Four-hour spa ritual', 'Swedish massage', 'Thai massage']);
    expect(decodeURIComponent(String(res.headers['x-search-city']))).toBe('Lisbon');
    // With the city box filled, the box is the traveler's own: no city is suggested.
    expect((await search({ q: 'massage in Lisbon', city: 'Lisbon' })).headers['x-search-city']).toBeUndefined();
  });
});
