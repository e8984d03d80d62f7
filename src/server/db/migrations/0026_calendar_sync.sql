-- Calendar sync (decision 040). A provider's private feed of their bookings: only the SHA-256 of its
-- token is kept, so a database reader cannot subscribe to anyone's calendar; a reset replaces it.
CREATE TABLE "calendar_feeds" (
	"provider_id" uuid PRIMARY KEY NOT NULL REFERENCES "providers"("id") ON DELETE RESTRICT,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_key" UNIQUE ("token_hash")
);
--> statement-breakpoint
-- The calendars a provider imports busy time from. A row is a queue of the one job runner (decision
-- 032): due at next_sync_at, claimed with lease_token. Removed calendars are soft-deleted.
CREATE TABLE "calendar_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE RESTRICT,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_token" uuid,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_imports_name_length" CHECK (char_length("name") between 1 and 60),
	CONSTRAINT "calendar_imports_url_length" CHECK (char_length("url") between 1 and 2000)
);
--> statement-breakpoint
CREATE INDEX "calendar_imports_provider_idx" ON "calendar_imports" ("provider_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "calendar_imports_due_idx" ON "calendar_imports" ("next_sync_at") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- One calendar's address once per provider (a removed one may be added again).
CREATE UNIQUE INDEX "calendar_imports_provider_url_key" ON "calendar_imports" ("provider_id", "url") WHERE "deleted_at" IS NULL;
