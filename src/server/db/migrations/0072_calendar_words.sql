-- What a provider reads about an imported calendar, kept as codes with their values and worded
-- when shown, in the reader's language (calendar-words.ts): why the last sync failed
-- (calendar-error.ts's problem), and how zones not plainly named were read (calendar-zones.ts's
-- notes). `last_error` and `notes` keep the English sentences; rows written before have only them.
ALTER TABLE "calendar_imports" ADD COLUMN "last_error_problem" jsonb;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD COLUMN "zone_notes" jsonb;
