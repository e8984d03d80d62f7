import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, connectedAccounts, providers, users } from '../../db/schema.ts';
import { createBooking, createCategory, createProvider, createService, createUser } from '../../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { recordLedger } from '../../payments/ledger.ts';
import { useTestApp } from '../../test/test-app.ts';
import { registerUploads } from '../../test/uploads.ts';

const t = useTestApp();

async function cookieFor(userId: string) {
  const { token } = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const category = await createCategory(t.db);
  const owner = await createProvider(t.db, {
    displayName: 'Ana Lima',
    rating: 4.7,
    ratingCount: 12,
    avatar: null,
    timeZone: 'Europe/Lisbon',
  });
  await registerUploads(t.db, owner.user.id, ['/uploads/avatars/ana.webp', '/uploads/avatars/a.webp']);
  const other = await createProvider(t.db, { displayName: 'Bruno Costa' });
  const traveler = await createUser(t.db);
  const admin = await createUser(t.db, { role: 'ADMIN' });
  return {
    category,
    owner,
    other,
    traveler,
    cookies: {
      owner: await cookieFor(owner.user.id),
      other: await cookieFor(other.user.id),
      traveler: await cookieFor(traveler.id),
      admin: await cookieFor(admin.id),
    },
  };
}

beforeEach(async () => {
  f = await buildFixture();
});

const stats = (cookies = f.cookies.owner) => t.app.inject({ url: '/api/provider/stats', cookies });

/**
 * A card payment of a booking (a charge Locora kept, as before payouts existed), held, charged or
 * refunded (`refundedCents` of it refunded so far), and its ledger rows, by the ledger's writer.
 */
async function paidByCard(
  b: { id: string; amountCents: number; feeCents: number; currency: string },
  status: 'requires_capture' | 'succeeded' | 'refunded',
  refundedCents = 0,
) {
  const amount = b.amountCents + b.feeCents;
  await t.db.execute(
    sql`insert into payments (id, booking_id, amount_cents, currency, status, refunded_cents)
        values (${`pi_${b.id.replace(/-/g, '').slice(0, 24)}`}, ${b.id}, ${amount}, ${b.currency}, ${status},
                ${status === 'refunded' ? amount : refundedCents})`,
  );
  await recordLedger(t.db, b.id, 'test');
}
const patchMe = (payload: unknown, cookies: Record<string, string> | undefined = f.cookies.owner) =>
  t.app.inject({ method: 'PATCH', url: '/api/provider/me', payload: payload as object, cookies });

describe('GET /api/provider/stats', () => {
  it('counts services (not deleted), pending requests, rating, and revenue: what the ledger says was kept', async () => {
    const mk = (extra = {}) =>
      createService(t.db, { providerId: f.owner.provider.id, categoryId: f.category.id, priceCents: 1000, ...extra });
    const service = await mk();
    await mk({ isPaused: true });
    await mk({ isActive: false });
    await mk({ deletedAt: new Date() });
    // Upcoming days (a request is answered within 24 hours, so these are still open)...
    let day = 3;
    const book = (
      status: 'PENDING' | 'CONFIRMED' | 'PAID' | 'COMPLETED' | 'CANCELED' | 'REFUNDED',
      hours = 1,
      startAt = new Date(Date.now() + day++ * 24 * 3600_000),
      on = service,
    ) => createBooking(t.db, { service: on, userId: f.traveler.id, status, hours, startAt });
    await book('PENDING');
    await book('PENDING', 2);
    // Its card held, not charged: nothing kept yet.
    await paidByCard(await book('CONFIRMED', 3), 'requires_capture');
    await paidByCard(await book('PAID', 4), 'succeeded'); // 4000
    // Charged, then half refunded at Stripe: the provider keeps half of their 5000.
    await paidByCard(await book('COMPLETED', 5), 'succeeded', 2625); // 2500
    // A traveler's late cancellation: the money was kept.
    await paidByCard(await book('CANCELED', 6), 'succeeded'); // 6000
    await paidByCard(await book('REFUNDED', 7), 'refunded');
    // ...and past ones, read by their effective status before any job has run: a request nobody
    // answered has expired (not pending), a confirmed booking that has ended is completed.
    await book('PENDING', 8, new Date(Date.now() - 2 * 24 * 3600_000));
    await paidByCard(await book('CONFIRMED', 9, new Date(Date.now() - 3 * 24 * 3600_000)), 'succeeded'); // 9000
    // Completed without a card payment: no money went through Locora.
    await book('COMPLETED', 10, new Date(Date.now() - 5 * 24 * 3600_000));
    // Another provider's revenue does not count.
    const foreign = await createService(t.db, { providerId: f.other.provider.id, categoryId: f.category.id });
    await paidByCard(await book('PAID', 1, undefined, foreign), 'succeeded');

    const res = await stats();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      services: 3,
      pendingRequests: 2,
      rating: 4.7,
      ratingCount: 12,
      revenue: [{ currency: 'USD', amount: 4000 + 2500 + 6000 + 9000 }],
      isNew: false,
    });
  });

  it('is all zeros for a new provider, who is new here (isNew)', async () => {
    expect((await stats(f.cookies.other)).json()).toEqual({
      services: 0,
      pendingRequests: 0,
      rating: 0,
      ratingCount: 0,
      revenue: [],
      isNew: true,
    });
  });

  it('is not new once a service was ever created, even if since deleted, or a booking ever received', async () => {
    await createService(t.db, {
      providerId: f.other.provider.id,
      categoryId: f.category.id,
      deletedAt: new Date(),
    });
    expect((await stats(f.cookies.other)).json()).toMatchObject({ services: 0, isNew: false });
  });

  it('access: anonymous 401, traveler and admin 403', async () => {
    expect((await t.app.inject({ url: '/api/provider/stats' })).statusCode).toBe(401);
    expect((await stats(f.cookies.traveler)).statusCode).toBe(403);
    expect((await stats(f.cookies.admin)).statusCode).toBe(403);
  });
});

