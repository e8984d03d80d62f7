import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { queryRows } from './open.ts';
import { bookings, categories, messages, providers, reviews, services, sessions, users } from './schema.ts';
import {
  buildBooking,
  createBooking,
  createCategory,
  createMessage,
  createProvider,
  createReview,
  createService,
  createUser,
} from './seed/factories.ts';

const t = useTestApp();

/** What the database answered: SQLSTATE and constraint of the driver's error under Drizzle's. */
async function refusal(query: PromiseLike<unknown>): Promise<{ code: string; constraint: string | undefined }> {
  try {
    await query;
  } catch (err) {
    for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const { code, constraint } = e as { code?: unknown; constraint?: unknown };
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
        return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    throw err;
  }
  throw new Error('the database accepted it');
}

/** ON DELETE RESTRICT is 23001 on PostgreSQL 18 (PGlite) and 23503 on older servers. */
const RESTRICTED = expect.stringMatching(/^(23001|23503)$/);

const at = (h: number) => new Date(Date.UTC(2030, 0, 7, h));

async function history() {
  const service = await createService(t.db);
  const traveler = await createUser(t.db);
  const booking = await createBooking(t.db, { service, userId: traveler.id, status: 'COMPLETED', startAt: at(9) });
  const review = await createReview(t.db, booking, { rating: 4 });
  const message = await createMessage(t.db, { bookingId: booking.id, senderId: traveler.id });
  return { service, traveler, booking, review, message };
}

const count = async (table: typeof bookings | typeof reviews | typeof messages) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe('nothing that records money or a conversation is cascaded away', () => {
  it('refuses to delete a traveler with bookings, and keeps everything', async () => {
    const h = await history();
    expect(await refusal(t.db.delete(users).where(eq(users.id, h.traveler.id)))).toEqual({
      code: RESTRICTED,
      constraint: expect.stringMatching(/^(bookings_user_id_users_id_fk|messages_sender_id_users_id_fk)$/),
    });
    expect([await count(bookings), await count(reviews), await count(messages)]).toEqual([1, 1, 1]);
  });

  it('refuses to delete a service with bookings (services are soft-deleted instead)', async () => {
    const h = await history();
    expect(await refusal(t.db.delete(services).where(eq(services.id, h.service.id)))).toEqual({
      code: RESTRICTED,
      constraint: 'bookings_service_provider_fk',
    });
    await t.db.update(services).set({ deletedAt: new Date() }).where(eq(services.id, h.service.id));
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.serviceId, h.service.id));
    expect(kept).toMatchObject({ id: h.booking.id, status: 'COMPLETED' });
    expect(await t.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.serviceId, h.service.id))).toEqual([
      { id: h.review.id },
    ]);
  });

  it('refuses to delete a booking with a review or messages', async () => {
    const h = await history();
    const res = await refusal(t.db.delete(bookings).where(eq(bookings.id, h.booking.id)));
    expect(res.code).toEqual(RESTRICTED);
    expect(res.constraint).toMatch(
      /^(reviews_booking_author_fk|reviews_booking_service_fk|messages_booking_id_bookings_id_fk)$/,
    );
    await t.db.delete(reviews).where(eq(reviews.id, h.review.id));
    expect(await refusal(t.db.delete(bookings).where(eq(bookings.id, h.booking.id)))).toEqual({
      code: RESTRICTED,
      constraint: 'messages_booking_id_bookings_id_fk',
    });
  });

  it('refuses to delete a provider with services, its user, or a category in use', async () => {
    const { user, provider } = await createProvider(t.db);
    const category = await createCategory(t.db);
    await createService(t.db, { providerId: provider.id, categoryId: category.id });
    expect(await refusal(t.db.delete(providers).where(eq(providers.id, provider.id)))).toEqual({
      code: RESTRICTED,
      constraint: 'services_provider_id_providers_id_fk',
    });
    expect(await refusal(t.db.delete(users).where(eq(users.id, user.id)))).toEqual({
      code: RESTRICTED,
      constraint: 'providers_user_id_users_id_fk',
    });
    expect(await refusal(t.db.delete(categories).where(eq(categories.id, category.id)))).toEqual({
      code: RESTRICTED,
      constraint: 'services_category_id_categories_id_fk',
    });
  });

  it('lets a user without history go, with their credentials (sessions and email links: the only cascades)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'gone@example.com', password: 'correct horse battery', name: 'Gone', role: 'TRAVELER' },
    });
    const { user } = res.json<{ user: { id: string } }>();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    // Sign-up sent a verification link: a credential, not history.
    expect(await queryRows(t.db, sql`select 1 from auth_tokens where user_id = ${user.id}`)).toHaveLength(1);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await queryRows(t.db, sql`select 1 from auth_tokens where user_id = ${user.id}`)).toEqual([]);
  });

  it('declares every foreign key but the two credential ones ON DELETE RESTRICT', async () => {
    const rows = await queryRows<{ conname: string; confdeltype: string }>(
      t.db,
      sql`select conname, confdeltype::text from pg_constraint
          where contype = 'f' and connamespace = 'public'::regnamespace order by conname`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(13);
    for (const r of rows) {
      expect(r.confdeltype, r.conname).toBe(CREDENTIAL_FKS.includes(r.conname) ? 'c' : 'r');
    }
  });
});

/** Sign-in sessions and single-use email links go with their user; nothing else ever cascades. */
const CREDENTIAL_FKS = ['sessions_user_id_users_id_fk', 'auth_tokens_user_id_users_id_fk'];

