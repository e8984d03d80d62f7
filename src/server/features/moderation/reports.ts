/**
 * Reports (decision 051): anyone signed in (not an admin) reports a review, a message, a service,
 * a provider profile, or a booking during or after it, with a reason from the fixed list and a
 * note; the same thing once, at most 10 a day. Admins work the queue (`/admin/reports`, safety
 * first, then newest) with the reported item in context, and resolve a report with one action:
 * dismiss, hide (a review or a message: a note shows in its place), deactivate a service, warn
 * the user (emailed) or suspend them. Each action is audit-logged with its reason, and every
 * reporter of the item is told the outcome in general words.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../../shared/domain/locales.ts';
import { HIDDEN_MESSAGE_NOTE, HIDDEN_REVIEW_NOTE } from '../../../shared/domain/reports.ts';
import { sql } from 'drizzle-orm';
import type {
  AdminReport,
  AdminReportList,
  CreateReportInput,
  ReportAction,
  ReportTargetType,
  ResolveReportInput,
} from '../../../shared/api/trust.ts';
import { effectiveStatusSql } from '../../bookings/booking-sql.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { auditLog } from '../../db/schema.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { reportOutcomeEmail, warningEmail } from '../../email/moderation-emails.ts';
import { AppError } from '../../http/errors.ts';
import { i18nFor } from '../../i18n.ts';
import { reserve, type Limit } from '../../http/rate-limit.ts';
import { suspendUser, type ModerationContext } from './suspension.ts';

export const REPORTS_PER_USER_PER_DAY = 10;
export const reportsPerUser = (userId: string): Limit => ({
  key: `reports:user:${userId}`,
  max: REPORTS_PER_USER_PER_DAY,
  windowSeconds: 24 * 3600,
  message: (i18n) =>
    i18n._(
      msg`You can send at most ${REPORTS_PER_USER_PER_DAY} reports a day. If someone is in danger, contact the local emergency services.`,
    ),
});

export { HIDDEN_MESSAGE_NOTE, HIDDEN_REVIEW_NOTE };

const NOT_FOUND: Record<ReportTargetType, string> = {
  review: 'Review not found.',
  message: 'Message not found.',
  service: 'Service not found.',
  provider: 'Provider not found.',
  booking: 'Booking not found.',
};

/**
 * Whom a report is about, if the reporter may report that item: a public review (not one's own),
 * a message one received in one's own conversation, a visible service or provider (not one's
 * own), a booking of one's own that has started and was accepted. Anything else is a 404.
 */
async function subjectOf(tx: Executor, reporterId: string, input: CreateReportInput, now: Date): Promise<string> {
  const id = input.targetId;
  let rows: { subject: string }[] = [];
  switch (input.targetType) {
    case 'review':
      rows = await queryRows(
        tx,
        sql`select author_id as subject from reviews where id = ${id} and published_at is not null and hidden_at is null
            union all
            select author_id from traveler_reviews where id = ${id} and published_at is not null and hidden_at is null`,
      );
      break;
    case 'message':
      rows = await queryRows(
        tx,
        sql`select m.sender_id as subject from messages m
            left join bookings b on b.id = m.booking_id
            left join conversations c on c.id = m.conversation_id
            join providers p on p.id = coalesce(b.provider_id, c.provider_id)
            where m.id = ${id} and m.hidden_at is null
              and (coalesce(b.user_id, c.traveler_id) = ${reporterId} or p.user_id = ${reporterId})`,
      );
      break;
    case 'service':
      rows = await queryRows(
        tx,
        sql`select p.user_id as subject from services s join providers p on p.id = s.provider_id
            where s.id = ${id} and s.deleted_at is null and s.is_active and not s.is_paused`,
      );
      break;
    case 'provider':
      rows = await queryRows(
        tx,
        sql`select p.user_id as subject from providers p join users u on u.id = p.user_id
            where (p.id = ${id} or p.user_id = ${id}) and u.deactivated_at is null`,
      );
      break;
    case 'booking':
      // "Report a problem" during or after the service: the booking has started and was accepted.
      rows = await queryRows(
        tx,
        sql`select case when b.user_id = ${reporterId} then p.user_id else b.user_id end as subject
            from bookings b join providers p on p.id = b.provider_id
            where b.id = ${id} and (b.user_id = ${reporterId} or p.user_id = ${reporterId})
              and b.start_at <= ${now.toISOString()}::timestamptz
              and (${effectiveStatusSql(now)} in ('CONFIRMED', 'PAID', 'COMPLETED')
                   or exists (select 1 from booking_events e where e.booking_id = b.id and e.to_status = 'CONFIRMED'))`,
      );
      break;
  }
  const subject = rows[0]?.subject;
  if (!subject) throw new AppError('NOT_FOUND', NOT_FOUND[input.targetType]);
  if (subject === reporterId) throw new AppError('BAD_REQUEST', 'You cannot report yourself or what you wrote.');
  return subject;
}

