/**
 * Card disputes (chargebacks), decision 039. A `charge.dispute.created`, `.updated` or `.closed`
 * event only says which dispute to look at: the dispute is read again from Stripe
 * (GET /v1/disputes/{id}) and what Stripe holds now is written to `disputes` (one row per Stripe
 * dispute, so a replayed or out-of-order event writes the same row). The first time a dispute is
 * seen, and the first time it is seen closed, its provider and every admin are told by email (one
 * email per dispute, recipient and moment: dedupe keys) and live in the app; the booking's history
 * gets its note through the one booking writer (the state machine changes no status for a dispute).
 *
 * With destination charges, Stripe takes a disputed amount and its fee from Locora's balance, not
 * the provider's: a lost dispute is Locora's loss unless an admin recovers it (decision 039).
 */
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { fromStripeCurrency, type CurrencyCode } from '../../../shared/domain/currency.ts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../../shared/domain/locales.ts';
import { formatMoney } from '../../../shared/domain/pricing.ts';
import { formatDateIn, formatTimeIn } from '../../../shared/domain/time.ts';
import { isOpenDispute } from '../../../shared/domain/earnings.ts';
import { applyBookingEvent } from '../../bookings/booking-writer.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { appLink, greetingFor, renderEmail } from '../../email/templates.ts';
import { i18nFor } from '../../i18n.ts';
import { holdPayoutForDispute, settlePayoutAfterDispute } from '../../payments/payouts.ts';
import { publishUserEvent } from '../../realtime/events.ts';

export const DISPUTE_EVENTS = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed'] as const;
export const isDisputeEvent = (type: string) => (DISPUTE_EVENTS as readonly string[]).includes(type);

/** The dispute id an event names (its object's id). */
export function disputeIdOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as unknown as { id?: unknown; object?: unknown };
  return typeof object.id === 'string' ? object.id : undefined;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** What Stripe's dispute says, in our terms. */
export type DisputeState = {
  id: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  /** The disputed amount, in minor units of the charge's currency. */
  amountCents: number;
  currency: CurrencyCode;
  reason: string;
  status: string;
  dueBy: Date | null;
  /** Stripe's dispute fees (its balance transactions' fees). */
  feeCents: number;
};

/** A charge's currency is one Locora charges in; anything else is Stripe answering about another account. */
function requireOurCurrency(code: string): CurrencyCode {
  const currency = fromStripeCurrency(code);
  if (!currency) throw new Error(`Stripe reported a dispute in ${code}, a currency Locora does not charge in`);
  return currency;
}

export async function readDispute(stripe: Stripe, id: string): Promise<DisputeState> {
  const d = await stripe.disputes.retrieve(id);
  return {
    id: d.id,
    paymentIntentId: idOf(d.payment_intent),
    chargeId: idOf(d.charge),
    amountCents: d.amount,
    currency: requireOurCurrency(d.currency),
    reason: d.reason,
    status: d.status,
    dueBy: d.evidence_details?.due_by ? new Date(d.evidence_details.due_by * 1000) : null,
    feeCents: (d.balance_transactions ?? []).reduce((n, t) => n + Math.max(0, t.fee), 0),
  };
}

/** Stripe's reasons in words (https://docs.stripe.com/api/disputes/object#dispute_object-reason). */
const REASONS: Record<string, MessageDescriptor> = {
  fraudulent: msg`the cardholder says they did not make the payment`,
  product_not_received: msg`the cardholder says the service was not received`,
  product_unacceptable: msg`the cardholder says the service was not as described`,
  duplicate: msg`the cardholder says they were charged twice`,
  subscription_canceled: msg`the cardholder says the payment was canceled`,
  credit_not_processed: msg`the cardholder says a refund was promised and not made`,
  unrecognized: msg`the cardholder does not recognise the payment`,
  general: msg`no specific reason was given`,
  bank_cannot_process: msg`the cardholder’s bank cannot process the payment`,
  check_returned: msg`the check was returned`,
  customer_initiated: msg`the customer asked their bank to reverse the payment`,
  debit_not_authorized: msg`the account holder says they did not authorize the debit`,
  incorrect_account_details: msg`the account details were incorrect`,
  insufficient_funds: msg`the account did not have enough funds`,
  noncompliant: msg`the bank says the payment does not follow the card network’s rules`,
};
/** A dispute's reason in the reader's words. */
export const disputeReasonText = (reason: string, locale: Locale) => {
  const known = REASONS[reason];
  return known ? i18nFor(locale)._(known) : reason.replace(/_/g, ' ');
};

