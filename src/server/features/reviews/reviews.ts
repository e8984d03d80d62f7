/**
 * Two-sided blind reviews (decision 050). Once a booking is COMPLETED its traveler reviews the
 * service (POST /api/reviews) and its provider reviews the traveler (POST /api/provider/reviews),
 * each within 14 days of its end. A review is written unpublished: only its author sees it. When
 * the second side writes, both are published in that transaction; when the window closes, the
 * publishing job publishes what was written. Only published reviews that no admin hid count: the
 * ratings (a database trigger recomputes them when a review is published, decision 019), every
 * list, page, search result, JSON-LD and API answer.
 */
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../../shared/domain/locales.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { CreateReviewInput, ReviewResponse } from '../../../shared/api/bookings.ts';
import type { PublicReview } from '../../../shared/api/catalog.ts';
import type { AnswerResponse, TravelerCard } from '../../../shared/api/trust.ts';
import { effectiveStatus } from '../../../shared/domain/booking-machine.ts';
import {
  ANSWER_LOCKED_MESSAGE,
  answerEditableUntil,
  isReviewWindowOpen,
  NOT_PUBLISHED_MESSAGE,
  REVIEW_WINDOW_CLOSED_MESSAGE,
  REVIEW_WINDOW_DAYS,
  reviewWindowEndsAt,
} from '../../../shared/domain/reviews.ts';
import { DAY_MS, formatDateIn } from '../../../shared/domain/time.ts';
import { applyBookingEvent } from '../../bookings/booking-writer.ts';
import { visibleToProviderSql } from '../../bookings/booking-sql.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { isVisibleService, providers, services } from '../../db/schema.ts';
import { i18nFor } from '../../i18n.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { reviewedYouEmail, reviewsPublishedEmail } from '../../email/review-emails.ts';
import { AppError } from '../../http/errors.ts';
import { reserve, type Limit } from '../../http/rate-limit.ts';
import type { RoundKind } from '../../jobs/runner.ts';
import { providerByUsername } from '../../read-models/providers.ts';
import { listReviewsWhere } from '../../read-models/reviews.ts';
import { recordColumns, toRecord, type RecordRow } from '../../read-models/traveler-records.ts';

/**
 * Public reviews of a provider (by the provider's user id, as public links use, or its provider
 * id), newest first. Reviews of services that are not visible (inactive, paused or deleted) are
 * left out: their id and title are 404 everywhere else.
 */
export async function listProviderReviews(db: Executor, username: string, limit = 200): Promise<PublicReview[]> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(providerByUsername(username)).limit(1);
  if (!provider) throw new AppError('NOT_FOUND', 'Provider not found.');
  return listReviewsWhere(db, and(eq(services.providerId, provider.id), isVisibleService(services)), limit);
}

/** What a review of a booking that has not happened yet hears. */
export function notCompletedMessage(status: string): string {
  return `You can review a booking once it is completed: this one is ${status}`;
}

/** Reviews and answers one person may write per hour (both kinds, all bookings). */
export const REVIEW_WRITES_PER_USER_PER_HOUR = 20;
export const reviewWritesPerUser = (userId: string): Limit => ({
  key: `reviews:user:${userId}`,
  max: REVIEW_WRITES_PER_USER_PER_HOUR,
  windowSeconds: 3600,
  message: (i18n, wait) =>
    i18n._(msg`You have written many reviews and answers in the last hour. Please wait ${wait}.`),
});

export type ReviewContext = { now: Date; appUrl: string };

type LockedBooking = {
  id: string;
  user_id: string;
  service_id: string;
  provider_id: string;
  provider_user_id: string;
  status: string;
  start_at: Date;
  end_at: Date;
  created_at: Date;
  authorised_at: Date | null;
  payment_required: boolean;
};

/**
 * The booking under a row lock, for one of its two people (`side`); anyone else gets 404. It must
 * be COMPLETED (a booking whose end has passed is written COMPLETED now, as the lifecycle job
 * would) and within its 14-day window.
 */