/** POST /api/reports */
export async function createReport(
  db: Db,
  reporter: { id: string; role: string },
  input: CreateReportInput,
  now: Date,
) {
  if (reporter.role === 'ADMIN')
    throw new AppError('FORBIDDEN', 'Admins act on reports from the reports queue; they do not file them.');
  return db.transaction(async (tx) => {
    const subject = await subjectOf(tx, reporter.id, input, now);
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`select id from reports where reporter_id = ${reporter.id} and target_type = ${input.targetType}
            and target_id = ${input.targetId}`,
    );
    if (existing) throw new AppError('CONFLICT', 'You have already reported this. We will look into it.');
    // Counted in this transaction: a refused report is not counted.
    await reserve(tx, [reportsPerUser(reporter.id)]);
    const [row] = await queryRows<{ id: string; created_at: Date | string }>(
      tx,
      sql`insert into reports (reporter_id, target_type, target_id, subject_user_id, reason, note)
          values (${reporter.id}, ${input.targetType}, ${input.targetId}, ${subject}, ${input.reason}, ${input.note})
          returning id, created_at`,
    );
    return {
      report: {
        id: row!.id,
        targetType: input.targetType,
        reason: input.reason,
        createdAt: new Date(row!.created_at).toISOString(),
      },
    };
  });
}

/** What an admin can do about a report of each kind of item. */
export function actionsFor(targetType: ReportTargetType): ReportAction[] {
  const base: ReportAction[] = ['dismiss', 'warn', 'suspend'];
  if (targetType === 'review' || targetType === 'message') return ['dismiss', 'hide', 'warn', 'suspend'];
  if (targetType === 'service') return ['dismiss', 'deactivate_service', 'warn', 'suspend'];
  return base;
}

type ReportRow = {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  reason: AdminReport['reason'];
  note: string;
  status: AdminReport['status'];
  action: ReportAction | null;
  resolution_reason: string | null;
  resolved_at: Date | string | null;
  created_at: Date | string;
  reporter_id: string;
  reporter_name: string | null;
  reporter_email: string;
  reporter_suspended: boolean;
  subject_id: string;
  subject_name: string | null;
  subject_email: string;
  subject_language: Locale;
  subject_suspended: boolean;
};

const iso = (v: Date | string) => new Date(v).toISOString();

type ThreadMessage = {
  id: string;
  sender_id: string;
  sender_name: string | null;
  body: string;
  original_body: string | null;
  hidden_note: string | null;
  created_at: Date | string;
};

/** A thread (a booking's, or an inquiry's), newest 50, oldest first, with what was typed before masking. */
async function threadMessages(db: Executor, where: ReturnType<typeof sql>, reportedId: string | null) {
  const rows = await queryRows<ThreadMessage>(
    db,
    sql`select m.id, m.sender_id, u.name as sender_name, m.body, m.original_body, m.hidden_note, m.created_at
        from messages m join users u on u.id = m.sender_id where ${where}
        order by m.created_at desc, m.id desc limit 50`,
  );
  return rows.reverse().map((m) => ({
    id: m.id,
    senderId: m.sender_id,
    senderName: m.sender_name,
    body: m.body,
    originalBody: m.original_body,
    hiddenNote: m.hidden_note,
    createdAt: iso(m.created_at),
    reported: m.id === reportedId,
  }));
}

