-- How each imported calendar's syncs go (decision 045). "failures" counts unsuccessful syncs in a
-- row, counted when a sync is claimed (so one that never finished counts too) and reset by a good
-- one; at 3 the calendar is paused ("paused_at") and is not synced again until its provider
-- resumes it. "unreadable_count" and "notes" say what the last good sync skipped (events it could
-- not read) and how it read zones that are not plainly named.
ALTER TABLE "calendar_imports" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD COLUMN "paused_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD COLUMN "unreadable_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD COLUMN "notes" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_failures_nonnegative" CHECK ("failures" >= 0);
--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_unreadable_nonnegative" CHECK ("unreadable_count" >= 0);
--> statement-breakpoint
DROP INDEX "calendar_imports_due_idx";
--> statement-breakpoint
CREATE INDEX "calendar_imports_due_idx" ON "calendar_imports" ("next_sync_at") WHERE "deleted_at" IS NULL AND "paused_at" IS NULL;
