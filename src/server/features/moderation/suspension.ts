/**
 * Suspending a user (decision 051), in one transaction: the suspension row (users.suspended_at
 * mirrors it), every session ended, their services paused (and remembered, so lifting resumes
 * exactly those), their open bookings canceled through the booking state machine's
 * `account_suspended` event (full refunds to travelers), an audit row and an email. Lifting it
 * undoes what it paused and makes the payouts held meanwhile due again; it is audit-logged too. Sign-in refuses a suspended account with a plain
 * message and how to appeal (features/auth).
 */
import type { Locale } from '../../../shared/domain/locales.ts';
import { sql } from 'drizzle-orm';
import { ACCOUNT_SUSPENDED_NOTE } from '../../../shared/domain/booking-machine.ts';
import { applyToLocked, lockBooking } from '../../bookings/booking-writer.ts';
import { effectiveStatusSql } from '../../bookings/booking-sql.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { auditLog } from '../../db/schema.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { suspendedEmail, unsuspendedEmail } from '../../email/moderation-emails.ts';
import { AppError } from '../../http/errors.ts';
import { lockPaymentOfBooking } from '../../payments/payment-rows.ts';
import { releaseSuspendedPayouts } from '../../payments/payouts.ts';

export type ModerationContext = { now: Date; appUrl: string };

type UserRow = {
  id: string;
  email: string;
  name: string | null;
  role: string;
  suspended_at: Date | string | null;
  language: Locale;
};

async function lockUser(tx: Executor, userId: string): Promise<UserRow> {
  const [user] = await queryRows<UserRow>(
    tx,
    sql`select id, email, name, role, suspended_at, language from users where id = ${userId} and deactivated_at is null for update`,
  );
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  return user;
}

export async function suspendUser(
  tx: Executor,
  adminId: string,
  userId: string,
  reason: string,
  ctx: ModerationContext,
  reportId: string | null = null,
) {
  const user = await lockUser(tx, userId);
  if (user.role === 'ADMIN') throw new AppError('FORBIDDEN', 'An admin account cannot be suspended here.');
  if (user.suspended_at) throw new AppError('CONFLICT', 'This account is already suspended.');
  await tx.execute(sql`delete from sessions where user_id = ${userId}`);
  await tx.execute(sql`update users set suspended_at = ${ctx.now.toISOString()}::timestamptz where id = ${userId}`);
  // Their services (if they are a provider, and whatever role they have now) are paused.
  const paused = await queryRows<{ id: string }>(
    tx,
    sql`update services s set is_paused = true
        from providers p where p.id = s.provider_id and p.user_id = ${userId}
          and not s.is_paused and s.deleted_at is null
        returning s.id`,
  );
  await tx.execute(
    sql`insert into suspensions (user_id, reason, suspended_by, report_id, paused_service_ids)
        values (${userId}, ${reason}, ${adminId}, ${reportId},
                ${`{${paused.map((p) => p.id).join(',')}}`}::uuid[])`,
  );
  // Open bookings, as traveler or as provider, end through the state machine (refunded in full).
  const open = await queryRows<{ id: string }>(
    tx,
    sql`select b.id from bookings b join providers p on p.id = b.provider_id
        where (b.user_id = ${userId} or p.user_id = ${userId})
          and ${effectiveStatusSql(ctx.now)} in ('PENDING', 'CONFIRMED', 'PAID')
        order by b.id`,
  );
  let canceled = 0;
  for (const { id } of open) {
    const booking = await lockBooking(tx, id);
    if (!booking) continue;
    const payment = await lockPaymentOfBooking(tx, id);
    const outcome = await applyToLocked(
      tx,
      booking,
      payment,
      'account_suspended',
      { now: ctx.now, appUrl: ctx.appUrl, cardPayments: false },
      { reason: ACCOUNT_SUSPENDED_NOTE },
    );
    if (outcome.refused === undefined && outcome.moved) canceled += 1;
  }
  await tx.insert(auditLog).values({
    adminId,
    action: 'user.suspend',
    targetType: 'user',
    targetId: userId,
    before: { name: user.name ?? user.email, suspended: false },
    after: {
      name: user.name ?? user.email,
      suspended: true,
      canceledBookings: canceled,
      pausedServices: paused.length,
    },
    reason,
  });
  await enqueueEmail(tx, {
    to: user.email,
    ...suspendedEmail({ locale: user.language, appUrl: ctx.appUrl, recipientName: user.name, reason }),
    kind: 'account-suspended',
  });
  return { user: { id: userId, suspended: true }, canceledBookings: canceled, services: paused.length };
}

export async function liftSuspension(
  tx: Executor,
  adminId: string,
  userId: string,
  reason: string,
  ctx: ModerationContext,
) {
  const user = await lockUser(tx, userId);
  const [open] = await queryRows<{ id: string; paused_service_ids: string[] | string }>(
    tx,
    sql`select id, paused_service_ids from suspensions where user_id = ${userId} and lifted_at is null for update`,
  );
  if (!open || !user.suspended_at) throw new AppError('CONFLICT', 'This account is not suspended.');
  await tx.execute(
    sql`update suspensions set lifted_at = ${ctx.now.toISOString()}::timestamptz, lifted_by = ${adminId}, lift_reason = ${reason}
        where id = ${open.id}`,
  );
  await tx.execute(sql`update users set suspended_at = null where id = ${userId}`);
  const resumed = await queryRows<{ id: string }>(
    tx,
    sql`update services set is_paused = false
        where id = any((select paused_service_ids from suspensions where id = ${open.id})::uuid[])
          and is_paused and deleted_at is null
        returning id`,
  );
  const releasedPayouts = await releaseSuspendedPayouts(tx, userId, ctx.now);
  await tx.insert(auditLog).values({
    adminId,
    action: 'user.unsuspend',
    targetType: 'user',
    targetId: userId,
    before: { name: user.name ?? user.email, suspended: true },
    after: { name: user.name ?? user.email, suspended: false, resumedServices: resumed.length, releasedPayouts },
    reason,
  });
  await enqueueEmail(tx, {
    to: user.email,
    ...unsuspendedEmail({ locale: user.language, appUrl: ctx.appUrl, recipientName: user.name }),
    kind: 'account-unsuspended',
  });
  return { user: { id: userId, suspended: false }, canceledBookings: 0, services: resumed.length };
}
