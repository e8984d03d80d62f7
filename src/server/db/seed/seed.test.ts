import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../shared/domain/categories.ts';
import { amountsForUnit } from '../../../shared/domain/booking-amounts.ts';
import { formatWallTime, utcToZoned } from '../../../shared/domain/time.ts';
import { getAdminPayments } from '../../features/admin/payments.ts';
import { verifyPassword } from '../../features/auth/passwords.ts';
import { getEarnings, getPayoutSummary } from '../../features/earnings/earnings.ts';
import { getProviderStats } from '../../features/providers/providers.ts';
import { ledgerBalance, recordLedger } from '../../payments/ledger.ts';
import { listInquiries } from '../../features/messages/inquiries.ts';
import { countUnread } from '../../features/messages/messages.ts';
import { isIllustrationCategory } from './artwork/illustrations.ts';
import { openTestDatabase, resetDatabase } from '../../test/test-db.ts';
import { queryRows, type Database } from '../open.ts';
import { PROVIDERS } from './content/people.ts';
import { buildDemoData } from './demo-data.ts';
import { createBooking, createCategory, createProvider, createService, createUser } from './factories.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedIfEmpty, type SeedSummary } from './seed.ts';

let database: Database;
let summary: SeedSummary;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0] as T;

beforeAll(async () => {
  database = await openTestDatabase();
  summary = await seedDemo(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe('seedDemo', () => {
  it('loads the demo accounts with the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await one<{ role: string; name: string; password_hash: string; verified: boolean }>(
        sql`select role, name, password_hash, email_verified_at is not null as verified from users where email = ${account.email}`,
      );
      // Demo addresses count as verified (nobody can read their mail).
      expect(user).toMatchObject({ role: account.role, name: account.name, verified: true });
    }
    const { password_hash } = await one<{ password_hash: string }>(
      sql`select password_hash from users where email = 'provider@locora.test'`,
    );
    expect(await verifyPassword(password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('has the nine categories, with icons', async () => {
    const cats = await rows<{ slug: string; icon: string | null }>(
      sql`select slug, icon from categories order by slug`,
    );
    expect(cats.map((c) => c.slug).sort()).toEqual(CATEGORIES.map((c) => c.slug).sort());
    expect(cats.every((c) => c.icon)).toBe(true);
  });

  it('has providers across cities, time zones and verification states', async () => {
    const stats = await one<{ n: number; cities: number; zones: number }>(
      sql`select count(*)::int as n, count(distinct base_city)::int as cities, count(distinct time_zone)::int as zones from providers`,
    );
    expect(stats.n).toBeGreaterThanOrEqual(30);
    expect(stats.cities).toBeGreaterThanOrEqual(6);
    expect(stats.zones).toBeGreaterThanOrEqual(4);
    const cities = await rows<{ base_city: string }>(sql`select distinct base_city from providers`);
    expect(cities.map((c) => c.base_city)).toContain('São Paulo');

    const gov = Object.fromEntries(
      (
        await rows<{ s: string; n: number }>(
          sql`select gov_id_status as s, count(*)::int as n from providers group by 1`,
        )
      ).map((r) => [r.s, r.n]),
    );
    expect(gov.APPROVED).toBeGreaterThan(stats.n / 2);
    expect(gov.PENDING).toBeGreaterThanOrEqual(3);
    expect(gov.REJECTED).toBeGreaterThanOrEqual(1);

    const roles = await one<{ bad: number }>(
      sql`select count(*)::int as bad from providers p join users u on u.id = p.user_id where u.role <> 'PROVIDER'`,
    );
    expect(roles.bad).toBe(0);
    const mix = await one<{ verified: number; unverified: number }>(
      sql`select count(*) filter (where phone_verified)::int as verified, count(*) filter (where not phone_verified)::int as unverified from providers`,
    );
    expect(mix.verified).toBeGreaterThan(0);
    expect(mix.unverified).toBeGreaterThan(0);
  });

  it('has services in every category and pricing unit, each with 1-4 own photos', async () => {
    expect(summary.services).toBeGreaterThanOrEqual(120);
    const perCategory = await rows<{ slug: string; n: number }>(
      sql`select c.slug, count(s.id)::int as n from categories c left join services s on s.category_id = c.id group by c.slug`,
    );
    expect(perCategory).toHaveLength(9);
    expect(perCategory.every((c) => c.n > 0)).toBe(true);
    const units = await rows<{ u: string }>(sql`select distinct pricing_unit::text as u from services order by 1`);
    expect(units.map((u) => u.u)).toEqual(['per day', 'per hour', 'per session']);

    const services = await rows<{
      photos: string[];
      slug: string;
      city: string;
      base_city: string;
      min_hours: number;
      pricing_unit: string;
      price_cents: number;
      is_active: boolean;
    }>(
      sql`select s.photos, c.slug, s.city, p.base_city, s.min_hours, s.pricing_unit::text, s.price_cents, s.is_active
            from services s join categories c on c.id = s.category_id join providers p on p.id = s.provider_id`,
    );
    for (const s of services) {
      expect(s.photos.length).toBeGreaterThanOrEqual(1);
      expect(s.photos.length).toBeLessThanOrEqual(4);
      for (const photo of s.photos) {
        const m = /^\/media\/services\/([a-z-]+)\/(\d+)\.svg$/.exec(photo);
        expect(m, photo).not.toBeNull();
        expect(m?.[1]).toBe(s.slug);
        expect(isIllustrationCategory(m?.[1] ?? '')).toBe(true);
      }
      expect(s.city).toBe(s.base_city);
      expect(s.min_hours).toBeGreaterThanOrEqual(1);
      // A minimum of at most 4 hours per hour; a session's or a day's length (decision 035) up to 10.
      expect(s.min_hours).toBeLessThanOrEqual(s.pricing_unit === 'per hour' ? 4 : 10);
      expect(s.price_cents).toBeGreaterThan(0);
    }
    expect(services.some((s) => !s.is_active)).toBe(true);
    // Day trips and full days cover a working day, not one hour.
    const days = services.filter((s) => s.pricing_unit === 'per day');
    expect(days.length).toBeGreaterThan(0);
    expect(days.filter((s) => s.min_hours >= 6).length / days.length).toBeGreaterThan(0.7);
  });

  it('has bookings in every status with consistent amounts and times', async () => {
    const statuses = await rows<{ status: string }>(
      sql`select distinct status::text as status from bookings order by 1`,
    );
    expect(statuses.map((s) => s.status)).toEqual([
      'CANCELED',
      'COMPLETED',
      'CONFIRMED',
      'PAID',
      'PENDING',
      'REFUNDED',
    ]);
    const bad = await one<{
      amounts: number;
      ends: number;
      completed_future: number;
      live_past: number;
      created_late: number;
    }>(sql`
      select
        count(*) filter (where b.amount_cents <> (case when s.pricing_unit = 'per hour' then s.price_cents * b.hours else s.price_cents end)
          or b.fee_cents <> round(b.amount_cents * 5 / 100.0)
          or (s.pricing_unit <> 'per hour' and b.hours <> s.min_hours))::int as amounts,
        count(*) filter (where b.end_at <> b.start_at + make_interval(hours => b.hours))::int as ends,
        count(*) filter (where b.status = 'COMPLETED' and b.end_at > now())::int as completed_future,
        count(*) filter (where b.status in ('PENDING', 'CONFIRMED') and b.start_at < now())::int as live_past,
        count(*) filter (where b.created_at > now() or b.created_at > b.start_at)::int as created_late
      from bookings b join services s on s.id = b.service_id`);
    expect(bad).toEqual({ amounts: 0, ends: 0, completed_future: 0, live_past: 0, created_late: 0 });
    const future = await one<{ n: number }>(sql`select count(*)::int as n from bookings where start_at > now()`);
    expect(future.n).toBeGreaterThan(10);
  });

  it('has reviews only on completed bookings, by their traveler, and exact provider ratings', async () => {
    const bad = await one<{ n: number }>(sql`
      select count(*)::int as n from reviews r join bookings b on b.id = r.booking_id
       where b.status <> 'COMPLETED' or r.author_id <> b.user_id or r.service_id <> b.service_id or r.created_at < b.end_at`);
    expect(bad.n).toBe(0);
    expect(summary.reviews).toBeGreaterThan(30);

    const providers = await rows<{ id: string; rating: string | number; rating_count: number }>(
      sql`select id, rating, rating_count from providers`,
    );
    const reviews = await rows<{ provider_id: string; rating: number }>(
      sql`select s.provider_id, r.rating from reviews r join services s on s.id = r.service_id`,
    );
    for (const p of providers) {
      const mine = reviews.filter((r) => r.provider_id === p.id).map((r) => r.rating);
      expect(p.rating_count).toBe(mine.length);
      const expected = mine.length ? Math.round((mine.reduce((a, b) => a + b, 0) / mine.length) * 10 + 1e-9) / 10 : 0;
      expect(Number(p.rating)).toBeCloseTo(expected, 5);
    }
    // Each service's own rating and count are its reviews' (decision 019), its copy of the
    // provider's rating followed the final update, and its scores come from its own numbers.
    const stale = await one<{ n: number }>(sql`
      select count(*)::int as n from services s join providers p on p.id = s.provider_id
        left join (select service_id, round(avg(rating)::numeric, 1) as avg_rating, count(*)::int as n
                     from reviews group by service_id) r on r.service_id = s.id
       where s.provider_rating <> p.rating
          or s.rating <> coalesce(r.avg_rating, 0) or s.rating_count <> coalesce(r.n, 0)
          or abs(s.rating_score - locora_rating_score(s.rating, s.rating_count)) > 1e-4
          or abs(s.recommend_score - locora_recommend_score(s.rating, s.rating_count, p.gov_id_status)) > 1e-4`);
    expect(stale.n).toBe(0);
    const unrated = await one<{ n: number }>(sql`select count(*)::int as n from services where rating_count = 0`);
    expect(unrated.n).toBeGreaterThan(0);
    const dist = await rows<{ rating: number; n: number }>(
      sql`select rating, count(*)::int as n from reviews group by 1`,
    );
    const high = dist.filter((d) => d.rating >= 4).reduce((a, d) => a + d.n, 0);
    expect(high / summary.reviews).toBeGreaterThan(0.7);
  });

  it('has messages after each booking was made, never in the future, from its two parties', async () => {
    expect(summary.messages).toBeGreaterThan(100);
    const bad = await one<{ n: number }>(sql`
      select count(*)::int as n from messages m
        join bookings b on b.id = m.booking_id
        join providers p on p.id = b.provider_id
       where m.created_at < b.created_at or m.created_at > now() or m.sender_id not in (b.user_id, p.user_id)`);
    expect(bad.n).toBe(0);
  });

  it('has availability in each provider’s working hours, with recurring series and blocked slots', async () => {
    const slots = await rows<{ time_zone: string; start_at: Date | string; end_at: Date | string }>(
      sql`select p.time_zone, a.start_at, a.end_at from availability a join providers p on p.id = a.provider_id`,
    );
    expect(slots.length).toBeGreaterThan(100);
    // Every slot starts and ends on the hour of its provider's local clock (the exact hours are
    // checked across DST changes in buildDemoData's tests below).
    for (const s of slots) {
      for (const at of [s.start_at, s.end_at]) {
        const { time } = utcToZoned(new Date(at), s.time_zone);
        expect(time, `${s.time_zone} ${String(at)}`).toMatch(/^([01]\d|2[0-3]):00$/);
      }
    }
    const series = await rows<{ series_id: string; n: number; days: number; types: number }>(sql`
      select series_id, count(*)::int as n, count(distinct recurrence_days)::int as days, count(distinct recurrence_type)::int as types
        from availability where is_recurring group by series_id`);
    expect(series.length).toBeGreaterThanOrEqual(3);
    for (const s of series) {
      expect(s.series_id).toBeTruthy();
      expect(s.days).toBe(1);
      expect(s.types).toBe(1);
    }
    const blocked = await one<{ n: number }>(sql`select count(*)::int as n from availability where is_blocked`);
    expect(blocked.n).toBeGreaterThan(0);
    const coverage = await one<{ n: number }>(sql`select count(distinct provider_id)::int as n from availability`);
    expect(coverage.n).toBeGreaterThan(summary.providers / 2);
  });

  it('gives the demo traveler upcoming, past, reviewable and reviewed bookings and favourites', async () => {
    const mine = await rows<{ status: string; upcoming: boolean; reviewed: boolean }>(sql`
      select b.status, b.start_at > now() as upcoming, exists(select 1 from reviews r where r.booking_id = b.id) as reviewed
        from bookings b join users u on u.id = b.user_id where u.email = 'traveler@locora.test'`);
    expect(mine.some((b) => b.upcoming)).toBe(true);
    expect(mine.some((b) => !b.upcoming)).toBe(true);
    expect(mine.some((b) => b.status === 'COMPLETED' && !b.reviewed)).toBe(true);
    expect(mine.some((b) => b.status === 'COMPLETED' && b.reviewed)).toBe(true);
    expect(mine.filter((b) => b.status === 'COMPLETED' && !b.reviewed).length).toBeGreaterThanOrEqual(2);
    expect(mine.some((b) => b.status === 'CANCELED')).toBe(true);
    for (const status of ['PENDING', 'CONFIRMED', 'PAID']) {
      expect(
        mine.some((b) => b.upcoming && b.status === status),
        status,
      ).toBe(true);
    }
    // Every upcoming request is still waiting: its respond-by time (24 hours after it was made,
    // or its start if sooner) is ahead, so it shows as PENDING, not expired.
    const expired = await one<{ n: number }>(sql`
      select count(*)::int as n from bookings
       where status = 'PENDING' and least(created_at + interval '24 hours', start_at) <= now()`);
    expect(expired.n).toBe(0);
    const favs = await one<{ n: number }>(
      sql`select count(*)::int as n from favorites f join users u on u.id = f.user_id where u.email = 'traveler@locora.test'`,
    );
    expect(favs.n).toBeGreaterThan(0);
    const travelers = await one<{ n: number; with_image: number }>(
      sql`select count(*)::int as n, count(image)::int as with_image from users where role = 'TRAVELER'`,
    );
    expect(travelers.n).toBeGreaterThanOrEqual(11);
    expect(travelers.with_image).toBeGreaterThan(0);
    expect(travelers.with_image).toBeLessThan(travelers.n);
  });

  it('gives the demo provider an approved profile with services, availability, requests and messages', async () => {
    const p = await one<{
      gov_id_status: string;
      services: number;
      slots: number;
      pending: number;
      messages: number;
    }>(sql`
      select p.gov_id_status,
             (select count(*)::int from services s where s.provider_id = p.id) as services,
             (select count(*)::int from availability a where a.provider_id = p.id) as slots,
             (select count(*)::int from bookings b where b.provider_id = p.id and b.status = 'PENDING') as pending,
             (select count(*)::int from messages m join bookings b on b.id = m.booking_id where b.provider_id = p.id) as messages
        from providers p join users u on u.id = p.user_id where u.email = 'provider@locora.test'`);
    expect(p.gov_id_status).toBe('APPROVED');
    expect(p.services).toBeGreaterThanOrEqual(3);
    expect(p.slots).toBeGreaterThan(0);
    expect(p.pending).toBeGreaterThan(0);
    expect(p.messages).toBeGreaterThan(0);
  });

  it('gives the demo traveler and provider an open inquiry, its last message unread by the provider', async () => {
    expect(summary.conversations).toBe(1);
    const ids = await one<{ tess: string; paolo: string }>(sql`
      select (select id from users where email = 'traveler@locora.test') as tess,
             (select id from users where email = 'provider@locora.test') as paolo`);
    // What each one's Messages page lists besides the booking threads (GET /api/inquiries).
    const [forPaolo, ...moreForPaolo] = await listInquiries(database.db, ids.paolo);
    const [forTess, ...moreForTess] = await listInquiries(database.db, ids.tess);
    expect(moreForPaolo).toEqual([]);
    expect(moreForTess).toEqual([]);
    expect(forPaolo).toMatchObject({
      kind: 'inquiry',
      service: { title: 'Italian–Portuguese Tasting Menu' },
      counterpart: { name: 'Tess Traveler' },
      isProvider: true,
      unreadCount: 1,
      lastMessage: { senderId: ids.tess },
    });
    expect(forTess).toMatchObject({ id: forPaolo!.id, counterpart: { name: 'Chef Paolo Rossi' }, unreadCount: 0 });

    const thread = await rows<{ sender_id: string; body: string; read: boolean; booking_id: string | null }>(sql`
      select sender_id, body, read_at is not null as read, booking_id
        from messages where conversation_id = ${forPaolo!.id} order by created_at, id`);
    expect(thread.map((m) => [m.sender_id === ids.tess ? 'traveler' : 'provider', m.read])).toEqual([
      ['traveler', true],
      ['provider', true],
      ['traveler', false],
    ]);
    expect(thread.every((m) => m.booking_id === null)).toBe(true);
    expect(thread[0]!.body).toMatch(/^Hi Paolo! Before I book the tasting menu/);
    // In the past, after the conversation opened, in order; the header's badge counts it.
    const times = await one<{ ok: boolean }>(sql`
      select bool_and(m.created_at >= c.created_at and m.created_at < now()) as ok
        from messages m join conversations c on c.id = m.conversation_id where c.id = ${forPaolo!.id}`);
    expect(times.ok).toBe(true);
    expect(await countUnread(database.db, ids.paolo)).toBeGreaterThanOrEqual(1);
    // The inquiry is about a service Tess has not booked: no booking took it.
    const booked = await one<{ n: number }>(sql`
      select count(*)::int as n from bookings b join conversations c on c.service_id = b.service_id
       where c.id = ${forPaolo!.id} and b.user_id = ${ids.tess}`);
    expect(booked.n).toBe(0);
  });

  it('puts every upcoming booking inside its provider’s open availability, clear of blocked time', async () => {
    const outside = await rows<{ id: string }>(sql`
      select b.id from bookings b
       where b.start_at > now()
         and (not exists (select 1 from availability a
                           where a.provider_id = b.provider_id and not a.is_blocked
                             and a.start_at <= b.start_at and b.end_at <= a.end_at)
              or exists (select 1 from availability a
                          where a.provider_id = b.provider_id and a.is_blocked
                            and a.start_at < b.end_at and b.start_at < a.end_at))`);
    expect(outside).toEqual([]);
    const live = await one<{ n: number }>(sql`
      select count(*)::int as n from bookings b join bookings o
          on o.provider_id = b.provider_id and o.id < b.id
         and o.status in ('PENDING', 'CONFIRMED', 'PAID') and b.status in ('PENDING', 'CONFIRMED', 'PAID')
         and o.start_at < b.end_at and b.start_at < o.end_at`);
    expect(live.n).toBe(0);
  });
});

describe('the demo’s money (demo-money.ts)', () => {
  it('gives each paid booking a card payment and the ledger rows the ledger’s writer would have appended', async () => {
    const paid = await rows<{ id: string; status: string; payment: string | null; authorised: boolean }>(
      sql`select b.id, b.status, p.id as payment, (b.payment_required and b.authorised_at is not null) as authorised
            from bookings b left join payments p on p.booking_id = b.id`,
    );
    const withMoney = paid.filter((b) => ['PAID', 'COMPLETED', 'REFUNDED'].includes(b.status));
    expect(withMoney.length).toBeGreaterThan(50);
    expect(withMoney.every((b) => b.payment !== null && b.authorised)).toBe(true);
    expect(paid.filter((b) => b.payment !== null)).toHaveLength(withMoney.length);
    expect(summary.payments).toBe(withMoney.length);
    // The writer (recordLedger, the one every real path calls) finds nothing missing, and every
    // booking's rows balance: the charge is the provider's share plus Locora's fee plus refunds,
    // the share is what was paid out plus what is owed.
    await database.db.transaction(async (tx) => {
      for (const b of withMoney) expect(await recordLedger(tx, b.id), b.id).toBe(0);
    });
    for (const b of withMoney)
      for (const { problems } of await ledgerBalance(database.db, b.id)) expect(problems, b.id).toEqual([]);
    // Each movement dated when it happened, never ahead of now.
    const future = await one<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries where created_at > now()`,
    );
    expect(future.n).toBe(0);
  });

  it('gives the demo provider real figures: Revenue is the Earnings total, paid out and owed add up to it', async () => {
    const now = new Date();
    const { id: userId } = await one<{ id: string }>(sql`select id from users where email = 'provider@locora.test'`);
    const stats = await getProviderStats(database.db, userId, now);
    expect(stats.revenue.length).toBeGreaterThan(0);
    expect(stats.revenue.every((r) => r.amount > 0)).toBe(true);
    const earnings = await getEarnings(database.db, userId, now);
    expect(earnings.allTime.map((x) => ({ currency: x.currency, amount: x.netCents }))).toEqual(stats.revenue);
    // Nothing was converted (charges kept by Locora): the Payouts tab's figures are in the same currency.
    const figures = await getPayoutSummary(database.db, userId);
    const sum = (list: { currency: string; amountCents: number }[]) =>
      list.reduce((n, l) => n + (l.currency === stats.revenue[0]!.currency ? l.amountCents : 0), 0);
    expect(sum(figures.paidOut)).toBeGreaterThan(0);
    expect(sum(figures.paidOut) + sum(figures.onItsWay) + sum(figures.owed) + sum(figures.held)).toBe(
      stats.revenue[0]!.amount,
    );
    // The refunded booking earned nothing; the completed ones their subtotal.
    const refunded = earnings.rows.find((r) => r.bookingStatus === 'REFUNDED');
    expect(refunded).toMatchObject({ status: 'refunded', netCents: 0, countsInTotals: false });
    for (const r of earnings.rows.filter((x) => x.bookingStatus === 'COMPLETED'))
      expect(r.netCents + r.feeCents).toBe(r.grossCents);
    // A completed booking settled by hand reads "Paid out"; one still owed reads "Captured".
    const settled = new Set(
      (
        await rows<{
          booking_id: string;
        }>(sql`select m.booking_id from manual_settlements m join bookings b on b.id = m.booking_id
           where b.provider_id = (select id from providers where user_id = ${userId})`)
      ).map((r) => r.booking_id),
    );
    const completed = earnings.rows.filter((r) => r.bookingStatus === 'COMPLETED');
    expect(completed.some((r) => settled.has(r.bookingId))).toBe(true);
    for (const r of completed) expect(r.status, r.bookingId).toBe(settled.has(r.bookingId) ? 'paid_out' : 'captured');
  });

  it('gives the admin totals per currency, Stripe’s fees in dollars, and the completed bookings of the last days still owed by hand', async () => {
    const now = new Date();
    const a = await getAdminPayments(database.db, now, 'en');
    expect(a.allTime.length).toBeGreaterThan(3);
    expect(a.allTime.every((l) => l.stripeFeesUnread === 0)).toBe(true);
    expect(a.allTime.filter((l) => l.stripeFeeCents > 0).map((l) => l.currency)).toEqual(['USD']);
    const ended = await rows<{ id: string }>(sql`
      select b.id from bookings b join payments p on p.booking_id = b.id
       where b.status = 'COMPLETED' and b.end_at > now() - interval '3 days'
         and not exists (select 1 from manual_settlements m where m.booking_id = b.id)`);
    expect(a.preConnectOwed.map((o) => o.bookingId).sort()).toEqual(ended.map((b) => b.id).sort());
  });
});

describe('buildDemoData', () => {
  it('is deterministic for a given moment', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(JSON.stringify(buildDemoData(now, 'hash'))).toBe(JSON.stringify(buildDemoData(now, 'hash')));
  });

  it('puts availability at each provider’s exact local hours on both sides of the March DST changes', () => {
    // From 1 March the 21 daily days and the 12 recurring weeks cross New York's change (8 March)
    // and Europe's (29 March). A slot one hour off on either side fails the exact HH:mm match.
    const data = buildDemoData(new Date('2026-03-01T12:00:00Z'), 'hash');
    const providersById = new Map(data.providers.map((p) => [p.id, p]));
    const profiles = new Map(PROVIDERS.map((p) => [p.displayName, p]));
    const seen = new Map<string, Set<string>>();
    for (const slot of data.availability) {
      const provider = providersById.get(slot.providerId);
      const profile = profiles.get(provider?.displayName ?? '');
      if (!provider || !profile || slot.isBlocked) continue;
      const tz = provider.timeZone as string;
      const start = utcToZoned(slot.startAt, tz);
      const end = utcToZoned(slot.endAt as Date, tz);
      expect(end.date).toBe(start.date);
      const [open, close] = profile.hours;
      const expected =
        profile.availability === 'split' && open < 13 && close > 15
          ? [
              [formatWallTime(open), '13:00'],
              ['14:00', formatWallTime(close)],
            ]
          : [[formatWallTime(open), formatWallTime(close)]];
      expect(expected, `${profile.key} ${start.date}`).toContainEqual([start.time, end.time]);
      const side = (change: string) => (start.date < change ? 'before' : 'after');
      const change = tz === 'America/New_York' ? '2026-03-08' : '2026-03-29';
      seen.set(tz, (seen.get(tz) ?? new Set()).add(side(change)));
    }
    for (const tz of ['America/New_York', 'Europe/Lisbon', 'Europe/Madrid']) {
      expect([...(seen.get(tz) ?? [])].sort(), tz).toEqual(['after', 'before']);
    }

    // And one provider's slot, instant by instant: the same 09:00 local is 14:00Z, then 13:00Z.
    const ny = data.providers.find((p) => p.timeZone === 'America/New_York');
    const nySlots = data.availability
      .filter((a) => a.providerId === ny?.id && !a.isBlocked)
      .map((a) => ({ date: utcToZoned(a.startAt, 'America/New_York').date, utc: a.startAt.toISOString() }));
    const before = nySlots.find((a) => a.date < '2026-03-08');
    const after = nySlots.find((a) => a.date > '2026-03-08');
    const open = profiles.get(ny?.displayName ?? '')?.hours[0] ?? 0;
    expect(before?.utc).toBe(`${before?.date}T${String(open + 5).padStart(2, '0')}:00:00.000Z`);
    expect(after?.utc).toBe(`${after?.date}T${String(open + 4).padStart(2, '0')}:00:00.000Z`);
  });

  it('computes every booking’s amount and fee with the shared pricing rules', () => {
    const data = buildDemoData(new Date('2026-03-01T12:00:00Z'), 'hash');
    const services = new Map(data.services.map((s) => [s.id, s]));
    expect(data.bookings.length).toBeGreaterThan(100);
    for (const b of data.bookings) {
      const service = services.get(b.serviceId)!;
      const unit = service.pricingUnit ?? 'per hour';
      const { subtotalCents, feeCents } = amountsForUnit(unit, service.priceCents, b.hours, service.currency ?? 'USD');
      expect([b.amountCents, b.feeCents]).toEqual([subtotalCents, feeCents]);
      // A session or a day blocks its length (decision 035).
      if (unit !== 'per hour') expect(b.hours).toBe(service.minHours);
    }
  });
});

describe('seedIfEmpty', () => {
  it('does nothing on a database that has users', async () => {
    const before = await one<{ n: number }>(sql`select count(*)::int as n from bookings`);
    expect(await seedIfEmpty(database.db)).toBe(false);
    const after = await one<{ n: number }>(sql`select count(*)::int as n from bookings`);
    expect(after.n).toBe(before.n);
  });

  it('seeds an empty database once', async () => {
    await resetDatabase(database);
    expect(await seedIfEmpty(database.db)).toBe(true);
    expect(await seedIfEmpty(database.db)).toBe(false);
    const users = await one<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(users.n).toBe(summary.users);
  });
});

describe('factories', () => {
  it('create a service with its own provider, user and category by default', async () => {
    const service = await createService(database.db);
    expect(service.priceCents).toBeGreaterThan(0);
    const owner = await one<{ role: string }>(
      sql`select u.role from services s join providers p on p.id = s.provider_id join users u on u.id = p.user_id where s.id = ${service.id}`,
    );
    expect(owner.role).toBe('PROVIDER');
  });

  it('derive a booking’s end, amount and fee from the service', async () => {
    const category = await createCategory(database.db, { name: 'Surf', slug: 'surf-test' });
    const { provider } = await createProvider(database.db, { displayName: 'Surf School', govIdStatus: 'PENDING' });
    expect(provider.govIdStatus).toBe('PENDING');
    const service = await createService(database.db, {
      providerId: provider.id,
      categoryId: category.id,
      priceCents: 4550,
    });
    const startAt = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const booking = await createBooking(database.db, { service, startAt, hours: 3 });
    expect(booking).toMatchObject({ amountCents: 13650, feeCents: 683, hours: 3, status: 'PENDING' });
    expect(booking.endAt.getTime() - booking.startAt.getTime()).toBe(3 * 3600 * 1000);
  });

  it('hash a given password so the user can sign in', async () => {
    const user = await createUser(database.db, { password: 'correct horse battery', name: 'Pat' });
    const { password_hash } = await one<{ password_hash: string }>(
      sql`select password_hash from users where id = ${user.id}`,
    );
    expect(await verifyPassword(password_hash, 'correct horse battery')).toBe(true);
    expect(user.role).toBe('TRAVELER');
  });
});
