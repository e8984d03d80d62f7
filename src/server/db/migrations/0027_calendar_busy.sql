-- Busy intervals read from imported calendars (decision 040): replaced whole at each sync, derived
-- data only. provider_id is repeated from the calendar so the slots' busy-time query is one GiST
-- index scan on (provider_id, tstzrange), the same test the bookings_no_overlap constraint answers.
CREATE TABLE "calendar_busy" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"import_id" uuid NOT NULL REFERENCES "calendar_imports"("id") ON DELETE RESTRICT,
	"provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE RESTRICT,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_busy_end_after_start" CHECK ("end_at" > "start_at")
);
--> statement-breakpoint
CREATE INDEX "calendar_busy_provider_range_idx" ON "calendar_busy" USING gist ("provider_id", tstzrange("start_at", "end_at"));
--> statement-breakpoint
CREATE INDEX "calendar_busy_import_idx" ON "calendar_busy" ("import_id");
