import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, categories, providers, reviews, services } from '../../db/schema.ts';
import {
  buildBooking,
  createBooking,
  createCategory,
  createProvider,
  createReview,
  createService,
  createUser,
} from '../../db/seed/factories.ts';
import { serviceSearchSchema } from '../../../shared/api/catalog.ts';
import { queryRows } from '../../db/open.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { sessionCookie, signUp, useTestApp } from '../../test/test-app.ts';
import { SEARCH_COUNT_LIMIT, SEARCH_WINDOW, searchServices } from './catalog.ts';
import { quoteLexeme } from './search-query.ts';

const t = useTestApp();

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const db = t.db;
  const massage = await createCategory(db, { name: 'Massage', slug: 'massage', icon: '💆' });
  const tours = await createCategory(db, { name: 'Tours', slug: 'tours', icon: '🗺️' });
  const yoga = await createCategory(db, { name: 'Yoga', slug: 'yoga', icon: '🧘' });
  // A: verified. B: not verified. C: verified. Their ratings come from the reviews below.
  const a = await createProvider(db, {
    displayName: 'Ana Lima',
    baseCity: 'Lisbon',
    govIdStatus: 'APPROVED',
    user: { email: 'ana@example.com' },
  });
  const b = await createProvider(db, { displayName: 'Bruno Sá', baseCity: 'São Paulo', govIdStatus: 'PENDING' });
  const c = await createProvider(db, { displayName: 'Chai Wong', baseCity: 'Bangkok', govIdStatus: 'APPROVED' });
  const s = {
    deepTissue: await createService(db, {
      providerId: a.provider.id,
      categoryId: massage.id,
      title: 'Deep tissue massage',
      description: 'Firm pressure for tired legs.',
      city: 'Lisbon',
      priceCents: 8000,
    }),
    saoMassage: await createService(db, {
      providerId: b.provider.id,
      categoryId: massage.id,
      title: 'Relaxing massage at home',
      description: 'Swedish style.',
      city: 'São Paulo',
      priceCents: 6000,
    }),
    walkingTour: await createService(db, {
      providerId: a.provider.id,
      categoryId: tours.id,
      title: 'Alfama walking tour',
      description: 'Ends with a short massage of tired feet? No: with pastries.',
      city: 'Lisbon',
      priceCents: 3000,
      pricingUnit: 'per session',
    }),
    sunriseYoga: await createService(db, {
      providerId: c.provider.id,
      categoryId: yoga.id,
      title: 'Sunrise yoga by the river',
      description: 'All levels welcome.',
      city: 'Bangkok',
      priceCents: 2500,
    }),
    luxuryDay: await createService(db, {
      providerId: c.provider.id,
      categoryId: tours.id,
      title: 'Private island day trip',
      description: 'Boat, lunch and snorkelling.',
      city: 'Bangkok',
      priceCents: 90000,
      pricingUnit: 'per day',
    }),
    hidden: await createService(db, {
      providerId: a.provider.id,
      categoryId: massage.id,
      title: 'Hidden massage',
      description: 'Inactive.',
      city: 'Lisbon',
      priceCents: 1000,
      isActive: false,
    }),
  };
  // Deep tissue: forty reviews averaging 4.8. São Paulo massage: one 5. Walking tour: 5, 4, 4 (4.3).
  // Sunrise yoga: twelve averaging 3.5. The island day trip has none ('New'). So A is 4.8 from 43
  // reviews, B 5.0 from 1, C 3.5 from 12.
  await rate(s.deepTissue, [...Array<number>(32).fill(5), ...Array<number>(8).fill(4)]);
  await rate(s.saoMassage, [5]);
  await rate(s.walkingTour, [5, 4, 4]);
  await rate(s.sunriseYoga, [...Array<number>(6).fill(4), ...Array<number>(6).fill(3)]);
  return { massage, tours, yoga, a, b, c, s };
}

/**
 * Reviews of a service, as travelers leave them: one completed booking each (a day apart, in
 * the past) and its review, in two statements; the reviews trigger updates the ratings.
 */
