// What the earnings, payouts and admin payments API returns (decision 039), in zod/mini like the
// other response schemas, so the browser can check answers without the full zod runtime.
// Every amount is integer cents (US dollars).
import * as z from 'zod/mini';
import { EARNING_STATUSES } from '../domain/earnings.ts';
import { currencySchema } from './money.ts';

const cents = z.int();

/** A period's totals in one currency (never summed across currencies). */
export const earningTotalsSchema = z.object({
  currency: currencySchema,
  /** What travelers paid, less what went back to them. */
  grossCents: cents,
  feeCents: cents,
  netCents: cents,
  bookings: z.int(),
});
export type EarningTotalsView = z.infer<typeof earningTotalsSchema>;

/**
 * A month's money, one line per currency: earned (by the service's date: the bookings that took
 * place in it) and charged (by the day the card payments were taken).
 */
export const earningPeriodSchema = z.object({
  label: z.string(),
  /** The month's first day (YYYY-MM-01), to name it in the reader's language. */
  month: z.string(),
  earned: z.array(earningTotalsSchema),
  charged: z.array(earningTotalsSchema),
});
export type EarningPeriod = z.infer<typeof earningPeriodSchema>;

/** One booking's money, as the provider sees it. */
export const earningRowSchema = z.object({
  bookingId: z.uuid(),
  /** The booking's start (ISO); shown on the provider's clock. */
  date: z.string(),
  serviceTitle: z.string(),
  /** The traveler's name; null when their account has none (the screens say "A traveler"). */
  travelerName: z.nullable(z.string()),
  /** What the traveler paid (or what their card holds, not charged yet). */
  grossCents: cents,
  /** What went back to the traveler: refunds made, and a refund owed. */
  refundedCents: cents,
  /** Locora's fee and the provider's net, of what was kept (0 when nothing was: a hold, a full refund). */
  feeCents: cents,
  netCents: cents,
  /** The booking's currency: every amount of the row is in its minor units. */
  currency: currencySchema,
  status: z.enum(EARNING_STATUSES),
  bookingStatus: z.string(),
  /** In the totals (and the Revenue card): its charge left the provider something, as the ledger says. */
  countsInTotals: z.boolean(),
});
export type EarningRow = z.infer<typeof earningRowSchema>;

/** A dispute of one of the provider's bookings (the provider is told; Locora answers it). */
export const providerDisputeSchema = z.object({
  bookingId: z.uuid(),
  serviceTitle: z.string(),
  status: z.string(),
  reason: z.string(),
  amountCents: cents,
  currency: currencySchema,
  dueBy: z.nullable(z.string()),
  openedAt: z.string(),
  isOpen: z.boolean(),
});
export type ProviderDispute = z.infer<typeof providerDisputeSchema>;

