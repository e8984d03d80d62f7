-- Earnings, Stripe's processing fees and disputes (decision 039).
-- What Stripe charged Locora to process each captured payment, read from the charge's balance
-- transaction (with destination charges the platform pays it); null until read.
ALTER TABLE "payments" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "balance_transaction_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "stripe_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_stripe_fee_not_negative" CHECK ("payments"."stripe_fee_cents" >= 0);--> statement-breakpoint
CREATE INDEX "payments_fee_unread_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."stripe_fee_cents" is null and "payments"."status" in ('succeeded', 'refunded');--> statement-breakpoint
-- One row per Stripe dispute (its id is Stripe's): what Stripe holds now, written from the
-- charge.dispute.* webhooks after reading the dispute again.
CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"charge_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"due_by" timestamp with time zone,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_amount_not_negative" CHECK ("disputes"."amount_cents" >= 0 and "disputes"."fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_booking_idx" ON "disputes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("due_by") WHERE "disputes"."closed_at" is null;
