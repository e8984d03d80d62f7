-- The European Central Bank's daily euro reference rates (decision 049): one row per day and
-- currency, the rate exactly as published (units of the currency per euro), never updated once a
-- day is stored except by the same day's publication. Unconstrained numeric keeps the ECB's
-- decimal as written ('176.45').
CREATE TABLE "exchange_rates" (
	"rate_date" date NOT NULL,
	"currency" text NOT NULL,
	"per_euro" numeric NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_pkey" PRIMARY KEY ("rate_date", "currency"),
	CONSTRAINT "exchange_rates_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "exchange_rates_positive" CHECK ("per_euro" > 0),
	CONSTRAINT "exchange_rates_source" CHECK ("source" in ('ecb', 'demo'))
);
--> statement-breakpoint
-- The feed's one row: when an instance last asked it (the claim that keeps instances from asking
-- at once), what it answered, and the last failure in words.
CREATE TABLE "exchange_rate_feed" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"attempted_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "exchange_rate_feed_one_row" CHECK ("id")
);
--> statement-breakpoint
-- A traveler's display currency (null: not chosen; the browser's region decides).
ALTER TABLE "users" ADD COLUMN "display_currency" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_display_currency_code" CHECK ("display_currency" ~ '^[A-Z]{3}$');
