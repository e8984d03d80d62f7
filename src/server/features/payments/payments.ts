/**
 * Card payments at checkout (decision 024): the PaymentIntent a traveler confirms with Stripe
 * Elements for their own PENDING booking. The amount is the booking's (price x hours + 5 % fee,
 * fixed in cents when it was requested by shared/domain/pricing.ts), never the client's. The card
 * is only authorised (capture_method manual) until the provider accepts
 * (payments/payment-actions.ts).
 *
 * Stripe is called outside any transaction, with one idempotency key per booking: asking twice,
 * or again after a timeout, gives the same PaymentIntent. Then one short transaction records it.
 */
import { msg } from '@lingui/core/macro';
import { sql } from 'drizzle-orm';
import { effectiveStatus } from '../../../shared/domain/booking-machine.ts';
import { toStripeAmount, toStripeCurrency, type CurrencyCode } from '../../../shared/domain/currency.ts';
import { notCardPayable, type NotCardPayable } from '../../../shared/domain/payments.ts';
import { formatMoney } from '../../../shared/domain/pricing.ts';
import { queryRows, type Db } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { localized } from '../../http/api-messages.ts';
import { immediateCall, isLivePayment, performPaymentAction } from '../../payments/payment-actions.ts';
import { lockPaymentOfBooking, queuePaymentAction, recordPaymentEvent } from '../../payments/payment-rows.ts';
import { applyPaymentStatus } from '../../bookings/booking-writer.ts';
import { describeStripeError, isStripeRefusal, type Stripe } from '../../payments/stripe-client.ts';
import { PROVIDER_NOT_ACCEPTING_MESSAGE } from '../../../shared/domain/connect.ts';
import { destinationOf, type ConnectOptions } from '../../payments/connect-accounts.ts';

export const BOOKING_NOT_FOUND = 'Booking not found.';
export const PAYMENTS_NOT_CONFIGURED = 'Payment processing is not configured.';
export const STRIPE_UNAVAILABLE = 'The payment service did not answer. Please try again.';
export const notPayableMessage = (status: string) => `This booking cannot be paid for: it is ${status}.`;
export const PAYMENT_RELEASED_MESSAGE = 'The payment for this booking was canceled. Please request a new booking.';

type BookingForPayment = {
  id: string;
  provider_id: string;
  status: string;
  start_at: Date;
  end_at: Date;
  created_at: Date;
  authorised_at: Date | null;
  payment_required: boolean;
  amount_cents: number;
  fee_cents: number;
  currency: CurrencyCode;
};