/** GET /api/provider/earnings. */
export const earningsSchema = z.object({
  timeZone: z.string(),
  /** The provider's currency (the one a total of nothing is shown in). */
  currency: currencySchema,
  /** What the Revenue card counts: the provider's net (what they kept, without Locora's fee). */
  revenueBasis: z.literal('net'),
  thisMonth: earningPeriodSchema,
  lastMonth: earningPeriodSchema,
  /** Earned, all time, one line per currency. */
  allTime: z.array(earningTotalsSchema),
  rows: z.array(earningRowSchema),
  /** More rows than `rows` holds (the CSV has them all). */
  truncated: z.boolean(),
  disputes: z.array(providerDisputeSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** A payout from the provider's Stripe balance to their bank, as Stripe lists it. */
export const payoutSchema = z.object({
  id: z.string(),
  amountCents: cents,
  currency: z.string(),
  /** Stripe's: paid, pending, in_transit, canceled, failed. */
  status: z.string(),
  created: z.string(),
  arrivalDate: z.string(),
  failureCode: z.nullable(z.string()),
  failureMessage: z.nullable(z.string()),
});
export type Payout = z.infer<typeof payoutSchema>;

/** A payout Stripe reported failed (payout.failed) and not paid since, with Stripe's reason. */
export const failedPayoutSchema = z.object({
  payoutId: z.nullable(z.string()),
  bookingId: z.nullable(z.uuid()),
  amountCents: cents,
  /** The payout's currency (its account's balance's). */
  currency: currencySchema,
  failureCode: z.nullable(z.string()),
  failureMessage: z.string(),
  /** What the provider can do about it, in words. */
  advice: z.string(),
  /** Locora has asked Stripe to pay it again (the account can be paid again). */
  askedAgain: z.boolean(),
  at: z.string(),
});
export type FailedPayout = z.infer<typeof failedPayoutSchema>;

/** A refund made after a booking's payout: the provider's share of it, taken back from their balance. */
export const takenBackSchema = z.object({
  bookingId: z.uuid(),
  serviceTitle: z.string(),
  amountCents: cents,
  /** The payout's currency: what was taken back is in it. */
  currency: currencySchema,
  at: z.string(),
});
export type TakenBack = z.infer<typeof takenBackSchema>;

/** GET /api/provider/payouts. */
export const providerPayoutsSchema = z.object({
  /** Card payments (Stripe) are configured. */
  configured: z.boolean(),
  /** The provider has a connected account. */
  hasAccount: z.boolean(),
  /** Stripe's list; null when Stripe could not be read just now. */
  payouts: z.nullable(z.array(payoutSchema)),
  /** Why the list is missing, in words. */
  unavailable: z.nullable(z.string()),
  failed: z.array(failedPayoutSchema),
  /** Refunds made after a payout, whose share Stripe took back from the provider's balance. */
  takenBack: z.array(takenBackSchema),
});
export type ProviderPayouts = z.infer<typeof providerPayoutsSchema>;

/** A booking a payout figure is made of, with its part of the figure. */
export const payoutFigureBookingSchema = z.object({
  bookingId: z.uuid(),
  serviceTitle: z.string(),
  /** The booking's start (ISO). */
  date: z.string(),
  amountCents: cents,
});

/** One of the Payouts tab's figures in one currency, with its bookings. */
export const payoutFigureSchema = z.object({
  currency: currencySchema,
  amountCents: cents,
  bookings: z.array(payoutFigureBookingSchema),
});
export type PayoutFigureView = z.infer<typeof payoutFigureSchema>;

/**
 * GET /api/provider/payouts/summary: the provider's money from the ledger, each figure one line per
 * currency: paid out (arrived), on its way (a payout Stripe made, not arrived yet), owed (to be paid
 * out once the bookings are completed), held (a dispute).
 */
export const payoutSummarySchema = z.object({
  paidOut: z.array(payoutFigureSchema),
  onItsWay: z.array(payoutFigureSchema),
  owed: z.array(payoutFigureSchema),
  held: z.array(payoutFigureSchema),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

// ------------------------------------------------------------------------------------- admin

/**
 * A period's money in one currency, from the ledger (decision 060 and its addendum): the card
 * payments captured in it and what became of them.
 */
export const platformTotalsSchema = z.object({
  /** Every amount below is in this currency's minor units (one line per currency). */
  currency: currencySchema,
  /** What travelers paid on captured card payments in this currency (gross volume). */
  grossCents: cents,
  /** Locora's service fees kept (less what refunds gave back). */
  feeCents: cents,
  /**
   * Stripe's processing fees that are in this currency: each charge's fee is in the currency of the
   * balance it landed in (a euro charge on a US platform: dollars), so it may be on another line
   * than its charge (Locora pays them with destination charges).
   */
  stripeFeeCents: cents,
  /** Captured payments in this currency whose Stripe fee is not read yet (its fee is missing from a line). */
  stripeFeesUnread: z.int(),
  /** Refunds made of those payments. */
  refundedCents: cents,
  /** Disputes opened in the period and still open, and what they withdrew. */
  openDisputes: z.int(),
  openDisputedCents: cents,
  /** Card payments captured in this currency. */
  payments: z.int(),
});
export type PlatformTotals = z.infer<typeof platformTotalsSchema>;

export const adminDisputeSchema = z.object({
  id: z.string(),
  bookingId: z.uuid(),
  serviceTitle: z.string(),
  providerName: z.string(),
  travelerName: z.nullable(z.string()),
  amountCents: cents,
  feeCents: cents,
  /** The charge's currency: the amount, the fee and the loss are in it. */
  currency: currencySchema,
  status: z.string(),
  reason: z.string(),
  dueBy: z.nullable(z.string()),
  openedAt: z.string(),
  closedAt: z.nullable(z.string()),
  isOpen: z.boolean(),
  /** The charge's money went to the provider's connected account (a destination charge). */
  destinationCharge: z.boolean(),
  /** What Locora lost (a lost dispute: the amount and Stripe's fees); 0 otherwise. */
  locoraLossCents: cents,
  /** When an admin submitted evidence to Stripe (null: not yet). */
  evidenceSubmittedAt: z.optional(z.nullable(z.string())),
  /** Stripe still takes evidence: needs a response and its deadline has not passed. */
  takesEvidence: z.optional(z.boolean()),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

export const smallBookingSchema = z.object({
  bookingId: z.uuid(),
  serviceTitle: z.string(),
  providerName: z.string(),
  date: z.string(),
  /** What was charged and Locora's fee, in the charge's currency. */
  grossCents: cents,
  feeCents: cents,
  currency: currencySchema,
  /** Stripe's fee, in the currency of the balance the charge landed in. */
  stripeFeeCents: cents,
  stripeFeeCurrency: currencySchema,
  /** Stripe's fee minus Locora's (at the charge's own rate when Stripe converted it): what the booking cost Locora, in `stripeFeeCurrency`. */
  shortfallCents: cents,
});
export type SmallBooking = z.infer<typeof smallBookingSchema>;

export const providerPayoutSetupSchema = z.object({
  providerId: z.uuid(),
  displayName: z.string(),
  email: z.string(),
  /** not_set_up, details_needed, under_review, restricted. */
  state: z.string(),
  reason: z.nullable(z.string()),
});
export type ProviderPayoutSetup = z.infer<typeof providerPayoutSetupSchema>;

/** A booking's payout that failed and is not paid yet (listed until it is). */
export const adminFailedPayoutSchema = z.object({
  bookingId: z.uuid(),
  providerName: z.string(),
  amountCents: cents,
  stripePayoutId: z.nullable(z.string()),
  failureCode: z.nullable(z.string()),
  failureMessage: z.nullable(z.string()),
  /** How many payouts of it failed. */
  failures: z.int(),
  /** Asked again (the account can be paid again); not paid yet. */
  askedAgain: z.boolean(),
  at: z.string(),
  currency: currencySchema,
});
export type AdminFailedPayout = z.infer<typeof adminFailedPayoutSchema>;

/** A refund after a payout: the provider's balance went negative by their share; Stripe debits Locora what it does not cover. */
export const adminRefundAfterPayoutSchema = z.object({
  bookingId: z.uuid(),
  serviceTitle: z.string(),
  providerName: z.string(),
  /** The provider's share of the refunds, taken back after the payout. */
  amountCents: cents,
  at: z.string(),
  currency: currencySchema,
});
export type AdminRefundAfterPayout = z.infer<typeof adminRefundAfterPayoutSchema>;

/** A payout waiting while its charge has an open dispute (made if the dispute is won, never if lost). */
export const adminHeldPayoutSchema = z.object({
  bookingId: z.uuid(),
  serviceTitle: z.string(),
  providerName: z.string(),
  /** Null until the payout's amount has been read from Stripe. */
  amountCents: z.nullable(cents),
  currency: z.string(),
  /** Why it waits, e.g. 'dispute_open'. */
  reason: z.nullable(z.string()),
  since: z.string(),
});
export type AdminHeldPayout = z.infer<typeof adminHeldPayoutSchema>;

/** A Stripe event whose object never got a row in Locora within the waiting time: flagged, not lost. */
export const adminUnmatchedEventSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  /** The PaymentIntent, account or payout it is about. */
  objectId: z.string(),
  accountId: z.nullable(z.string()),
  receivedAt: z.string(),
  givenUpAt: z.string(),
  attempts: z.int(),
  lastError: z.nullable(z.string()),
});
export type AdminUnmatchedEvent = z.infer<typeof adminUnmatchedEventSchema>;

/**
 * A booking paid before payouts existed (no destination account): its provider's share sits in
 * Locora's balance and no payout will ever be made; an admin settles it by hand.
 */
export const adminPreConnectOwedSchema = z.object({
  bookingId: z.uuid(),
  paymentIntentId: z.string(),
  serviceTitle: z.string(),
  providerName: z.string(),
  providerEmail: z.string(),
  bookingStatus: z.string(),
  date: z.string(),
  /** What the provider is owed: their share of the charge, less their share of any refund. */
  owedCents: cents,
  currency: z.string(),
});
export type AdminPreConnectOwed = z.infer<typeof adminPreConnectOwedSchema>;

/** The answer to POST /api/admin/payments/bookings/{id}/settle. */
export const manualSettlementSchema = z.object({
  bookingId: z.uuid(),
  amountCents: cents,
  currency: z.string(),
  note: z.string(),
  settledAt: z.string(),
});
export type ManualSettlement = z.infer<typeof manualSettlementSchema>;

/** A difference between Stripe's balance transactions and the ledger (reconciliation). */
export const reconciliationDifferenceSchema = z.object({
  id: z.uuid(),
  bookingId: z.nullable(z.uuid()),
  /** Stripe's object: a PaymentIntent, payout or dispute (or the balance transaction's source). */
  objectId: z.string(),
  /** captured, refund, transfer, transfer_reversal, dispute, payout, or stripe:<type> for a movement Locora has no kind for. */
  category: z.string(),
  cause: z.enum(['unrecorded', 'missing_at_stripe', 'amount_differs', 'currency_differs']),
  /** The cause in plain words. */
  causeText: z.string(),
  stripeAmount: z.nullable(cents),
  stripeCurrency: z.nullable(z.string()),
  ledgerAmount: z.nullable(cents),
  ledgerCurrency: z.nullable(z.string()),
  firstSeenAt: z.string(),
  explained: z.nullable(z.object({ note: z.string(), at: z.string() })),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

/** POST /api/admin/payments/reconcile. */
export const reconcileResultSchema = z.object({
  read: z.int(),
  /** Differences open after the run (neither resolved nor explained). */
  differences: z.int(),
});
export type ReconcileResult = z.infer<typeof reconcileResultSchema>;

/** GET /api/admin/payments. */
export const adminPaymentsSchema = z.object({
  monthLabel: z.string(),
  /** The first days (YYYY-MM-01) of this month and last month (UTC), to name them in the reader's language. */
  months: z.object({ thisMonth: z.string(), lastMonth: z.string() }),
  /** Card payments captured this month (UTC), one line per currency. */
  thisMonth: z.array(platformTotalsSchema),
  /** Card payments captured last month (UTC), one line per currency. */
  lastMonth: z.array(platformTotalsSchema),
  allTime: z.array(platformTotalsSchema),
  disputes: z.array(adminDisputeSchema),
  smallBookings: z.array(smallBookingSchema),
  providersNotReady: z.array(providerPayoutSetupSchema),
  providersNotReadyCount: z.int(),
  failedPayouts: z.array(adminFailedPayoutSchema),
  refundsAfterPayout: z.array(adminRefundAfterPayoutSchema),
  heldPayouts: z.array(adminHeldPayoutSchema),
  unmatchedEvents: z.array(adminUnmatchedEventSchema),
  preConnectOwed: z.array(adminPreConnectOwedSchema),
  /** Open differences with Stripe, and the ones explained lately; when the last reconciliation finished. */
  reconciliation: z.object({
    differences: z.array(reconciliationDifferenceSchema),
    lastRunAt: z.nullable(z.string()),
  }),
});
export type AdminPayments = z.infer<typeof adminPaymentsSchema>;

/** POST /api/admin/payments/stripe-fees: read the processing fees Stripe has not been asked for yet. */
export const readStripeFeesResultSchema = z.object({ read: z.int(), failed: z.int(), left: z.int() });
export type ReadStripeFeesResult = z.infer<typeof readStripeFeesResultSchema>;

/** An admin's view of one booking for a dispute: its facts and its messages (evidence). */
export const adminBookingSchema = z.object({
  id: z.uuid(),
  status: z.string(),
  start: z.string(),
  hours: z.int(),
  timeZone: z.string(),
  serviceTitle: z.string(),
  providerName: z.string(),
  providerEmail: z.string(),
  travelerName: z.nullable(z.string()),
  travelerEmail: z.string(),
  grossCents: cents,
  feeCents: cents,
  /** The booking's currency: its amounts and its disputes' are in it. */
  currency: currencySchema,
  paymentIntentId: z.nullable(z.string()),
  history: z.array(
    z.object({ at: z.string(), from: z.nullable(z.string()), to: z.string(), reason: z.nullable(z.string()) }),
  ),
  messages: z.array(z.object({ at: z.string(), senderName: z.string(), body: z.string() })),
  disputes: z.array(adminDisputeSchema),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;
