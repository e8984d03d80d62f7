/**
 * Disputes for admins: the list, with filters and each evidence deadline, and answering one with
 * evidence through Stripe's dispute update API (`POST /v1/disputes/{id}` with `evidence[...]` and
 * `submit=true`): the admin's account of what happened, the booking's date and service, the
 * traveler's name and email, and, when asked, the booking's messages as stored. Stripe takes
 * evidence once, while the dispute needs a response and before its deadline; Locora refuses the
 * same, with a plain message, before asking.
 */
import { createHash } from 'node:crypto';
import { msg } from '@lingui/core/macro';
import { sql } from 'drizzle-orm';
import type { AdminDisputeFilter } from '../../../shared/api/admin.ts';
import type { AdminDispute } from '../../../shared/api/earnings.ts';
import { isOpenDispute } from '../../../shared/domain/earnings.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { auditLog } from '../../db/schema.ts';
import { localized } from '../../http/api-messages.ts';
import { AppError } from '../../http/errors.ts';
import { describeStripeError, isStripeRefusal, type Stripe } from '../../payments/stripe-client.ts';
import { disputeSelect, TAKES_EVIDENCE, toAdminDispute, type DisputeRow } from './payments.ts';

/** The most disputes one list shows. */
export const DISPUTES_LIST_LIMIT = 200;
/** Stripe's limit on a text evidence field (150,000 characters for all of them together). */
const EVIDENCE_TEXT_MAX = 20_000;

export const DISPUTE_NOT_FOUND = 'Dispute not found.';
export const DISPUTE_CLOSED_TO_EVIDENCE = 'This dispute no longer takes evidence: it was answered or it is closed.';
export const DISPUTE_DEADLINE_PASSED = 'The deadline to answer this dispute has passed.';

const FILTERS: Record<AdminDisputeFilter, ReturnType<typeof sql>> = {
  open: sql`d.status in ('warning_needs_response', 'warning_under_review', 'needs_response', 'under_review')`,
  won: sql`d.status in ('won', 'warning_closed')`,
  lost: sql`d.status = 'lost'`,
  all: sql`true`,
};

/** GET /api/admin/disputes: open ones by their deadline (soonest first), the others newest first. */
export async function listAdminDisputes(db: Executor, filter: AdminDisputeFilter, now: Date): Promise<AdminDispute[]> {
  const rows = await queryRows<DisputeRow>(
    db,
    sql`${disputeSelect} where ${FILTERS[filter]}
        order by (d.status in ('warning_needs_response', 'needs_response')) desc, d.due_by asc nulls last,
                 d.opened_at desc
        limit ${DISPUTES_LIST_LIMIT}`,
  );
  return rows.map((r) => toAdminDispute(r, now));
}

/** The booking's facts a bank reads: what, when, who, and (when asked) the messages. */
async function evidenceOf(tx: Executor, disputeId: string, input: { text: string; includeMessages: boolean }) {
  const [b] = await queryRows<{
    booking_id: string;
    title: string;
    start_at: Date;
    hours: number;
    traveler_name: string | null;
    traveler_email: string;
    provider_name: string;
  }>(
    tx,
    sql`select b.id as booking_id, s.title, b.start_at, b.hours, u.name as traveler_name, u.email as traveler_email,
          pr.display_name as provider_name
        from disputes d join bookings b on b.id = d.booking_id join services s on s.id = b.service_id
        join users u on u.id = b.user_id join providers pr on pr.id = b.provider_id
        where d.id = ${disputeId}`,
  );
  const messages = input.includeMessages
    ? await queryRows<{ created_at: Date; sender: string; body: string }>(
        tx,
        sql`select m.created_at, coalesce(u.name, u.email) as sender, m.body
            from messages m join users u on u.id = m.sender_id where m.booking_id = ${b!.booking_id}
            order by m.created_at, m.id`,
      )
    : [];
  const thread = messages.map((m) => `[${new Date(m.created_at).toISOString()}] ${m.sender}: ${m.body}`).join('\n');
  const text = [input.text, thread && `Messages between the traveler and the provider on Locora:\n${thread}`]
    .filter(Boolean)
    .join('\n\n')
    .slice(0, EVIDENCE_TEXT_MAX);
  return {
    bookingId: b!.booking_id,
    text,
    messages: messages.length,
    evidence: {
      uncategorized_text: text,
      product_description: `${b!.title}: ${b!.hours} hour(s) with ${b!.provider_name}, booked and paid on Locora.`,
      service_date: new Date(b!.start_at).toISOString().slice(0, 10),
      customer_name: b!.traveler_name ?? undefined,
      customer_email_address: b!.traveler_email,
    },
  };
}

/**
 * POST /api/admin/disputes/{id}/evidence: submits the evidence to Stripe, then records Stripe's
 * answer (the dispute under review), when and what was sent, and an audit row.
 */
export async function submitDisputeEvidence(
  db: Executor,
  stripe: Stripe | undefined,
  adminId: string,
  disputeId: string,
  input: { text: string; includeMessages: boolean },
  now: Date,
): Promise<AdminDispute> {
  if (!stripe)
    throw new AppError('NOT_CONFIGURED', 'Card payments are not configured: there are no disputes to answer.');
  const [found] = await queryRows<{ status: string; due_by: Date | null }>(
    db,
    sql`select status, due_by from disputes where id = ${disputeId}`,
  );
  if (!found) throw new AppError('NOT_FOUND', DISPUTE_NOT_FOUND);
  if (!TAKES_EVIDENCE.has(found.status)) throw new AppError('CONFLICT', DISPUTE_CLOSED_TO_EVIDENCE);
  if (found.due_by && new Date(found.due_by) <= now) throw new AppError('CONFLICT', DISPUTE_DEADLINE_PASSED);
  const built = await evidenceOf(db, disputeId, input);
  let answered: Stripe.Dispute;
  try {
    answered = await stripe.disputes.update(
      disputeId,
      { evidence: built.evidence, submit: true },
      // The same evidence sent twice (a double click, a retry after a timeout) is one submission.
      {
        idempotencyKey: `locora-evidence-${disputeId}-${createHash('sha256').update(built.text).digest('hex').slice(0, 16)}`,
      },
    );
  } catch (err) {
    if (isStripeRefusal(err)) {
      // Stripe's reason is quoted in its own words (Stripe writes them in English) inside ours.
      const detail = err.message;
      throw new AppError(
        'CONFLICT',
        localized((i18n) => i18n._(msg`Stripe refused the evidence: ${detail}`)),
      );
    }
    throw Object.assign(new AppError('UNAVAILABLE', 'Stripe did not answer; try again in a moment.'), {
      cause: describeStripeError(err),
    });
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`update disputes set status = ${answered.status}, evidence_submitted_at = ${now.toISOString()}::timestamptz,
            evidence_text = ${built.text}, updated_at = ${now.toISOString()}::timestamptz
          where id = ${disputeId}`,
    );
    await tx.insert(auditLog).values({
      adminId,
      action: 'dispute.submit_evidence',
      targetType: 'booking',
      targetId: built.bookingId,
      before: { dispute: disputeId, status: found.status },
      after: { dispute: disputeId, status: answered.status, messages: built.messages, characters: built.text.length },
    });
    const [row] = await queryRows<DisputeRow>(tx, sql`${disputeSelect} where d.id = ${disputeId}`);
    return toAdminDispute(row!, now);
  });
}

export { isOpenDispute };