async function ownBooking(db: Db, userId: string, bookingId: string): Promise<BookingForPayment> {
  const [row] = await queryRows<BookingForPayment>(
    db,
    sql`select id, provider_id, status, start_at, end_at, created_at, authorised_at, payment_required, amount_cents, fee_cents, currency from bookings
        where id = ${bookingId} and user_id = ${userId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return row;
}

function statusOf(b: BookingForPayment, now: Date) {
  return effectiveStatus(
    {
      status: b.status,
      start: new Date(b.start_at),
      end: new Date(b.end_at),
      createdAt: new Date(b.created_at),
      authorisedAt: b.authorised_at ? new Date(b.authorised_at) : null,
      paymentRequired: b.payment_required,
    },
    now,
  );
}

/** Stripe's refusal, quoted in its own words (Stripe writes them in English) inside ours. */
export const stripeRefusedMessage = (detail: string) =>
  localized((i18n) => i18n._(msg`The payment service refused this payment: ${detail}`));

function unavailable(err: unknown): never {
  // Stripe refusing the request (4xx: an amount it does not take, a bad state) will refuse it
  // again: a 409 that says why, not a 503 that invites a retry forever.
  if (isStripeRefusal(err))
    throw Object.assign(new AppError('CONFLICT', stripeRefusedMessage(err.message)), {
      cause: describeStripeError(err),
    });
  throw Object.assign(new AppError('UNAVAILABLE', STRIPE_UNAVAILABLE), { cause: describeStripeError(err) });
}

/**
 * The client secret of the PaymentIntent for the caller's own PENDING booking (created on the
 * first call, the same one after). Anyone else's booking is 404.
 */
export async function createPaymentIntent(
  db: Db,
  stripe: Stripe | undefined,
  user: { id: string },
  bookingId: string,
  /** connect: providers are paid by destination charges (decision 038); set whenever Stripe is. */
  opts: { appUrl?: string; now: Date; connect?: ConnectOptions | undefined },
): Promise<{ clientSecret: string; status: string }> {
  const now = opts.now;
  const appUrl = opts.appUrl;
  if (!stripe) throw new AppError('NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED);
  const booking = await ownBooking(db, user.id, bookingId);
  const status = statusOf(booking, now);
  if (status !== 'PENDING') throw new AppError('CONFLICT', notPayableMessage(status));
  // Free bookings and totals Stripe refuses are request-to-book: no PaymentIntent (decision 024).
  const refused = notCardPayable(booking.amount_cents + booking.fee_cents, booking.currency);
  if (refused) throw new AppError('CONFLICT', notCardPayableWords(refused, booking.currency));

  const [known] = await queryRows<{ id: string; status: string }>(
    db,
    sql`select id, status from payments where booking_id = ${bookingId}`,
  );
  if (known && !isLivePayment(known.status)) throw new AppError('CONFLICT', PAYMENT_RELEASED_MESSAGE);
  // The provider's connected account receives the money, less Locora's fee (decision 038); a
  // provider who cannot receive it yet cannot be paid.
  const destination = opts.connect && !known ? await destinationOf(db, booking.provider_id, opts.connect) : undefined;
  if (opts.connect && !known && !destination) throw new AppError('CONFLICT', PROVIDER_NOT_ACCEPTING_MESSAGE);

  let intent: Stripe.PaymentIntent;
  try {
    intent = known
      ? await stripe.paymentIntents.retrieve(known.id)
      : await stripe.paymentIntents.create(
          {
            // In the booking's own currency (decision 047): ¥8,400 is `jpy` 8400, never x 100.
            amount: toStripeAmount(booking.amount_cents + booking.fee_cents, booking.currency),
            currency: toStripeCurrency(booking.currency),
            capture_method: 'manual',
            // Cards (and other methods that need no redirect away from checkout).
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { bookingId },
            ...(destination
              ? {
                  transfer_data: { destination: destination.accountId },
                  ...(booking.fee_cents > 0
                    ? { application_fee_amount: toStripeAmount(booking.fee_cents, booking.currency) }
                    : {}),
                  ...(destination.onBehalfOf ? { on_behalf_of: destination.accountId } : {}),
                }
              : {}),
          },
          { idempotencyKey: `locora-booking-${bookingId}` },
        );
  } catch (err) {
    unavailable(err);
  }
  if (known && intent.status !== known.status) {
    // What Stripe says now is written down at once (the checkout asks again after its card is
    // confirmed), so the traveler's dashboard does not wait for the webhook to show it authorised.
    await db.transaction((tx) =>
      applyPaymentStatus(tx, { paymentId: known.id, status: intent.status, kind: 'retrieved', now, appUrl }),
    );
  }
  if (intent.status === 'canceled') throw new AppError('CONFLICT', PAYMENT_RELEASED_MESSAGE);
  if (!intent.client_secret) unavailable(new Error('Stripe returned no client secret'));

  if (!known) {
    // Record it; if the booking stopped being PENDING meanwhile (declined, canceled, expired),
    // its hold is released at once instead.
    const released = await db.transaction(async (tx) => {
      const [locked] = await queryRows<BookingForPayment>(
        tx,
        sql`select id, provider_id, status, start_at, end_at, created_at, authorised_at, payment_required, amount_cents, fee_cents, currency from bookings
            where id = ${bookingId} for update`,
      );
      const inserted = await queryRows<{ id: string }>(
        tx,
        sql`insert into payments (id, booking_id, amount_cents, currency, status, destination_account_id,
                                  application_fee_cents, on_behalf_of, created_at, updated_at)
            values (${intent.id}, ${bookingId}, ${intent.amount}, ${intent.currency.toUpperCase()}, ${intent.status},
                    ${intent.transfer_data?.destination ? String(intent.transfer_data.destination) : null},
                    ${intent.application_fee_amount ?? null}, ${!!intent.on_behalf_of},
                    ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
            on conflict do nothing returning id`,
      );
      if (inserted.length === 0) return undefined;
      await tx.execute(
        sql`update bookings set payment_intent_id = ${intent.id} where id = ${bookingId} and payment_intent_id is null`,
      );
      await recordPaymentEvent(tx, { paymentId: intent.id, kind: 'created', status: intent.status });
      if (locked && statusOf(locked, now) === 'PENDING') return undefined;
      const payment = await lockPaymentOfBooking(tx, bookingId);
      if (payment) await queuePaymentAction(tx, payment, 'cancel', now);
      return payment?.id;
    });
    if (released) {
      await performPaymentAction(db, stripe, released, now, immediateCall(stripe), appUrl).catch(() => 'failed');
      throw new AppError('CONFLICT', PAYMENT_RELEASED_MESSAGE);
    }
  }
  // The status lets a checkout whose confirmation answer was lost see the card is authorised already.
  return { clientSecret: intent.client_secret, status: intent.status };
}

/** Why a booking is not paid by card, in the asker's language (its amount in their format). */
function notCardPayableWords(refused: NotCardPayable, currency: CurrencyCode) {
  return localized((i18n, locale) => {
    if (refused.reason === 'free') return i18n._(msg`This booking is free: there is nothing to pay.`);
    const limit = formatMoney(refused.limitCents, currency, locale);
    return refused.reason === 'below_minimum'
      ? i18n._(msg`Card payments start at ${limit}: arrange payment for this booking with the provider.`)
      : i18n._(msg`This total is above what one card payment can take (${limit}): arrange payment with the provider.`);
  });
}