async function lockReviewableBooking(
  tx: Executor,
  bookingId: string,
  userId: string,
  side: 'traveler' | 'provider',
  now: Date,
): Promise<LockedBooking> {
  const who = side === 'traveler' ? sql`b.user_id = ${userId}` : sql`p.user_id = ${userId}`;
  const [row] = await queryRows<LockedBooking>(
    tx,
    sql`select b.id, b.user_id, b.service_id, b.provider_id, p.user_id as provider_user_id, b.status,
          b.start_at, b.end_at, b.created_at, b.authorised_at, b.payment_required
        from bookings b join providers p on p.id = b.provider_id
        where b.id = ${bookingId} and ${who}
        for update of b`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
  const b = {
    ...row,
    start_at: new Date(row.start_at),
    end_at: new Date(row.end_at),
    created_at: new Date(row.created_at),
  };
  const status = effectiveStatus(
    {
      status: b.status,
      start: b.start_at,
      end: b.end_at,
      createdAt: b.created_at,
      authorisedAt: b.authorised_at ? new Date(b.authorised_at) : null,
      paymentRequired: b.payment_required,
    },
    now,
  );
  if (status !== 'COMPLETED') throw new AppError('CONFLICT', notCompletedMessage(status));
  if (!isReviewWindowOpen(b.end_at, now)) throw new AppError('CONFLICT', REVIEW_WINDOW_CLOSED_MESSAGE);
  // Completed by the clock, not yet written down: written now, as the lifecycle job would.
  if (b.status !== 'COMPLETED') await applyBookingEvent(tx, b.id, 'complete', { now, appUrl: '', cardPayments: false });
  return b;
}

type Parties = {
  traveler_email: string;
  traveler_name: string | null;
  traveler_active: boolean;
  traveler_language: Locale;
  provider_email: string;
  provider_user_name: string | null;
  provider_name: string;
  provider_active: boolean;
  provider_language: Locale;
  title: string;
  time_zone: string;
  end_at: Date | string;
};

async function partiesOf(tx: Executor, bookingId: string): Promise<Parties> {
  const [row] = await queryRows<Parties>(
    tx,
    sql`select tu.email as traveler_email, tu.name as traveler_name, tu.deactivated_at is null as traveler_active,
          tu.language as traveler_language, pu.language as provider_language,
          pu.email as provider_email, pu.name as provider_user_name, p.display_name as provider_name,
          pu.deactivated_at is null as provider_active, s.title, p.time_zone, b.end_at
        from bookings b join users tu on tu.id = b.user_id join providers p on p.id = b.provider_id
        join users pu on pu.id = p.user_id join services s on s.id = b.service_id
        where b.id = ${bookingId}`,
  );
  if (!row) throw new Error(`booking ${bookingId} has no parties`);
  return row;
}

/**
 * Publishes whatever is written of a booking's two reviews (both at once), and tells both people.
 * Returns whether anything was published. The caller holds the booking's row lock.
 */
export async function publishBookingReviews(tx: Executor, bookingId: string, ctx: ReviewContext): Promise<boolean> {
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  const service = await queryRows<{ id: string }>(
    tx,
    sql`update reviews set published_at = ${at} where booking_id = ${bookingId} and published_at is null returning id`,
  );
  const traveler = await queryRows<{ id: string }>(
    tx,
    sql`update traveler_reviews set published_at = ${at} where booking_id = ${bookingId} and published_at is null returning id`,
  );
  if (service.length === 0 && traveler.length === 0) return false;
  const [wrote] = await queryRows<{ service: boolean; traveler: boolean }>(
    tx,
    sql`select exists (select 1 from reviews where booking_id = ${bookingId}) as service,
               exists (select 1 from traveler_reviews where booking_id = ${bookingId}) as traveler`,
  );
  const p = await partiesOf(tx, bookingId);
  if (p.traveler_active)
    await enqueueEmail(tx, {
      to: p.traveler_email,
      ...reviewsPublishedEmail({
        locale: p.traveler_language,
        appUrl: ctx.appUrl,
        recipientName: p.traveler_name,
        recipientSide: 'traveler',
        otherName: p.provider_name,
        serviceTitle: p.title,
        wrote: { recipient: !!wrote?.service, other: !!wrote?.traveler },
      }),
      kind: 'reviews-published',
      dedupeKey: `reviews-published:${bookingId}:traveler`,
    });
  if (p.provider_active)
    await enqueueEmail(tx, {
      to: p.provider_email,
      ...reviewsPublishedEmail({
        locale: p.provider_language,
        appUrl: ctx.appUrl,
        recipientName: p.provider_user_name,
        recipientSide: 'provider',
        otherName: p.traveler_name ?? i18nFor(p.provider_language)._(msg`The traveler`),
        serviceTitle: p.title,
        wrote: { recipient: !!wrote?.traveler, other: !!wrote?.service },
      }),
      kind: 'reviews-published',
      dedupeKey: `reviews-published:${bookingId}:provider`,
    });
  return true;
}

/**
 * After one side wrote: if the other side had written too, both are published now; otherwise the
 * other side is told ("Chef Paolo reviewed you. Write yours to read it.").
 */
async function afterReviewWritten(tx: Executor, b: LockedBooking, author: 'traveler' | 'provider', ctx: ReviewContext) {
  const [other] = await queryRows<{ id: string }>(
    tx,
    author === 'traveler'
      ? sql`select id from traveler_reviews where booking_id = ${b.id}`
      : sql`select id from reviews where booking_id = ${b.id}`,
  );
  if (other) {
    await publishBookingReviews(tx, b.id, ctx);
    return true;
  }
  const p = await partiesOf(tx, b.id);
  const recipientSide = author === 'traveler' ? 'provider' : 'traveler';
  const active = recipientSide === 'traveler' ? p.traveler_active : p.provider_active;
  const locale = recipientSide === 'traveler' ? p.traveler_language : p.provider_language;
  if (active)
    await enqueueEmail(tx, {
      to: recipientSide === 'traveler' ? p.traveler_email : p.provider_email,
      ...reviewedYouEmail({
        locale,
        appUrl: ctx.appUrl,
        recipientName: recipientSide === 'traveler' ? p.traveler_name : p.provider_user_name,
        recipientSide,
        reviewerName: author === 'traveler' ? (p.traveler_name ?? i18nFor(locale)._(msg`Your guest`)) : p.provider_name,
        serviceTitle: p.title,
        windowEndsText: formatDateIn(reviewWindowEndsAt(new Date(p.end_at)), p.time_zone, locale),
      }),
      kind: 'review-written',
      dedupeKey: `review-written:${b.id}:${recipientSide}`,
    });
  return false;
}

/**
 * The traveler's review of one of their bookings, once it is COMPLETED and within 14 days of its
 * end, once per booking (a second one is refused by reviews_booking_id_unique: 409). Someone
 * else's booking is a 404. Unpublished until the provider has reviewed the traveler too (then both
 * are published now) or the window closes.
 */
export async function createReview(
  db: Db,
  userId: string,
  input: CreateReviewInput,
  ctx: ReviewContext = { now: new Date(), appUrl: '' },
): Promise<ReviewResponse['review'] & { publishedAt: string | null }> {
  await reserve(db, [reviewWritesPerUser(userId)]);
  return db.transaction(async (tx) => {
    const b = await lockReviewableBooking(tx, input.bookingId, userId, 'traveler', ctx.now);
    const [review] = await queryRows<{ id: string; created_at: Date | string }>(
      tx,
      sql`insert into reviews (booking_id, service_id, author_id, rating, text)
          values (${b.id}, ${b.service_id}, ${b.user_id}, ${input.rating}, ${input.text})
          returning id, created_at`,
    );
    if (!review) throw new Error('insert into reviews returned no row');
    const published = await afterReviewWritten(tx, b, 'traveler', ctx);
    return {
      id: review.id,
      bookingId: b.id,
      serviceId: b.service_id,
      rating: input.rating,
      text: input.text,
      createdAt: new Date(review.created_at).toISOString(),
      publishedAt: published ? ctx.now.toISOString() : null,
    };
  });
}

/**
 * POST /api/provider/reviews: the provider's review of the traveler of one of their bookings, on
 * the same terms as the traveler's (COMPLETED, 14 days, once).
 */
export async function createTravelerReview(db: Db, userId: string, input: CreateReviewInput, ctx: ReviewContext) {
  await reserve(db, [reviewWritesPerUser(userId)]);
  return db.transaction(async (tx) => {
    const b = await lockReviewableBooking(tx, input.bookingId, userId, 'provider', ctx.now);
    const [review] = await queryRows<{ id: string; created_at: Date | string }>(
      tx,
      sql`insert into traveler_reviews (booking_id, traveler_id, provider_id, author_id, rating, text)
          values (${b.id}, ${b.user_id}, ${b.provider_id}, ${b.provider_user_id}, ${input.rating}, ${input.text})
          returning id, created_at`,
    );
    if (!review) throw new Error('insert into traveler_reviews returned no row');
    const published = await afterReviewWritten(tx, b, 'provider', ctx);
    return {
      review: {
        id: review.id,
        bookingId: b.id,
        rating: input.rating,
        text: input.text,
        createdAt: new Date(review.created_at).toISOString(),
        publishedAt: published ? ctx.now.toISOString() : null,
      },
    };
  });
}

/**
 * POST /api/reviews/{id}/answer: the reviewed side answers a published review once, publicly (a
 * service's review: its provider; a traveler's review: that traveler), and may change the answer
 * for 48 hours. A review the caller may not answer, or that is not public, is a 404 to anyone but
 * its author, who hears it is not published yet.
 */
export async function answerReview(
  db: Db,
  userId: string,
  reviewId: string,
  text: string,
  now: Date,
): Promise<{ created: boolean } & AnswerResponse> {
  await reserve(db, [reviewWritesPerUser(userId)]);
  return db.transaction(async (tx) => {
    type Row = {
      table: 'reviews' | 'traveler_reviews';
      author_id: string;
      answerer_id: string;
      published_at: Date | string | null;
      hidden_at: Date | string | null;
      answer: string | null;
      answered_at: Date | string | null;
    };
    const [row] = await queryRows<Row>(
      tx,
      sql`select 'reviews' as "table", r.author_id, p.user_id as answerer_id, r.published_at, r.hidden_at, r.answer, r.answered_at
            from reviews r join services s on s.id = r.service_id join providers p on p.id = s.provider_id
           where r.id = ${reviewId}
          union all
          select 'traveler_reviews', r.author_id, r.traveler_id, r.published_at, r.hidden_at, r.answer, r.answered_at
            from traveler_reviews r where r.id = ${reviewId}`,
    );
    if (row && row.author_id === userId && (!row.published_at || row.hidden_at))
      throw new AppError('CONFLICT', NOT_PUBLISHED_MESSAGE);
    if (!row || row.answerer_id !== userId || !row.published_at || row.hidden_at)
      throw new AppError('NOT_FOUND', 'Review not found.');
    const table = sql.raw(row.table);
    // Locked: two answers at once take turns, so the second sees the first.
    const [locked] = await queryRows<{ answer: string | null; answered_at: Date | string | null }>(
      tx,
      sql`select answer, answered_at from ${table} where id = ${reviewId} for update`,
    );
    const answeredAt = locked?.answered_at ? new Date(locked.answered_at) : null;
    if (answeredAt && now.getTime() >= answerEditableUntil(answeredAt).getTime())
      throw new AppError('CONFLICT', ANSWER_LOCKED_MESSAGE);
    const at = answeredAt ?? now;
    await tx.execute(
      sql`update ${table} set answer = ${text}, answered_at = ${at.toISOString()}::timestamptz where id = ${reviewId}`,
    );
    return {
      created: !answeredAt,
      review: {
        id: reviewId,
        answer: text,
        answeredAt: at.toISOString(),
        editableUntil: answerEditableUntil(at).toISOString(),
      },
    };
  });
}

/**
 * GET /api/travelers/{id}: a traveler's card (record and providers' published reviews with the
 * traveler's answers). For the traveler, an admin, and a provider the traveler has asked or booked
 * (a request they can see, or an inquiry); anyone else gets 404.
 */
export async function getTravelerCard(
  db: Executor,
  viewer: { id: string; role: string },
  travelerId: string,
  now: Date,
): Promise<TravelerCard> {
  const allowed =
    viewer.id === travelerId || viewer.role === 'ADMIN'
      ? sql`true`
      : sql`exists (select 1 from bookings b join providers p on p.id = b.provider_id
                     where b.user_id = u.id and p.user_id = ${viewer.id} and ${visibleToProviderSql('b')})
            or exists (select 1 from conversations c join providers p on p.id = c.provider_id
                     where c.traveler_id = u.id and p.user_id = ${viewer.id})`;
  const [row] = await queryRows<RecordRow>(
    db,
    sql`select u.id, u.name, u.image, u.created_at, ${recordColumns(now)}
        from users u where u.id = ${travelerId} and (${allowed})`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Traveler not found.');
  const reviews = await queryRows<{
    id: string;
    rating: number;
    text: string;
    published_at: Date | string;
    name: string;
    avatar: string | null;
    answer: string | null;
    answered_at: Date | string | null;
  }>(
    db,
    sql`select tr.id, tr.rating, tr.text, tr.published_at, p.display_name as name, p.avatar, tr.answer, tr.answered_at
        from traveler_reviews tr join providers p on p.id = tr.provider_id
        where tr.traveler_id = ${travelerId} and tr.published_at is not null and tr.hidden_at is null
        order by tr.published_at desc, tr.id limit 50`,
  );
  return {
    traveler: toRecord(row),
    reviews: reviews.map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.text,
      publishedAt: new Date(r.published_at).toISOString(),
      author: { name: r.name, image: r.avatar },
      answer: r.answer,
      answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
    })),
  };
}

