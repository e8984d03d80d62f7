-- Providers get paid through Stripe Connect (decision 038): one Express connected account per
-- provider, its state as Stripe last reported it, and the money of each charge sent to it.
CREATE TABLE "connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"country" text NOT NULL,
	"service_agreement" text DEFAULT 'full' NOT NULL,
	"state" text DEFAULT 'details_needed' NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"transfers_capability" text,
	"card_payments_capability" text,
	"currently_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"past_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"pending_verification" text[] DEFAULT '{}'::text[] NOT NULL,
	"disabled_reason" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connected_accounts_provider_id_key" UNIQUE("provider_id"),
	CONSTRAINT "connected_accounts_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE restrict,
	CONSTRAINT "connected_accounts_service_agreement" CHECK ("service_agreement" in ('full', 'recipient')),
	CONSTRAINT "connected_accounts_state" CHECK ("state" in ('details_needed', 'under_review', 'active', 'restricted'))
);--> statement-breakpoint
-- A destination charge (decision 038): the account the money goes to, Locora's application fee,
-- whether it was charged on behalf of that account, and what was refunded of it so far.
ALTER TABLE "payments" ADD COLUMN "destination_account_id" text REFERENCES "connected_accounts"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "application_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "on_behalf_of" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_amounts" CHECK ("refunded_cents" >= 0 and "refunded_cents" <= "amount_cents" and ("refund_cents" is null or ("refund_cents" > 0 and "refund_cents" <= "amount_cents")));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_fee" CHECK ("application_fee_cents" is null or ("application_fee_cents" >= 0 and "application_fee_cents" <= "amount_cents"));--> statement-breakpoint
CREATE INDEX "payments_destination_idx" ON "payments" USING btree ("destination_account_id") WHERE "destination_account_id" is not null;--> statement-breakpoint
-- The payout of a COMPLETED booking's net from its provider's connected account, made once by the
-- job runner (decision 032): a leased queue (due_at, lease_token) whose Stripe call carries one
-- idempotency key per booking, and whose payout id is stored once Stripe answers.
CREATE TABLE "booking_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"stripe_payout_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"arrival_date" timestamp with time zone,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"refusals" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_payouts_booking_id_key" UNIQUE("booking_id"),
	CONSTRAINT "booking_payouts_stripe_payout_id_key" UNIQUE("stripe_payout_id"),
	CONSTRAINT "booking_payouts_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE restrict,
	CONSTRAINT "booking_payouts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "connected_accounts"("id") ON DELETE restrict,
	CONSTRAINT "booking_payouts_amount_positive" CHECK ("amount_cents" > 0),
	CONSTRAINT "booking_payouts_status" CHECK ("status" in ('queued', 'pending', 'in_transit', 'paid', 'failed', 'canceled'))
);--> statement-breakpoint
CREATE INDEX "booking_payouts_due_idx" ON "booking_payouts" USING btree ("due_at") WHERE "due_at" is not null;--> statement-breakpoint
CREATE INDEX "booking_payouts_account_idx" ON "booking_payouts" USING btree ("account_id", "created_at");
