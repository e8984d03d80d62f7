-- Every payout owed is made, held, asked again or flagged (decision 046).
-- Stripe's processing fee of each captured payment is read through the job runner's claimDue
-- (decision 032): its own due time, lease and backoff on the payment row, apart from the
-- payment action's (action_due_at, lease_token), which a payment may owe at the same time.
ALTER TABLE "payments" ADD COLUMN "fee_due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_lease_token" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_error" text;--> statement-breakpoint
DROP INDEX "payments_fee_unread_idx";--> statement-breakpoint
CREATE INDEX "payments_fee_due_idx" ON "payments" USING btree ("fee_due_at") WHERE "stripe_fee_cents" is null and "status" in ('succeeded', 'refunded');--> statement-breakpoint
-- A booking's payout: 'held' while its charge has an open dispute; why it is held or canceled;
-- the payouts Stripe reported failed (each is asked again once the account can be paid); and
-- the provider's share of refunds made after it was paid out (their Stripe balance went negative).
ALTER TABLE "booking_payouts" DROP CONSTRAINT "booking_payouts_status";--> statement-breakpoint
ALTER TABLE "booking_payouts" ADD CONSTRAINT "booking_payouts_status" CHECK ("status" in ('queued', 'held', 'pending', 'in_transit', 'paid', 'failed', 'canceled'));--> statement-breakpoint
ALTER TABLE "booking_payouts" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "booking_payouts" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payouts" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_payouts" ADD COLUMN "reversed_after_payout_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payouts" ADD COLUMN "reversed_after_payout_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_payouts" ADD CONSTRAINT "booking_payouts_counts" CHECK ("failures" >= 0 and "refusals" >= 0 and "reversed_after_payout_cents" >= 0);--> statement-breakpoint
CREATE INDEX "booking_payouts_failed_idx" ON "booking_payouts" USING btree ("failed_at") WHERE "failures" > 0 and "status" <> 'paid';--> statement-breakpoint
-- A booking payout's history: every payout made (also those that failed and were made again),
-- held, released, canceled, and every refund taken back after it, with Stripe's ids.
CREATE TABLE "payout_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_payout_id" uuid NOT NULL REFERENCES "booking_payouts"("id") ON DELETE RESTRICT,
	"kind" text NOT NULL,
	"stripe_payout_id" text,
	"amount_cents" integer,
	"currency" text NOT NULL,
	"detail" text,
	"stripe_event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "payout_events_payout_idx" ON "payout_events" USING btree ("booking_payout_id", "created_at");--> statement-breakpoint
CREATE INDEX "payout_events_stripe_idx" ON "payout_events" USING btree ("stripe_payout_id") WHERE "stripe_payout_id" is not null;--> statement-breakpoint
-- A verified Stripe event about an object Locora has no row for yet (its row is being written):
-- tried again by the job runner for a bounded time, then flagged for admins.
CREATE TABLE "waiting_stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"account_id" text,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"matched_at" timestamp with time zone,
	"given_up_at" timestamp with time zone,
	"last_error" text
);--> statement-breakpoint
CREATE INDEX "waiting_stripe_events_due_idx" ON "waiting_stripe_events" USING btree ("due_at") WHERE "due_at" is not null;--> statement-breakpoint
CREATE INDEX "waiting_stripe_events_given_up_idx" ON "waiting_stripe_events" USING btree ("given_up_at") WHERE "given_up_at" is not null;--> statement-breakpoint
-- A booking paid before payouts existed (no destination account), settled with its provider by
-- hand: once per booking, by an admin, with a note (and an audit_log row in the same transaction).
CREATE TABLE "manual_settlements" (
	"booking_id" uuid PRIMARY KEY NOT NULL REFERENCES "bookings"("id") ON DELETE RESTRICT,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"note" text NOT NULL,
	"settled_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_settlements_amount" CHECK ("amount_cents" >= 0),
	CONSTRAINT "manual_settlements_note" CHECK (length("note") between 1 and 1000)
);