describe('a booking belongs to its service’s provider, a review to its booking’s traveler', () => {
  it('refuses a booking whose provider is not its service’s provider', async () => {
    const service = await createService(t.db);
    const other = await createProvider(t.db);
    const traveler = await createUser(t.db);
    const values = buildBooking(service, { userId: traveler.id, providerId: other.provider.id });
    expect(await refusal(t.db.insert(bookings).values(values))).toEqual({
      code: '23503',
      constraint: 'bookings_service_provider_fk',
    });
    // Nor can an existing booking be moved to another provider, or its service to another owner.
    const booking = await createBooking(t.db, { service, userId: traveler.id });
    expect(
      await refusal(t.db.update(bookings).set({ providerId: other.provider.id }).where(eq(bookings.id, booking.id))),
    ).toEqual({ code: '23503', constraint: 'bookings_service_provider_fk' });
    const moved = await refusal(
      t.db.update(services).set({ providerId: other.provider.id }).where(eq(services.id, service.id)),
    );
    expect(moved.constraint).toBe('bookings_service_provider_fk');
    expect(await t.db.select({ p: bookings.providerId }).from(bookings)).toEqual([{ p: service.providerId }]);
  });

  it('refuses a review by anyone but the booking’s traveler, or of another service', async () => {
    const h = await history();
    await t.db.delete(reviews);
    const stranger = await createUser(t.db);
    expect(
      await refusal(
        t.db
          .insert(reviews)
          .values({ bookingId: h.booking.id, serviceId: h.service.id, authorId: stranger.id, rating: 1 }),
      ),
    ).toEqual({
      code: '23503',
      constraint: 'reviews_booking_author_fk',
    });
    const otherService = await createService(t.db);
    expect(
      await refusal(
        t.db
          .insert(reviews)
          .values({ bookingId: h.booking.id, serviceId: otherService.id, authorId: h.traveler.id, rating: 1 }),
      ),
    ).toEqual({ code: '23503', constraint: 'reviews_booking_service_fk' });
    await createReview(t.db, h.booking, { rating: 5 });
    expect(await t.db.select({ a: reviews.authorId }).from(reviews)).toEqual([{ a: h.traveler.id }]);
  });

  it('requires a provider’s time zone (no silent UTC default)', async () => {
    const user = await createUser(t.db, { role: 'PROVIDER' });
    const res = await refusal(
      t.db.execute(sql`insert into providers (user_id, display_name) values (${user.id}, 'X')`),
    );
    expect(res.code).toBe('23502');
  });
});

describe('bookings_no_overlap', () => {
  async function setup() {
    const service = await createService(t.db, { minHours: 1 });
    const sameProvider = await createService(t.db, { providerId: service.providerId, categoryId: service.categoryId });
    const traveler = await createUser(t.db);
    const book = (
      s: typeof service,
      startH: number,
      hours: number,
      status: 'PENDING' | 'CONFIRMED' | 'PAID' | 'CANCELED' | 'COMPLETED' = 'PENDING',
    ) =>
      t.db
        .insert(bookings)
        .values(buildBooking(s, { userId: traveler.id, startAt: at(startH), hours, status }))
        .returning();
    return { service, sameProvider, traveler, book };
  }

  it('refuses two overlapping live bookings of one provider, even on different services', async () => {
    const { service, sameProvider, book } = await setup();
    await book(service, 10, 2, 'PAID');
    for (const [s, start, hours, status] of [
      [service, 11, 1, 'PENDING'],
      [sameProvider, 9, 2, 'CONFIRMED'],
      [sameProvider, 10, 4, 'PAID'],
    ] as const) {
      expect(await refusal(book(s, start, hours, status))).toEqual({
        code: '23P01',
        constraint: 'bookings_no_overlap',
      });
    }
    expect(await t.db.select({ id: bookings.id }).from(bookings)).toHaveLength(1);
  });

  it('lets back-to-back bookings and other providers’ bookings through', async () => {
    const { service, book } = await setup();
    const elsewhere = await createService(t.db);
    await book(service, 10, 2);
    await book(service, 12, 1); // starts when the first ends
    await book(service, 8, 2); // ends when the first starts
    await book(elsewhere, 10, 2);
    expect(await t.db.select({ id: bookings.id }).from(bookings)).toHaveLength(4);
  });

  it('is not blocked by a CANCELED booking, and a PENDING one may overlap it', async () => {
    const { service, book } = await setup();
    const [canceled] = await book(service, 10, 2, 'CANCELED');
    const [pending] = await book(service, 10, 2, 'PENDING');
    expect(pending?.status).toBe('PENDING');
    // Reviving the canceled booking would double-book: refused.
    expect(
      await refusal(t.db.update(bookings).set({ status: 'CONFIRMED' }).where(eq(bookings.id, canceled!.id))),
    ).toEqual({ code: '23P01', constraint: 'bookings_no_overlap' });
    const statuses = (await t.db.select({ s: bookings.status }).from(bookings)).map((r) => r.s).sort();
    expect(statuses).toEqual(['CANCELED', 'PENDING']);
  });

  it('does not count finished bookings (COMPLETED) as live', async () => {
    const { service, book } = await setup();
    await book(service, 10, 2, 'COMPLETED');
    await book(service, 10, 1, 'PENDING');
    expect(await t.db.select({ id: bookings.id }).from(bookings)).toHaveLength(2);
  });
});