/** How many bookings one round of the publishing job settles (a full round goes again at once). */
export const PUBLISH_BATCH_SIZE = 100;

/**
 * One round of the publishing job: bookings whose 14-day window is over (by business time) and
 * that still hold an unpublished review; each published in this transaction under its row lock
 * (another instance's round skips it).
 */
export async function publishDueReviews(db: Db, ctx: ReviewContext, limit = PUBLISH_BATCH_SIZE): Promise<number> {
  return db.transaction(async (tx) => {
    // The window of a booking that ended at `end` closes at end + 14 days: due once end <= now - 14 days.
    const endedBy = new Date(ctx.now.getTime() - REVIEW_WINDOW_DAYS * DAY_MS);
    const due = await queryRows<{ id: string }>(
      tx,
      sql`select b.id from bookings b
          where b.id in (select booking_id from reviews where published_at is null
                         union select booking_id from traveler_reviews where published_at is null)
            and b.end_at <= ${endedBy.toISOString()}::timestamptz
          order by b.end_at, b.id
          limit ${limit}
          for update of b skip locked`,
    );
    let published = 0;
    for (const { id } of due) if (await publishBookingReviews(tx, id, ctx)) published += 1;
    return published;
  });
}

/** The publishing job (decision 050): a round kind of the job runner, on business time. */
export function reviewPublishingJobKind(opts: {
  db: Db;
  appUrl: string;
  now: () => Date;
  intervalMs?: number;
}): RoundKind {
  return {
    name: 'review-publishing',
    intervalMs: opts.intervalMs ?? 60_000,
    batchSize: PUBLISH_BATCH_SIZE,
    round: () => publishDueReviews(opts.db, { now: opts.now(), appUrl: opts.appUrl }),
  };
}
