-- Reconciliation with Stripe (decision 059): the balance transactions read from Stripe (the
-- platform's and each connected account's), each matched to the ledger by its Stripe object and
-- category; where each account's reading stopped (resumed after a crash); each run; and every
-- difference found, until it matches again or an admin explains it.
CREATE TABLE "stripe_balance_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"source_id" text,
	"object_key" text NOT NULL,
	"category" text NOT NULL,
	"value" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_balance_transactions_key_idx" ON "stripe_balance_transactions" USING btree ("object_key", "category");--> statement-breakpoint
CREATE TABLE "reconciliation_cursors" (
	"account" text PRIMARY KEY NOT NULL,
	"since" bigint DEFAULT 0 NOT NULL,
	"pass_newest" bigint,
	"page_after" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"read" integer DEFAULT 0 NOT NULL,
	"differences" integer,
	"error" text,
	CONSTRAINT "reconciliation_runs_trigger" CHECK ("trigger" in ('job', 'admin'))
);
--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");--> statement-breakpoint
CREATE TABLE "reconciliation_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_key" text NOT NULL,
	"category" text NOT NULL,
	"booking_id" uuid REFERENCES "bookings"("id") ON DELETE RESTRICT,
	"cause" text NOT NULL,
	"stripe_amount" bigint,
	"ledger_amount" bigint,
	"stripe_currency" text,
	"ledger_currency" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"explained_at" timestamp with time zone,
	"explained_by" uuid REFERENCES "users"("id") ON DELETE RESTRICT,
	"note" text,
	CONSTRAINT "reconciliation_differences_cause" CHECK ("cause" in ('unrecorded', 'missing_at_stripe', 'amount_differs', 'currency_differs')),
	CONSTRAINT "reconciliation_differences_explained" CHECK (("explained_at" is null) = ("note" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_differences_open_key" ON "reconciliation_differences" USING btree ("object_key", "category") WHERE "resolved_at" is null;
