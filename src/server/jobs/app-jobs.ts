/**
 * The background work of one app instance, all through the one job runner (decision 032): payment
 * actions (when Stripe is configured), the email outbox, booking expiry and completion, the
 * orphan-upload sweep and the pruning of old realtime events. buildApp makes it (`app.jobs`);
 * the server starts it after listening and stops it at shutdown.
 */
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { emailJobKind } from '../email/outbox.ts';
import type { MailTransport } from '../email/transport.ts';
import { lifecycleJobKind } from '../features/bookings/lifecycle.ts';
import { calendarSyncJobKind } from '../features/calendars/calendar-sync.ts';
import { exchangeRatesJobKind } from '../features/exchange-rates/exchange-rates.ts';
import { reviewPublishingJobKind } from '../features/reviews/reviews.ts';
import { paymentActionJobKind } from '../payments/payment-actions.ts';
import { payoutJobKind } from '../payments/payouts.ts';
import { processingFeesJobKind } from '../payments/processing-fees.ts';
import { handleConnectEvent, isConnectEvent } from '../payments/connect-webhooks.ts';
import { waitingEventsJobKind } from '../payments/waiting-events.ts';
import { reconciliationJobKind } from '../payments/reconciliation.ts';
import { handleStripeEvent } from '../features/payments/webhooks.ts';
import type { Stripe } from '../payments/stripe-client.ts';
import { pruneUserEvents } from '../realtime/events.ts';
import type { Storage } from '../storage/storage.ts';
import { uploadSweepJobKind } from '../storage/upload-registry.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

/** Shorter intervals and leases (tests); every field is optional. */
export type JobTuning = {
  /** Wait of every kind after finding nothing due. */
  intervalMs?: number;
  /** The lease of each leased kind (payment actions, email). */
  leaseMs?: number;
};

export type JobLog = {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
};

export function createAppJobs(opts: {
  db: Db;
  config: Config;
  clock: Clock;
  appUrl: string;
  storage: Storage;
  mailTransport: MailTransport;
  stripe?: Stripe | undefined;
  log: JobLog;
  tuning?: JobTuning;
}): JobRunner {
  const { db, config, tuning = {} } = opts;
  const now = () => opts.clock.now();
  return createJobRunner({
    db,
    onError: (err, kind) => opts.log.warn({ err, kind }, `background job ${kind} failed; it will run again`),
    kinds: [
      // Calls owed to Stripe after a booking's change (capture, release, refund), retried until done (decision 024).
      ...(opts.stripe
        ? [
            {
              leased: paymentActionJobKind({
                db,
                stripe: opts.stripe,
                now,
                // Links in the request email sent once a card is authorised.
                appUrl: opts.appUrl,
                intervalMs: tuning.intervalMs,
                leaseMs: tuning.leaseMs,
              }),
            },
            // The payout of each COMPLETED booking's net from its provider's connected account (decision 038).
            {
              leased: payoutJobKind({
                db,
                stripe: opts.stripe,
                now,
                appUrl: opts.appUrl,
                intervalMs: tuning.intervalMs,
                leaseMs: tuning.leaseMs,
              }),
            },
            // Stripe events that came before their object's row, handled again until it is there, then flagged (decision 046).
            {
              leased: waitingEventsJobKind({
                db,
                now,
                intervalMs: tuning.intervalMs,
                leaseMs: tuning.leaseMs,
                handle: (event, at) =>
                  isConnectEvent(event)
                    ? handleConnectEvent(db, opts.stripe!, event, {
                        platformCountry: config.stripe?.platformCountry ?? 'US',
                        appUrl: opts.appUrl,
                        now: at,
                      })
                    : handleStripeEvent(db, opts.stripe!, event, { appUrl: opts.appUrl, now: at }),
              }),
            },
            // The ledger reconciled with Stripe's balance transactions once a day, checked every minute (decision 059).
            { round: reconciliationJobKind({ db, stripe: opts.stripe, now, intervalMs: tuning.intervalMs }) },
            // Stripe's processing fee of each captured payment, for the admin payments view (decision 039).
            {
              leased: processingFeesJobKind({
                db,
                stripe: opts.stripe,
                intervalMs: tuning.intervalMs,
                onError: (err, paymentId) =>
                  opts.log.warn({ err, paymentId }, 'reading a payment’s Stripe fee failed; it will be read again'),
              }),
            },
          ]
        : []),
      {
        leased: emailJobKind({
          db,
          transport: opts.mailTransport,
          intervalMs: tuning.intervalMs,
          leaseMs: tuning.leaseMs,
          onFailure: (err) => opts.log.warn({ err }, 'email delivery failed; it will be retried'),
        }),
      },
      // Expiry of unanswered requests and completion of past bookings (decision 018): persisted
      // here, while every read already computes them.
      { round: lifecycleJobKind({ db, appUrl: opts.appUrl, now, intervalMs: tuning.intervalMs }) },
      // Blind reviews whose 14-day window is over, published with their emails (decision 050).
      { round: reviewPublishingJobKind({ db, appUrl: opts.appUrl, now, intervalMs: tuning.intervalMs }) },
      // Imported calendars (decision 040): each about every 15 minutes, at once when added.
      {
        leased: calendarSyncJobKind({
          db,
          policy: { allowLoopback: config.calendarFetch.allowLoopback },
          now,
          intervalMs: tuning.intervalMs,
          leaseMs: tuning.leaseMs,
        }),
      },
      // The ECB's euro reference rates (decision 049): after each publication, at start when behind; prices normalised to them.
      { round: exchangeRatesJobKind({ db, url: config.exchangeRates.url, now, intervalMs: tuning.intervalMs }) },
      // Uploads no row references, once their grace period is over.
      {
        enabled: config.uploads.sweepIntervalSeconds > 0,
        round: uploadSweepJobKind(db, opts.storage, {
          intervalSeconds: config.uploads.sweepIntervalSeconds,
          graceSeconds: config.uploads.orphanGraceSeconds,
          onSwept: (count) => opts.log.info({ count }, 'deleted orphaned uploads'),
        }),
      },
      {
        round: {
          name: 'prune-user-events',
          intervalMs: tuning.intervalMs ?? 10 * 60 * 1000,
          round: async () => {
            await pruneUserEvents(db);
            return 0;
          },
        },
      },
    ],
  });
}