describe('PATCH /api/provider/me', () => {
  it('changes the profile, and the public profile shows it at once', async () => {
    const res = await patchMe({
      displayName: '  Ana M. Lima ',
      bio: 'Massage therapist for 10 years.\nCertified.',
      baseCity: 'Porto',
      languages: ['Portuguese', 'English', 'Portuguese'],
      timeZone: 'america/new_york',
      avatar: '/uploads/avatars/ana.webp',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      displayName: 'Ana M. Lima',
      bio: 'Massage therapist for 10 years.\nCertified.',
      baseCity: 'Porto',
      languages: ['Portuguese', 'English'],
      timeZone: 'America/New_York',
      avatar: '/uploads/avatars/ana.webp',
    };
    expect(res.json()).toMatchObject(expected);
    const pub = await t.app.inject({ url: `/api/providers/${f.owner.user.id}` });
    expect(pub.json()).toMatchObject(expected);
    const me = await t.app.inject({ url: '/api/provider/me', cookies: f.cookies.owner });
    expect(me.json()).toMatchObject(expected);
  });

  it('a new profile photo becomes the account’s photo (GET /api/auth/me) while it has none; one of its own stays', async () => {
    await t.db.update(users).set({ image: null }).where(eq(users.id, f.owner.user.id));
    expect((await patchMe({ avatar: '/uploads/avatars/ana.webp' })).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/me', cookies: f.cookies.owner });
    expect(me.json().user.image).toBe('/uploads/avatars/ana.webp');
    // The account now has a photo: a later profile photo does not replace it.
    expect((await patchMe({ avatar: '/uploads/avatars/a.webp' })).statusCode).toBe(200);
    const again = await t.app.inject({ url: '/api/auth/me', cookies: f.cookies.owner });
    expect(again.json().user.image).toBe('/uploads/avatars/ana.webp');
    // Another provider's account is untouched.
    const [other] = await t.db.select({ image: users.image }).from(users).where(eq(users.id, f.other.user.id));
    expect(other?.image).not.toBe('/uploads/avatars/ana.webp');
  });

  it('changes one field at a time; blank bio and city become empty; avatar null removes it', async () => {
    await patchMe({ avatar: '/uploads/avatars/a.webp', bio: 'x' });
    const res = await patchMe({ bio: '   ', baseCity: '', avatar: null });
    expect(res.json()).toMatchObject({ displayName: 'Ana Lima', bio: null, baseCity: null, avatar: null });
    const again = await patchMe({ languages: [] });
    expect(again.json().languages).toEqual([]);
  });

  it('keeps an avatar that is already set even when it is not an upload', async () => {
    await t.db.update(providers).set({ avatar: '/media/people/ana.svg' }).where(eq(providers.id, f.owner.provider.id));
    expect((await patchMe({ avatar: '/media/people/ana.svg', bio: 'hi' })).statusCode).toBe(200);
  });

  const bad: [string, unknown, RegExp][] = [
    ['an empty body', {}, /Nothing to change/],
    ['a blank display name', { displayName: '   ' }, /Display name is required/],
    ['a long display name', { displayName: 'n'.repeat(101) }, /at most 100/],
    ['a display name with a bidi override', { displayName: 'Ana\u202E' }, /control/],
    ['a bio over 2000', { bio: 'b'.repeat(2001) }, /at most 2000/],
    ['a bio with a control character', { bio: 'hi\u0000' }, /NUL|control/],
    ['a long base city', { baseCity: 'c'.repeat(101) }, /at most 100/],
    ['languages not a list', { languages: 'English' }, /Languages must be a list/],
    ['an unknown language', { languages: ['English', 'Klingon'] }, /Unknown language "Klingon"/],
    ['too many languages', { languages: Array.from({ length: 21 }, () => 'English') }, /at most 20/],
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, /Unknown time zone/],
    ['a bare offset as zone', { timeZone: '+05:30' }, /Unknown time zone/],
    ['an empty zone', { timeZone: '' }, /Unknown time zone/],
    ['an avatar that is not an upload', { avatar: 'https://tracker.example/pixel.png' }, /not one of your uploads/],
    ['an empty avatar', { avatar: '' }, /Avatar/],
    ['an unknown field', { rating: 5 }, /Unrecognized|rating/i],
    ['govIdStatus', { govIdStatus: 'APPROVED' }, /Unrecognized|govIdStatus/i],
  ];
  it.each(bad)('refuses %s with 400', async (_name, body, message) => {
    const res = await patchMe(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    const [row] = await t.db.select().from(providers).where(eq(providers.id, f.owner.provider.id));
    expect(row).toMatchObject({ displayName: 'Ana Lima', timeZone: 'Europe/Lisbon', govIdStatus: 'APPROVED' });
  });

  it('access: anonymous 401, traveler and admin 403; another provider changes only their own', async () => {
    expect((await patchMe({ bio: 'x' }, {})).statusCode).toBe(401);
    expect((await patchMe({ bio: 'x' }, f.cookies.traveler)).statusCode).toBe(403);
    expect((await patchMe({ bio: 'x' }, f.cookies.admin)).statusCode).toBe(403);
    const other = await patchMe({ bio: 'Bruno here' }, f.cookies.other);
    expect(other.json()).toMatchObject({ id: f.other.provider.id, bio: 'Bruno here' });
    const [mine] = await t.db.select().from(providers).where(eq(providers.id, f.owner.provider.id));
    expect(mine?.bio).toBe('Experienced local provider.');
  });
});

describe('the provider’s currency', () => {
  const me = (cookies = f.cookies.owner) => t.app.inject({ url: '/api/provider/me', cookies });

  it('changes on the Profile tab while no booking is live, and not while one is, saying why', async () => {
    const changed = await patchMe({ currency: 'jpy' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ currency: 'JPY', currencyLockedReason: null });

    const service = await createService(t.db, { providerId: f.owner.provider.id, categoryId: f.category.id });
    expect(service.currency).toBe('JPY');
    const traveler = await createUser(t.db);
    const booking = await createBooking(t.db, { service, userId: traveler.id, status: 'CONFIRMED' });
    const locked = await me();
    expect(locked.json().currencyLockedReason).toMatch(/bookings in progress/);
    const refused = await patchMe({ currency: 'EUR' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/bookings in progress/);
    // The same currency again is no change, and other fields still change.
    expect((await patchMe({ currency: 'JPY', bio: 'Guide in Asakusa' })).statusCode).toBe(200);

    await t.db.update(bookings).set({ status: 'CANCELED' }).where(eq(bookings.id, booking.id));
    expect((await me()).json().currencyLockedReason).toBeNull();
    expect((await patchMe({ currency: 'EUR' })).json()).toMatchObject({ currency: 'EUR' });
  });

  it('follows Stripe once payouts are set up: changing it by hand is refused', async () => {
    await t.db.insert(connectedAccounts).values({ id: 'acct_test_jp', providerId: f.owner.provider.id, country: 'JP' });
    expect((await me()).json().currencyLockedReason).toMatch(/payouts account at Stripe/);
    const refused = await patchMe({ currency: 'EUR' });
    expect(refused.statusCode).toBe(409);
    // Said in the provider's language, on their profile and when they try.
    const inSpanish = { cookies: f.cookies.owner, headers: { 'x-locale': 'es' } };
    const why = 'Tu moneda es aquella en la que se paga tu cuenta de cobros en Stripe, así que sigue a esa cuenta.';
    expect((await t.app.inject({ url: '/api/provider/me', ...inSpanish })).json().currencyLockedReason).toBe(why);
    const refusedInSpanish = await t.app.inject({
      method: 'PATCH',
      url: '/api/provider/me',
      payload: { currency: 'EUR' },
      ...inSpanish,
    });
    expect(refusedInSpanish.json()).toMatchObject({ code: 'CONFLICT', message: why });
  });

  it('refuses an unknown currency, naming it', async () => {
    const res = await patchMe({ currency: 'XYZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Unknown currency "XYZ"/);
  });
});

describe('OpenAPI', () => {
  it('documents the workspace routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/provider/me'] ?? {})).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(Object.keys(paths['/api/services/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
    for (const p of ['/api/provider/services', '/api/provider/bookings', '/api/provider/stats', '/api/services']) {
      expect(paths[p], p).toBeDefined();
    }
  });
});

describe('the setup checklist without card payments', () => {
  it('needs no payouts, and travelers can book at once', async () => {
    const res = await t.app.inject({ url: '/api/provider/setup', cookies: f.cookies.owner });
    expect(res.statusCode).toBe(200);
    expect(res.json().steps.find((s: { key: string }) => s.key === 'payouts')).toEqual({
      key: 'payouts',
      status: 'not_needed',
      isOptional: false,
      reason: null,
    });
    expect(res.json().canBeBooked).toBe(true);
  });
});