async function bookingSummary(db: Executor, bookingId: string | null) {
  if (!bookingId) return null;
  const [b] = await queryRows<{
    id: string;
    status: string;
    start_at: Date | string;
    title: string;
    traveler_name: string | null;
    provider_name: string;
    total: number;
  }>(
    db,
    sql`select b.id, b.status, b.start_at, s.title, u.name as traveler_name, p.display_name as provider_name,
          (b.amount_cents + b.fee_cents) as total
        from bookings b join services s on s.id = b.service_id join users u on u.id = b.user_id
        join providers p on p.id = b.provider_id where b.id = ${bookingId}`,
  );
  return b
    ? {
        id: b.id,
        status: b.status,
        start: iso(b.start_at),
        serviceTitle: b.title,
        travelerName: b.traveler_name,
        providerName: b.provider_name,
        totalCents: Number(b.total),
      }
    : null;
}

/** A review's title for the admin: of a service, or of a traveler by a provider. */
function reviewTitle(
  i18n: I18n,
  rv: { service_title: string | null; traveler_name: string | null; provider_name: string | null } | undefined,
): string {
  if (rv?.service_title) {
    const title = rv.service_title;
    return i18n._(msg({ message: `Review of ${title}`, comment: 'A reported review, of the service named' }));
  }
  if (rv?.provider_name) {
    const provider = rv.provider_name;
    const traveler = rv.traveler_name;
    return traveler
      ? i18n._(msg`Review of the traveler ${traveler} by ${provider}`)
      : i18n._(msg`Review of the traveler who booked, by ${provider}`);
  }
  return i18n._(msg`A review`);
}

/** The reported item in context, as the admin reads it (its title in `i18n`'s language). */
async function contextOf(db: Executor, r: ReportRow, i18n: I18n): Promise<AdminReport['context']> {
  const id = r.target_id;
  switch (r.target_type) {
    case 'review': {
      const [rv] = await queryRows<{
        service_title: string | null;
        traveler_name: string | null;
        provider_name: string | null;
        text: string;
        rating: number;
        hidden_note: string | null;
        booking_id: string;
      }>(
        db,
        sql`select s.title as service_title, null::text as traveler_name, null::text as provider_name,
                   r.text, r.rating, r.hidden_note, r.booking_id
              from reviews r join services s on s.id = r.service_id where r.id = ${id}
            union all
            select null::text, u.name, p.display_name, r.text, r.rating, r.hidden_note, r.booking_id
              from traveler_reviews r join users u on u.id = r.traveler_id join providers p on p.id = r.provider_id
             where r.id = ${id}`,
      );
      return {
        title: reviewTitle(i18n, rv),
        text: rv?.text ?? null,
        rating: rv?.rating ?? null,
        hiddenNote: rv?.hidden_note ?? null,
        booking: await bookingSummary(db, rv?.booking_id ?? null),
      };
    }
    case 'message': {
      const [m] = await queryRows<{ booking_id: string | null; conversation_id: string | null; title: string }>(
        db,
        sql`select m.booking_id, m.conversation_id, s.title
            from messages m left join bookings b on b.id = m.booking_id
            left join conversations c on c.id = m.conversation_id
            join services s on s.id = coalesce(b.service_id, c.service_id) where m.id = ${id}`,
      );
      const where = m?.booking_id
        ? sql`m.booking_id = ${m.booking_id}`
        : sql`m.conversation_id = ${m?.conversation_id ?? null}`;
      const serviceTitle = m?.title;
      return {
        title: serviceTitle ? i18n._(msg`A message about ${serviceTitle}`) : i18n._(msg`A message about a service`),
        text: null,
        booking: await bookingSummary(db, m?.booking_id ?? null),
        messages: await threadMessages(db, where, id),
      };
    }
    case 'service': {
      const [s] = await queryRows<{ title: string; description: string; live: boolean }>(
        db,
        sql`select title, description, (is_active and not is_paused and deleted_at is null) as live from services where id = ${id}`,
      );
      return {
        title: s?.title ?? i18n._(msg`A service`),
        text: s?.description ?? null,
        live: !!s?.live,
        serviceId: id,
      };
    }
    case 'provider': {
      const [p] = await queryRows<{ name: string; bio: string | null; live: boolean }>(
        db,
        sql`select p.display_name as name, p.bio, u.suspended_at is null as live
            from providers p join users u on u.id = p.user_id where p.id = ${id} or p.user_id = ${id}`,
      );
      return { title: p?.name ?? i18n._(msg`A provider`), text: p?.bio ?? null, live: !!p?.live };
    }
    case 'booking': {
      const booking = await bookingSummary(db, id);
      const serviceTitle = booking?.serviceTitle;
      return {
        title: serviceTitle ? i18n._(msg`A booking of ${serviceTitle}`) : i18n._(msg`A booking of a service`),
        text: null,
        booking,
        messages: await threadMessages(db, sql`m.booking_id = ${id}`, null),
      };
    }
  }
}

