import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/open.ts';
import { placeAliases } from '../../db/schema.ts';
import { placeAliasRows } from '../../db/seed/content/places.ts';
import { createCategory, createProvider } from '../../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * A city typed in any of its names, scripts or languages (decision 052): the service form offers
 * the known places as the provider types, a service is stored under the place's canonical city
 * (so search finds it by every name), and a city the lexicon does not know is kept as typed and
 * flagged once for an admin.
 */
const t = useTestApp();

let f: Awaited<ReturnType<typeof buildFixture>>;
async function buildFixture() {
  await t.db.insert(placeAliases).values(placeAliasRows()).onConflictDoNothing();
  const massage = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const owner = await createProvider(t.db, { displayName: 'Kenji Sato', timeZone: 'Asia/Tokyo', currency: 'JPY' });
  const { token } = await createSession(t.db, owner.user.id, 'test');
  return { massage, owner, cookies: { [SESSION_COOKIE]: token } };
}
beforeEach(async () => {
  f = await buildFixture();
});

const suggest = async (q: string) =>
  (await t.app.inject({ url: `/api/places/suggest?q=${encodeURIComponent(q)}` })).json() as {
    city: string;
    matchedAlias?: string;
  }[];

async function createWithCity(city: string, title = 'Shiatsu massage') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    cookies: f.cookies,
    payload: { title, description: 'Shiatsu.', categoryId: f.massage.id, price: 8000, city },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().service as { id: string; city: string; locationArea: string | null };
}
const flags = () =>
  queryRows<{ place_key: string; city: string; first_service_id: string }>(
    t.db,
    sql`select place_key, city, first_service_id from unmapped_places order by place_key`,
  );

describe('the service form’s City', () => {
  it('offers the known place as it is typed, in any of its names', async () => {
    expect((await suggest('東京'))[0]).toMatchObject({ city: 'Tokyo', matchedAlias: '東京' });
    expect((await suggest('東'))[0]?.city).toBe('Tokyo');
    expect((await suggest('Tóquio'))[0]?.city).toBe('Tokyo');
    expect((await suggest('กรุงเทพฯ'))[0]?.city).toBe('Bangkok');
    expect((await suggest('Ciudad de México'))[0]?.city).toBe('Mexico City');
    expect((await suggest('Sao Paulo'))[0]?.city).toBe('São Paulo');
    expect((await suggest('lisb'))[0]).toEqual({ city: 'Lisbon', serviceCount: 0 });
    expect((await suggest('Ubud'))[0]).toMatchObject({ city: 'Bali', matchedAlias: 'Ubud' });
    expect(await suggest('Zzyzx')).toEqual([]);
  });

  it('answers anyone, and refuses a place longer than 100 characters', async () => {
    expect((await t.app.inject({ url: '/api/places/suggest' })).json()).toEqual([]);
    const long = await t.app.inject({ url: `/api/places/suggest?q=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
  });
});

describe('a service’s city', () => {
  it('is stored as the canonical city, so that search and the city filter find it', async () => {
    const made = await createWithCity('東京');
    expect(made.city).toBe('Tokyo');
    for (const qs of ['q=massage+in+Tokyo', 'city=Tokyo', 'city=東京', 'q=shiatsu&city=tokyo']) {
      const res = await t.app.inject({ url: `/api/services?${qs}` });
      expect(
        res.json().map((s: { id: string }) => s.id),
        qs,
      ).toEqual([made.id]);
    }
    expect((await createWithCity('sao paulo', 'Massage SP')).city).toBe('São Paulo');
    expect((await createWithCity('Ciudad de México', 'Masaje CDMX')).city).toBe('Mexico City');
    expect(await flags()).toEqual([]);
  });

  it('takes an area’s city, keeping the area', async () => {
    const made = await createWithCity('Ubud');
    expect(made).toMatchObject({ city: 'Bali', locationArea: 'Ubud' });
  });

  it('keeps a new city as typed and flags it once for an admin; an edit to a known name moves it', async () => {
    const first = await createWithCity('Kamakura');
    expect(first.city).toBe('Kamakura');
    await createWithCity('KAMAKURA', 'Another massage');
    expect(await flags()).toEqual([{ place_key: 'kamakura', city: 'Kamakura', first_service_id: first.id }]);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/services/${first.id}`,
      cookies: f.cookies,
      payload: { city: 'とうきょう' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().service.city).toBe('Tokyo');
  });
});