async function rate(service: Awaited<ReturnType<typeof createService>>, ratings: number[]) {
  const traveler = await createUser(t.db);
  const base = Date.now() - 400 * 86400_000;
  const rows = await t.db
    .insert(bookings)
    .values(
      ratings.map((_, i) =>
        buildBooking(service, { userId: traveler.id, status: 'COMPLETED', startAt: new Date(base + i * 86400_000) }),
      ),
    )
    .returning();
  await t.db.insert(reviews).values(
    rows.map((b, i) => ({
      bookingId: b.id,
      serviceId: b.serviceId,
      authorId: b.userId,
      rating: ratings[i]!,
      text: 'Nice',
      // Published, as both sides' reviews are once written or once the window ends.
      publishedAt: new Date(),
    })),
  );
}

beforeEach(async () => {
  f = await buildFixture();
});

async function search(query: string) {
  const res = await t.app.inject({ url: `/api/services?${query}` });
  return {
    res,
    ids: res.statusCode === 200 ? (res.json() as { id: string }[]).map((x) => x.id) : [],
    total: Number(res.headers['x-total-count']),
  };
}

async function signInAs(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { [SESSION_COOKIE]: sessionCookie(res)! };
}

describe('GET /api/categories', () => {
  it('lists categories by name with their icons', async () => {
    const res = await t.app.inject({ url: '/api/categories' });
    expect(res.json()).toEqual([
      { id: f.massage.id, name: 'Massage', slug: 'massage', icon: '💆' },
      { id: f.tours.id, name: 'Tours', slug: 'tours', icon: '🗺️' },
      { id: f.yoga.id, name: 'Yoga', slug: 'yoga', icon: '🧘' },
    ]);
  });
});