const REPORT_SELECT = sql`select r.id, r.target_type, r.target_id, r.reason, r.note, r.status, r.action,
    r.resolution_reason, r.resolved_at, r.created_at,
    ru.id as reporter_id, ru.name as reporter_name, ru.email as reporter_email, ru.suspended_at is not null as reporter_suspended,
    su.id as subject_id, su.name as subject_name, su.email as subject_email, su.language as subject_language, su.suspended_at is not null as subject_suspended
  from reports r join users ru on ru.id = r.reporter_id join users su on su.id = r.subject_user_id`;

async function toAdminReport(db: Executor, r: ReportRow, locale: Locale): Promise<AdminReport> {
  return {
    id: r.id,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    note: r.note,
    status: r.status,
    action: r.action,
    resolutionReason: r.resolution_reason,
    resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
    createdAt: iso(r.created_at),
    reporter: { id: r.reporter_id, name: r.reporter_name, email: r.reporter_email, suspended: r.reporter_suspended },
    subject: { id: r.subject_id, name: r.subject_name, email: r.subject_email, suspended: r.subject_suspended },
    actions: actionsFor(r.target_type),
    context: await contextOf(db, r, i18nFor(locale)),
  };
}

/** GET /api/admin/reports: open reports (safety first, then newest), the 30 latest decided, and suspended accounts. */
/** GET /api/admin/reports, the items' titles in `locale` (the asker's). */
export async function listReports(db: Executor, locale: Locale): Promise<AdminReportList> {
  const open = await queryRows<ReportRow>(
    db,
    sql`${REPORT_SELECT} where r.status = 'open' order by (r.reason = 'safety') desc, r.created_at desc, r.id limit 100`,
  );
  const resolved = await queryRows<ReportRow>(
    db,
    sql`${REPORT_SELECT} where r.status <> 'open' order by r.resolved_at desc, r.id limit 30`,
  );
  const suspended = await queryRows<{
    id: string;
    name: string | null;
    email: string;
    role: string;
    reason: string;
    created_at: Date | string;
  }>(
    db,
    sql`select u.id, u.name, u.email, u.role, s.reason, s.created_at
        from suspensions s join users u on u.id = s.user_id where s.lifted_at is null
        order by s.created_at desc limit 200`,
  );
  return {
    open: await Promise.all(open.map((r) => toAdminReport(db, r, locale))),
    resolved: await Promise.all(resolved.map((r) => toAdminReport(db, r, locale))),
    suspended: suspended.map((s) => ({ ...s, suspendedAt: iso(s.created_at) })),
  };
}

/**
 * POST /api/admin/reports/{id}/resolve: one action on an open report, in one transaction; every
 * open report of the same item is resolved with it, and each reporter is emailed the outcome.
 */