type Parties = {
  booking_id: string;
  title: string;
  start_at: Date;
  time_zone: string;
  provider_user_id: string;
  provider_email: string;
  provider_name: string;
  provider_language: Locale;
};

/**
 * Records the dispute as Stripe holds it now, in the webhook's transaction, against the booking of
 * its payment; tells the provider and the admins when it is first seen and when it is first seen
 * closed. Returns whether anything changed.
 */
export async function recordDispute(
  tx: Executor,
  d: DisputeState,
  payment: { id: string; booking_id: string },
  opts: { now: Date; appUrl: string },
): Promise<boolean> {
  const closed = !isOpenDispute(d.status);
  const [before] = await queryRows<{ status: string; closed: boolean }>(
    tx,
    sql`select status, closed_at is not null as closed from disputes where id = ${d.id} for update`,
  );
  const at = sql`${opts.now.toISOString()}::timestamptz`;
  await tx.execute(
    sql`insert into disputes (id, payment_id, booking_id, charge_id, amount_cents, currency, reason, status, due_by,
                              fee_cents, opened_at, closed_at, updated_at)
        values (${d.id}, ${payment.id}, ${payment.booking_id}, ${d.chargeId}, ${d.amountCents}, ${d.currency},
                ${d.reason}, ${d.status}, ${d.dueBy?.toISOString() ?? null}::timestamptz, ${d.feeCents}, ${at},
                ${closed ? at : null}::timestamptz, ${at})
        on conflict (id) do update set status = excluded.status, reason = excluded.reason,
          amount_cents = excluded.amount_cents, due_by = excluded.due_by, fee_cents = excluded.fee_cents,
          charge_id = excluded.charge_id,
          closed_at = coalesce(disputes.closed_at, excluded.closed_at), updated_at = excluded.updated_at`,
  );
  const opened = !before;
  const nowClosed = closed && !before?.closed;
  if (!opened && !nowClosed) return before.status !== d.status;

  // The booking's history and the parties' live update go through the one writer.
  const ctx = { now: opts.now, appUrl: opts.appUrl, cardPayments: true };
  if (opened) await applyBookingEvent(tx, payment.booking_id, 'dispute_opened', ctx);
  if (nowClosed) await applyBookingEvent(tx, payment.booking_id, 'dispute_closed', ctx);
  // Its payout waits while the dispute is open, and is made or not by its outcome (decision 046).
  if (!closed) await holdPayoutForDispute(tx, payment.booking_id, d.id, opts.now);
  if (nowClosed) await settlePayoutAfterDispute(tx, payment.booking_id, d, opts.now);

  const [p] = await queryRows<Parties>(
    tx,
    sql`select b.id as booking_id, s.title, b.start_at, pr.time_zone, pr.user_id as provider_user_id,
          pu.email as provider_email, pr.display_name as provider_name, pu.language as provider_language
        from bookings b join services s on s.id = b.service_id join providers pr on pr.id = b.provider_id
        join users pu on pu.id = pr.user_id where b.id = ${payment.booking_id}`,
  );
  if (!p) return true;
  const admins = await queryRows<{ id: string; email: string; language: Locale }>(
    tx,
    sql`select id, email, language from users where role = 'ADMIN' and deactivated_at is null order by created_at`,
  );
  const stage = opened && !closed ? 'opened' : 'closed';
  /** The dispute as one reader reads it: its amount, the booking's time, why, and how it ended. */
  const facts = (locale: Locale) => {
    const i18n = i18nFor(locale);
    const status = d.status.replace(/_/g, ' ');
    return {
      i18n,
      amount: formatMoney(d.amountCents, d.currency, locale),
      when: formatDateIn(new Date(p.start_at), p.time_zone, locale),
      title: p.title,
      reason: disputeReasonText(d.reason, locale),
      outcome:
        d.status === 'won'
          ? i18n._(msg`It was decided in Locora’s favour: the money stays paid.`)
          : d.status === 'lost'
            ? i18n._(msg`The card holder’s bank decided in their favour and the amount was returned to them.`)
            : i18n._(msg`It was closed (${status}).`),
    };
  };
  // To the provider, in their language.
  {
    const locale = p.provider_language;
    const { i18n, amount, when, title, reason, outcome } = facts(locale);
    await enqueueEmail(tx, {
      to: p.provider_email,
      ...renderEmail({
        locale,
        subject:
          stage === 'opened' ? i18n._(msg`A payment was disputed: ${title}`) : i18n._(msg`Dispute closed: ${title}`),
        greeting: greetingFor(locale, p.provider_name),
        paragraphs:
          stage === 'opened'
            ? [
                i18n._(
                  msg`The traveler’s bank disputed the card payment of ${amount} for ${title} on ${when}: ${reason}.`,
                ),
                i18n._(
                  msg`Locora answers the dispute with the booking’s details and your messages with the traveler. You do not need to do anything unless we ask you; your earnings for this booking are marked as disputed meanwhile.`,
                ),
              ]
            : [i18n._(msg`The dispute of the card payment of ${amount} for ${title} on ${when} is over. ${outcome}`)],
        action: {
          label: i18n._(msg`See your earnings`),
          url: appLink(opts.appUrl, locale, '/dashboard/provider?tab=payouts'),
        },
      }),
      kind: `dispute-${stage}`,
      dedupeKey: `dispute:${d.id}:${stage}:provider`,
    });
  }
  // To each admin, in their language.
  for (const admin of admins) {
    const locale = admin.language;
    const { i18n, amount, when, title, reason, outcome } = facts(locale);
    const provider = p.provider_name;
    const dueAt = d.dueBy
      ? `${formatDateIn(d.dueBy, 'UTC', locale)} ${formatTimeIn(d.dueBy, 'UTC', locale)} UTC`
      : null;
    const subject =
      stage === 'opened'
        ? i18n._(msg`Dispute opened: ${amount} for ${title} (${provider})`)
        : d.status === 'won'
          ? i18n._(msg`Dispute won: ${amount} for ${title} (${provider})`)
          : d.status === 'lost'
            ? i18n._(msg`Dispute lost: ${amount} for ${title} (${provider})`)
            : i18n._(msg`Dispute closed: ${amount} for ${title} (${provider})`);
    await enqueueEmail(tx, {
      to: admin.email,
      ...renderEmail({
        locale,
        subject,
        paragraphs:
          stage === 'opened'
            ? [
                i18n._(
                  msg`A card payment of ${amount} for ${title} on ${when} with ${provider} was disputed: ${reason}.`,
                ),
                dueAt ? i18n._(msg`Evidence is due by ${dueAt}.`) : '',
                i18n._(
                  msg`With a destination charge Stripe takes the amount and its dispute fee from Locora’s balance: if the dispute is lost, it is Locora’s loss unless recovered from the provider.`,
                ),
              ].filter(Boolean)
            : [i18n._(msg`The dispute of ${amount} for ${title} on ${when} with ${provider} is closed. ${outcome}`)],
        action: { label: i18n._(msg`Open the payments view`), url: appLink(opts.appUrl, locale, '/admin/payments') },
      }),
      kind: `dispute-${stage}-admin`,
      dedupeKey: `dispute:${d.id}:${stage}:admin:${admin.id}`,
    });
  }
  // In the app: the provider's Payouts tab and the admins' payments view reload on this.
  await publishUserEvent(tx, [p.provider_user_id, ...admins.map((a) => a.id)], 'booking', {
    bookingId: p.booking_id,
    action: 'dispute',
    dispute: { id: d.id, status: d.status },
  });
  return true;
}