describe('GET /api/services', () => {
  it('returns only active services with their public fields and the total in a header', async () => {
    const { res, ids, total } = await search('');
    expect(res.statusCode).toBe(200);
    expect(ids).toHaveLength(5);
    expect(ids).not.toContain(f.s.hidden.id);
    expect(total).toBe(5);
    const deep = res.json().find((x: { id: string }) => x.id === f.s.deepTissue.id);
    expect(deep).toEqual({
      id: f.s.deepTissue.id,
      title: 'Deep tissue massage',
      description: 'Firm pressure for tired legs.',
      categoryId: f.massage.id,
      category: { id: f.massage.id, name: 'Massage', slug: 'massage', icon: '💆' },
      city: 'Lisbon',
      photos: [],
      price: 8000,
      currency: 'USD',
      pricingUnit: 'per hour',
      minHours: 1,
      locationType: 'traveler_address',
      locationArea: null,
      rating: 4.8,
      ratingCount: 40,
      isActive: true,
      createdAt: expect.any(String),
      provider: {
        id: f.a.provider.id,
        userId: f.a.user.id,
        displayName: 'Ana Lima',
        avatar: null,
        govIdStatus: 'APPROVED',
        rating: 4.8,
        ratingCount: 43,
      },
      _count: { reviews: 40 },
    });
    expect(res.body).not.toContain('ana@example.com');
  });

  it('finds by words in any case, title above category above description', async () => {
    const { ids } = await search('q=MASSAGE');
    expect(ids.slice(0, 2).sort()).toEqual([f.s.deepTissue.id, f.s.saoMassage.id].sort());
    // The walking tour mentions massage only in its description: found, but ranked last.
    expect(ids).toContain(f.s.walkingTour.id);
    expect(ids[ids.length - 1]).toBe(f.s.walkingTour.id);
  });

  it('tolerates typos and partial words', async () => {
    expect((await search('q=masage')).ids).toContain(f.s.deepTissue.id);
    expect((await search('q=sunrse%20yoga')).ids).toEqual([f.s.sunriseYoga.id]);
    expect((await search('q=snorkel')).ids).toEqual([f.s.luxuryDay.id]);
    expect((await search('q=zzzzqqq')).ids).toEqual([]);
  });

  it('matches text and city without accents or case', async () => {
    expect((await search('city=sao%20paulo')).ids).toEqual([f.s.saoMassage.id]);
    expect((await search('city=S%C3%83O%20PAULO')).ids).toEqual([f.s.saoMassage.id]);
    expect((await search('city=lisb')).ids.sort()).toEqual([f.s.deepTissue.id, f.s.walkingTour.id].sort());
    expect((await search('q=bruno%20sa&city=sao')).ids).toEqual([]); // provider names are not searched
    expect((await search('q=sao%20paulo')).ids).toEqual([f.s.saoMassage.id]);
  });

  it('matches a typed city prefix against every known city, and an unknown city finds nothing', async () => {
    await createService(t.db, {
      providerId: f.c.provider.id,
      categoryId: f.yoga.id,
      title: 'Beach yoga',
      city: 'Bangor',
      priceCents: 2000,
    });
    const ids = (await search('city=ban')).ids;
    expect(ids).toHaveLength(3); // Bangkok's two and Bangor's one
    expect((await search('city=atlantis')).ids).toEqual([]);
    // Wildcards, even fullwidth ones that unaccent turns into "%" and "_", match literally.
    for (const city of ['%', '_', '％', '＿', '\\']) {
      expect((await search(`city=${encodeURIComponent(city)}`)).ids, city).toEqual([]);
    }
    expect((await search('city=atlantis')).total).toBe(0);
    // A service that moves city is found in its new city.
    await t.db.update(services).set({ city: 'Zürich' }).where(eq(services.id, f.s.sunriseYoga.id));
    expect((await search('city=zurich')).ids).toEqual([f.s.sunriseYoga.id]);
  });

  it('filters by category slug, price range (dollars) and minimum rating', async () => {
    expect((await search('category=tours')).ids.sort()).toEqual([f.s.walkingTour.id, f.s.luxuryDay.id].sort());
    expect((await search('category=no-such-category')).ids).toEqual([]);
    expect((await search('minPrice=30&maxPrice=70')).ids.sort()).toEqual(
      [f.s.walkingTour.id, f.s.saoMassage.id].sort(),
    );
    // 500 is the top of the slider: "and up", so the $900 day trip stays.
    expect((await search('minPrice=0&maxPrice=500')).ids).toContain(f.s.luxuryDay.id);
    expect((await search('maxPrice=499')).ids).not.toContain(f.s.luxuryDay.id);
    expect((await search('minRating=4')).ids.sort()).toEqual(
      [f.s.deepTissue.id, f.s.walkingTour.id, f.s.saoMassage.id].sort(),
    );
    expect((await search('minRating=4.5&category=massage&city=lisbon&q=massage&sortBy=rating')).ids).toEqual([
      f.s.deepTissue.id,
    ]);
  });

  it('sorts by price both ways', async () => {
    expect((await search('sortBy=price-low')).ids).toEqual([
      f.s.sunriseYoga.id,
      f.s.walkingTour.id,
      f.s.saoMassage.id,
      f.s.deepTissue.id,
      f.s.luxuryDay.id,
    ]);
    expect((await search('sortBy=price-high')).ids).toEqual([
      f.s.luxuryDay.id,
      f.s.deepTissue.id,
      f.s.saoMassage.id,
      f.s.walkingTour.id,
      f.s.sunriseYoga.id,
    ]);
  });

  it("sorts 'Highest Rated' by the rating the card shows, more reviews first among equals, unrated last", async () => {
    // An unrated service of the best-rated provider: its card says 'New', so it comes last.
    const unrated = await createService(t.db, {
      providerId: f.a.provider.id,
      categoryId: f.massage.id,
      title: 'New hot stone massage',
      city: 'Lisbon',
    });
    const tie = await createService(t.db, {
      providerId: f.c.provider.id,
      categoryId: f.yoga.id,
      title: 'Evening yoga',
    });
    await rate(tie, [5, 5]);
    const { res, ids } = await search('sortBy=rating');
    expect(ids).toEqual([
      tie.id, // 5.0 from 2
      f.s.saoMassage.id, // 5.0 from 1
      f.s.deepTissue.id, // 4.8
      f.s.walkingTour.id, // 4.3
      f.s.sunriseYoga.id, // 3.5
      ...[f.s.luxuryDay.id, unrated.id].sort(), // New, by id
    ]);
    const shown = (res.json() as { rating: number; ratingCount: number }[]).map((x) => [x.rating, x.ratingCount]);
    expect(shown).toEqual([
      [5, 2],
      [5, 1],
      [4.8, 40],
      [4.3, 3],
      [3.5, 12],
      [0, 0],
      [0, 0],
    ]);
    expect((await search('sortBy=rating&category=massage&city=lisbon')).ids).toEqual([f.s.deepTissue.id, unrated.id]);
  });

  it('does not let one 5-star review beat forty 4.8s in the recommended order', async () => {
    const recommended = (await search('q=massage&category=massage')).ids;
    expect(recommended[0]).toBe(f.s.deepTissue.id);
    expect((await search('category=massage')).ids).toEqual([f.s.deepTissue.id, f.s.saoMassage.id]);
  });

  it("never lets an unrated service pass a minimum rating, even a top-rated provider's", async () => {
    const unrated = await createService(t.db, {
      providerId: f.a.provider.id,
      categoryId: f.massage.id,
      title: 'New hot stone massage',
      city: 'Lisbon',
    });
    for (const min of ['3', '4', '4.5']) expect((await search(`minRating=${min}`)).ids, min).not.toContain(unrated.id);
    expect((await search('minRating=4.5')).ids.sort()).toEqual([f.s.deepTissue.id, f.s.saoMassage.id].sort());
    expect((await search('minRating=4.5&category=massage&city=lisbon')).ids).toEqual([f.s.deepTissue.id]);
    expect((await search('minRating=0')).ids).toContain(unrated.id);
  });

  it('filters by exactly the number each card shows, at every option', async () => {
    const all = (await search('pageSize=60')).res.json() as { id: string; rating: number; ratingCount: number }[];
    for (const min of [3, 4, 4.5]) {
      const found = (await search(`minRating=${min}&pageSize=60`)).res.json() as {
        id: string;
        rating: number;
        ratingCount: number;
      }[];
      for (const card of found) expect(card.ratingCount, card.id).toBeGreaterThan(0);
      expect(found.map((x) => x.id).sort(), String(min)).toEqual(
        all
          .filter((x) => x.ratingCount > 0 && x.rating >= min)
          .map((x) => x.id)
          .sort(),
      );
    }
  });

  it("ignores a provider's rating for the service filters and sorts, but follows verification", async () => {
    // A provider row claiming 5.0 from 200 (no reviews behind it) moves none of B's service numbers.
    await t.db
      .update(providers)
      .set({ rating: 5, ratingCount: 200, govIdStatus: 'APPROVED' })
      .where(eq(providers.id, f.c.provider.id));
    expect((await search('minRating=4.5&city=bangkok')).ids).toEqual([]);
    expect((await search('sortBy=rating&category=yoga')).ids).toEqual([f.s.sunriseYoga.id]);
    // Verification still lifts B's service in the recommended order.
    await t.db.update(providers).set({ govIdStatus: 'APPROVED' }).where(eq(providers.id, f.b.provider.id));
    const [row] = await t.db
      .select({ recommend: services.recommendScore, score: services.ratingScore })
      .from(services)
      .where(eq(services.id, f.s.saoMassage.id));
    expect(row!.recommend).toBeCloseTo(row!.score + 0.3, 5);
  });

  it('re-indexes services when their category is renamed', async () => {
    await t.db.update(categories).set({ name: 'Wellness Massage' }).where(eq(categories.id, f.massage.id));
    expect((await search('q=wellness')).ids.sort()).toEqual([f.s.deepTissue.id, f.s.saoMassage.id].sort());
  });

  it('pages with a capped page size', async () => {
    const p1 = await search('sortBy=price-low&pageSize=2&page=1');
    const p3 = await search('sortBy=price-low&pageSize=2&page=3');
    expect(p1.ids).toEqual([f.s.sunriseYoga.id, f.s.walkingTour.id]);
    expect(p3.ids).toEqual([f.s.luxuryDay.id]);
    expect([p1.total, p3.total]).toEqual([5, 5]);
    expect((await search('page=99')).ids).toEqual([]);
  });

  it('counts exactly on every page: 150 matches read 150, from the first page to the last', async () => {
    await t.db.execute(
      sql`insert into services (provider_id, category_id, title, price_cents)
          select ${f.a.provider.id}, ${f.yoga.id}, 'Morning yoga class ' || g, 1000 + g from generate_series(1, 150) g`,
    );
    for (const page of [1, 2, 3]) {
      const got = await search(`q=morning%20yoga&pageSize=60&page=${page}`);
      expect([got.ids.length, got.total, got.res.headers['x-total-count-capped']]).toEqual([
        page === 3 ? 30 : 60,
        150,
        'false',
      ]);
    }
    // Past the last match: an empty page that still tells the total.
    const beyond = await search('q=morning%20yoga&pageSize=60&page=4');
    expect([beyond.ids, beyond.total]).toEqual([[], 150]);
    // Every match shows up exactly once across the pages.
    const all: string[] = [];
    for (let page = 1; page <= 3; page++) all.push(...(await search(`q=morning%20yoga&pageSize=60&page=${page}`)).ids);
    expect(new Set(all).size).toBe(150);
  });

  it(`counts exactly up to ${SEARCH_COUNT_LIMIT} matches, and past them says the total is a floor`, async () => {
    const insert = (from: number, to: number) =>
      t.db.execute(
        sql`insert into services (provider_id, category_id, title, price_cents)
            select ${f.a.provider.id}, ${f.yoga.id}, 'Evening yoga class ' || g, 1000 + g from generate_series(${from}::int, ${to}::int) g`,
      );
    await insert(1, SEARCH_COUNT_LIMIT);
    const exactly = await search('q=evening%20yoga&pageSize=60');
    expect([exactly.total, exactly.res.headers['x-total-count-capped']]).toEqual([SEARCH_COUNT_LIMIT, 'false']);
    await insert(SEARCH_COUNT_LIMIT + 1, SEARCH_COUNT_LIMIT + 50);
    const many = await search('q=evening%20yoga&pageSize=60');
    expect(many.ids).toHaveLength(60);
    expect([many.total, many.res.headers['x-total-count-capped']]).toEqual([SEARCH_COUNT_LIMIT, 'true']);
    // A page past the limit counts as far as it looked: here to the last match, exactly.
    const last = await search('q=evening%20yoga&pageSize=60&page=18');
    expect(last.ids).toHaveLength(SEARCH_COUNT_LIMIT + 50 - 17 * 60);
    expect([last.total, last.res.headers['x-total-count-capped']]).toEqual([SEARCH_COUNT_LIMIT + 50, 'false']);
    const few = await search('category=tours');
    expect(few.res.headers['x-total-count-capped']).toBe('false');
  });

  it('counts past the window with every condition the page has: the city, hidden services, the sort', async () => {
    // 270 matches of "evening yoga", every other one in Porto; the first ten are inactive (five in
    // each city). A first page walks 101 of them; the rest are counted apart, on the text index.
    await t.db.execute(
      sql`insert into services (provider_id, category_id, title, city, price_cents, is_active)
          select ${f.a.provider.id}, ${f.yoga.id}, 'Evening yoga class ' || g,
                 case when g % 2 = 0 then 'Porto' else 'Lisbon' end, 1000 + g, g > 10
          from generate_series(1, 270) g`,
    );
    const counts = async (query: string) => {
      const got = await search(query);
      return [got.ids.length, got.total, got.res.headers['x-total-count-capped']];
    };
    expect(await counts('q=evening%20yoga')).toEqual([24, 260, 'false']);
    expect(await counts('q=evening%20yoga&city=porto')).toEqual([24, 130, 'false']);
    expect(await counts('q=evening%20yoga&city=porto&sortBy=price-low&pageSize=60&page=3')).toEqual([10, 130, 'false']);
    expect(await counts('q=yoga%20class%20porto&sortBy=rating')).toEqual([24, 130, 'false']);
  });

  it('counts a word as the lexicon completes it: each term it begins, hyphenated or not, or the prefix when they are many', async () => {
    // "stretch" begins three terms here (stretch, stretch-based, stretching) and "zq" 120 (zq1 ...
    // zq120): the count looks the three up one by one, and the 120 by their prefix.
    await t.db.execute(
      sql`insert into services (provider_id, category_id, title, price_cents)
          select ${f.c.provider.id}, ${f.yoga.id}, case when g <= 90 then 'Stretch-based flow' else 'Stretching hour' end, 1000 + g
          from generate_series(1, 130) g`,
    );
    await t.db.execute(
      sql`insert into services (provider_id, category_id, title, price_cents)
          select ${f.c.provider.id}, ${f.tours.id}, 'Session zq' || g, 1000 + g from generate_series(1, 120) g`,
    );
    for (const [query, total] of [
      ['q=stretch', 130],
      ['q=stretch-based', 90],
      ['q=stretchi', 40],
      ['q=zq', 120],
      ['q=zq1', 32],
      ['q=session%20zq', 120],
    ] as const) {
      const got = await search(query);
      expect([query, got.total, got.res.headers['x-total-count-capped']]).toEqual([query, total, 'false']);
    }
  });

  it('filters by text along the category and city walk too', async () => {
    expect((await search('q=deep&category=massage&city=lisbon')).ids).toEqual([f.s.deepTissue.id]);
    expect((await search('q=yoga&category=massage&city=lisbon')).ids).toEqual([]);
    expect((await search('q=masage&category=massage&city=sao')).ids).toEqual([f.s.saoMassage.id]);
  });

  it.each([
    ['minRating=abc', 'minRating must be one of 0, 3, 4, 4.5'],
    ['minRating=2', 'minRating must be one of 0, 3, 4, 4.5'],
    ['sortBy=cheapest', 'sortBy must be one of recommended, price-low, price-high, rating'],
    ['minPrice=-5', 'minPrice cannot be negative'],
    ['minPrice=abc', 'minPrice must be a number'],
    ['minPrice=100&maxPrice=50', 'minPrice must not be greater than maxPrice'],
    [`q=${'a'.repeat(101)}`, 'Search text must be at most 100 characters'],
    ['pageSize=1000', 'pageSize must be at most 60'],
    ['page=0', 'page must be 1 or more'],
    ['category=%3Cscript%3E', 'Category must be a category slug'],
  ])('answers %s with a clear 400', async (query, message) => {
    const { res } = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message.toLowerCase()).toContain(message.toLowerCase().split(' ')[0]);
    expect(JSON.stringify(res.json().details)).toContain(message);
  });

  it('treats SQL-looking text as text', async () => {
    for (const q of ["'; drop table services; --", "massage' or '1'='1", '%_%', '\\', 'massage & | ! :* ( )']) {
      const { res } = await search(`q=${encodeURIComponent(q)}&city=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await search('q=massage%20%26%20%7C%20!')).ids).toContain(f.s.deepTissue.id);
    expect(await t.db.select().from(services)).toHaveLength(6);
  });
});

describe('recommended with text: the first matches in recommend order are re-ranked (decision 010)', () => {
  /**
   * A weak provider (a low rating from many reviews, not verified) has the only service with
   * "zumba" in its title; `count` services of the best-rated provider mention it only in their
   * description. Text relevance puts the title match first whenever it is a candidate.
   */
  async function zumba(count: number) {
    const weak = await createProvider(t.db, {
      displayName: 'Wes Low',
      govIdStatus: 'PENDING',
      rating: 2,
      ratingCount: 30,
    });
    await t.db.execute(
      sql`insert into services (provider_id, category_id, title, description, city, price_cents)
          select ${f.a.provider.id}, ${f.tours.id}, 'Studio session ' || g, 'Starts with a zumba warm-up.', 'Lisbon', 2000 + g
          from generate_series(1, ${count}) g`,
    );
    const title = await createService(t.db, {
      providerId: weak.provider.id,
      categoryId: f.tours.id,
      title: 'Zumba on the beach',
      description: 'Dance.',
      city: 'Lisbon',
      priceCents: 1500,
    });
    return title.id;
  }

  /** Every match, ranked by the full formula (no window): what an exhaustive search would show. */
  async function exhaustive(q: string) {
    const rows = await queryRows<{ id: string }>(
      t.db,
      sql`select s.id from services s
          where s.is_active and not s.is_paused and s.deleted_at is null and s.search @@ to_tsquery('simple', ${q})
          order by least(ts_rank(s.search, to_tsquery('simple', ${q})), 1.0) * 0.6 + s.recommend_score / 5.3 * 0.4 desc,
                   s.recommend_score desc, s.id`,
    );
    return rows.map((r) => r.id);
  }

  it('ranks exactly like an exhaustive search when the matches fit in the window, even the statically last one', async () => {
    const titleMatch = await zumba(SEARCH_WINDOW - 1);
    // In recommend order the title match is the very last of the SEARCH_WINDOW matches...
    const byRecommend = (await search('q=zumba&pageSize=60&page=2')).ids;
    expect(byRecommend).not.toContain(titleMatch);
    // ...and relevance lifts it to the top: each page is the exhaustive ranking's slice.
    const expected = await exhaustive('zumba:*');
    expect(expected).toHaveLength(SEARCH_WINDOW);
    expect(expected[0]).toBe(titleMatch);
    const first = await search('q=zumba&pageSize=60');
    expect(first.ids[0]).toBe(titleMatch);
    const second = await search('q=zumba&pageSize=60&page=2');
    expect([...first.ids, ...second.ids]).toEqual(expected);
    expect([first.total, first.res.headers['x-total-count-capped']]).toEqual([SEARCH_WINDOW, 'false']);
  });

  it('past the window, a match keeps its recommend-order place after the re-ranked ones: never lost, never twice', async () => {
    // The title match is now 101st in recommend order: outside the candidates. This is the
    // window's known limit (decision 010): it is not lifted to the top...
    const titleMatch = await zumba(SEARCH_WINDOW);
    const first = await search('q=zumba&pageSize=24');
    expect(first.ids).not.toContain(titleMatch);
    expect([first.total, first.res.headers['x-total-count-capped']]).toEqual([SEARCH_WINDOW + 1, 'false']);
    // ...but it is shown right after them, and paging lists every match exactly once.
    const all: string[] = [];
    for (let page = 1; page <= 5; page++) all.push(...(await search(`q=zumba&pageSize=24&page=${page}`)).ids);
    expect(all).toHaveLength(SEARCH_WINDOW + 1);
    expect(new Set(all).size).toBe(SEARCH_WINDOW + 1);
    expect(all[SEARCH_WINDOW]).toBe(titleMatch);
    // The window's candidates are ranked exactly among themselves.
    const candidates = (await exhaustive('zumba:*')).filter((id) => id !== titleMatch);
    expect(all.slice(0, SEARCH_WINDOW)).toEqual(candidates);
  });
});

describe('GET /api/services/featured', () => {
  it('lists at most six active services, verified and well rated first', async () => {
    // Three more active services make eight, so the cap of six really cuts.
    for (const title of ['Extra one', 'Extra two', 'Extra three']) {
      await createService(t.db, { providerId: f.b.provider.id, categoryId: f.yoga.id, title, city: 'São Paulo' });
    }
    const res = await t.app.inject({ url: '/api/services/featured' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((x: { id: string }) => x.id);
    expect(ids).not.toContain(f.s.hidden.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(ids.slice(0, 2).sort()).toEqual([f.s.deepTissue.id, f.s.walkingTour.id].sort());
  });
});

describe('GET /api/services/{id}', () => {
  it('returns the service with reviews (author name and image, never email)', async () => {
    const traveler = await createUser(t.db, { name: 'Tom', email: 'tom@example.com', image: '/media/avatars/tom.svg' });
    const booking = await createBooking(t.db, {
      userId: traveler.id,
      serviceId: f.s.luxuryDay.id,
      providerId: f.c.provider.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 7 * 86400_000),
      hours: 1,
    });
    await createReview(t.db, booking, { rating: 4, text: 'Great hands.' });
    const res = await t.app.inject({ url: `/api/services/${f.s.luxuryDay.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body._count).toEqual({ reviews: 1 });
    // The service's own numbers (it had none: 'New'), next to the provider's (twelve more reviews).
    expect([body.rating, body.ratingCount]).toEqual([4, 1]);
    expect([body.provider.rating, body.provider.ratingCount]).toEqual([3.5, 13]);
    expect(body.reviews).toEqual([
      {
        id: expect.any(String),
        rating: 4,
        text: 'Great hands.',
        createdAt: expect.any(String),
        author: { name: 'Tom', image: '/media/avatars/tom.svg' },
        service: { id: f.s.luxuryDay.id, title: 'Private island day trip' },
        answer: null,
        answeredAt: null,
      },
    ]);
    expect(res.body).not.toContain('tom@example.com');
  });

  it('is 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await t.app.inject({ url: '/api/services/not-a-uuid' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/services/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('hides an inactive service from everyone but its provider and admins', async () => {
    const url = `/api/services/${f.s.hidden.id}`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const other = await signUp(t.app, { role: 'PROVIDER' });
    expect((await t.app.inject({ url, cookies: other.cookies })).statusCode).toBe(404);
    // The owner: sign in as the service's provider.
    await createUser(t.db, { email: 'owner@example.com', role: 'PROVIDER', password: 'ownerpass1' }).then((u) =>
      t.db.update(providers).set({ userId: u.id }).where(eq(providers.id, f.a.provider.id)),
    );
    const owner = await signInAs('owner@example.com', 'ownerpass1');
    expect((await t.app.inject({ url, cookies: owner })).statusCode).toBe(200);
    await createUser(t.db, { email: 'admin@example.com', role: 'ADMIN', password: 'adminpass1' });
    const admin = await signInAs('admin@example.com', 'adminpass1');
    expect((await t.app.inject({ url, cookies: admin })).json().isActive).toBe(false);
  });
});