export async function resolveReport(
  db: Db,
  adminId: string,
  reportId: string,
  input: ResolveReportInput,
  ctx: ModerationContext,
  locale: Locale,
): Promise<AdminReport> {
  const resolvedId = await db.transaction(async (tx) => {
    const [r] = await queryRows<ReportRow>(tx, sql`${REPORT_SELECT} where r.id = ${reportId} for update of r`);
    if (!r) throw new AppError('NOT_FOUND', 'Report not found.');
    if (r.status !== 'open') throw new AppError('CONFLICT', 'This report has already been resolved.');
    if (!actionsFor(r.target_type).includes(input.action))
      throw new AppError('BAD_REQUEST', `A report of a ${r.target_type} cannot be resolved with ${input.action}.`);
    const audit = (action: string, targetType: string, targetId: string, after: Record<string, unknown>) =>
      tx.insert(auditLog).values({ adminId, action, targetType, targetId, before: null, after, reason: input.reason });

    switch (input.action) {
      case 'hide': {
        const note = r.target_type === 'review' ? HIDDEN_REVIEW_NOTE : HIDDEN_MESSAGE_NOTE;
        const at = sql`${ctx.now.toISOString()}::timestamptz`;
        if (r.target_type === 'review') {
          // The ratings trigger recomputes the service's and provider's numbers without it.
          await tx.execute(sql`update reviews set hidden_at = ${at}, hidden_note = ${note} where id = ${r.target_id}`);
          await tx.execute(
            sql`update traveler_reviews set hidden_at = ${at}, hidden_note = ${note} where id = ${r.target_id}`,
          );
        } else {
          await tx.execute(sql`update messages set hidden_at = ${at}, hidden_note = ${note} where id = ${r.target_id}`);
        }
        await audit(`${r.target_type}.hide`, r.target_type, r.target_id, { hidden: true, note });
        break;
      }
      case 'deactivate_service': {
        const [s] = await queryRows<{ title: string }>(
          tx,
          sql`update services set is_active = false where id = ${r.target_id} returning title`,
        );
        await audit('service.deactivate', 'service', r.target_id, { name: s?.title ?? null, isActive: false });
        break;
      }
      case 'warn':
        await enqueueEmail(tx, {
          to: r.subject_email,
          ...warningEmail({
            locale: r.subject_language,
            appUrl: ctx.appUrl,
            recipientName: r.subject_name,
            reason: input.reason,
          }),
          kind: 'account-warning',
        });
        await audit('user.warn', 'user', r.subject_id, { name: r.subject_name ?? r.subject_email, warned: true });
        break;
      case 'suspend':
        if (!r.subject_suspended) await suspendUser(tx, adminId, r.subject_id, input.reason, ctx, r.id);
        break;
      case 'dismiss':
        break;
    }
    // Every open report of the same item goes with it; each reporter hears the outcome.
    const done = await queryRows<{ id: string; email: string; name: string | null; language: Locale }>(
      tx,
      sql`with done as (
            update reports set status = ${input.action === 'dismiss' ? 'dismissed' : 'actioned'}, action = ${input.action},
              resolved_by = ${adminId}, resolved_at = ${ctx.now.toISOString()}::timestamptz, resolution_reason = ${input.reason}
            where status = 'open' and target_type = ${r.target_type} and target_id = ${r.target_id}
            returning id, reporter_id)
          select done.id, u.email, u.name, u.language from done join users u on u.id = done.reporter_id`,
    );
    for (const d of done) {
      await tx.insert(auditLog).values({
        adminId,
        action: `report.${input.action}`,
        targetType: 'report',
        targetId: d.id,
        before: { name: `${r.target_type} report`, status: 'open' },
        after: { name: `${r.target_type} report`, status: input.action === 'dismiss' ? 'dismissed' : 'actioned' },
        reason: input.reason,
      });
      await enqueueEmail(tx, {
        to: d.email,
        ...reportOutcomeEmail({
          locale: d.language,
          appUrl: ctx.appUrl,
          recipientName: d.name,
          actioned: input.action !== 'dismiss',
        }),
        kind: 'report-outcome',
        dedupeKey: `report-outcome:${d.id}`,
      });
    }
    return r.id;
  });
  const [row] = await queryRows<ReportRow>(db, sql`${REPORT_SELECT} where r.id = ${resolvedId}`);
  return toAdminReport(db, row!, locale);
}
