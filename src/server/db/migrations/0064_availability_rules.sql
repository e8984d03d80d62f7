-- Weekly schedules that run until the provider ends them (decision 064): one row per schedule,
-- its occurrences worked out in the provider's zone when read, never stored one by one.
CREATE TABLE "availability_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"recurrence_type" "recurrence_type" DEFAULT 'WEEKLY' NOT NULL,
	"recurrence_days" integer[] NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"end_day_offset" smallint DEFAULT 0 NOT NULL,
	"except_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_rules_days" CHECK (cardinality("availability_rules"."recurrence_days") between 1 and 7 and "availability_rules"."recurrence_days" <@ array[0, 1, 2, 3, 4, 5, 6]),
	CONSTRAINT "availability_rules_half_hours" CHECK ("availability_rules"."start_time" ~ '^([01][0-9]|2[0-3]):(00|30)$' and "availability_rules"."end_time" ~ '^([01][0-9]|2[0-3]):(00|30)$'),
	CONSTRAINT "availability_rules_length" CHECK ("availability_rules"."end_day_offset" in (0, 1) and ("availability_rules"."end_day_offset" = 1 and "availability_rules"."end_time" <= "availability_rules"."start_time"
        or "availability_rules"."end_day_offset" = 0 and "availability_rules"."end_time" > "availability_rules"."start_time")),
	CONSTRAINT "availability_rules_ends_after_start" CHECK ("availability_rules"."ends_on" is null or "availability_rules"."ends_on" >= "availability_rules"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_rules_provider_starts_idx" ON "availability_rules" USING btree ("provider_id","starts_on");