describe('searchServices', () => {
  it('quotes a lexeme for the count as the text index stores it, whatever it holds', async () => {
    for (const term of ['yoga-inspired', "it's", 'back\\slash', 'a:*b & c', 'ヨガ']) {
      const [row] = await queryRows<{ hit: boolean; miss: boolean }>(
        t.db,
        sql`select array_to_tsvector(array[${term}]::text[]) @@ ${quoteLexeme(term)}::tsquery as hit,
                   array_to_tsvector(array[${`${term}x`}]::text[]) @@ ${quoteLexeme(term)}::tsquery as miss`,
      );
      expect([term, row?.hit, row?.miss]).toEqual([term, true, false]);
    }
  });

  it('composes inside a caller’s transaction and leaves its planner settings as they were', async () => {
    const result = await t.db.transaction(async (tx) => {
      const found = await searchServices(tx, serviceSearchSchema.parse({ q: 'massage', category: 'massage' }));
      const [setting] = await queryRows<{ v: string }>(tx, sql`select current_setting('enable_seqscan') as v`);
      return { ids: found.services.map((s) => s.id), seqscan: setting?.v };
    });
    expect(result.ids.sort()).toEqual([f.s.deepTissue.id, f.s.saoMassage.id].sort());
    expect(result.seqscan).toBe('on');
  });
});
