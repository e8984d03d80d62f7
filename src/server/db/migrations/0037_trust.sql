-- Trust between strangers (decisions 050 and 051): two-sided blind reviews with public answers,
-- reports and their moderation, suspensions, contact details kept on Locora until a booking is
-- confirmed, and an optional phone number on the profile.

-- ---------------------------------------------------------------------------- blind reviews
-- A review is public once published: when both sides of the booking have written theirs, or when
-- the 14-day window after the booking's end is over. Reviews written before this were public at
-- once, so they are published as of when they were written.
ALTER TABLE "reviews" ADD COLUMN "published_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "answer" text;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "answered_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_note" text;
--> statement-breakpoint
UPDATE "reviews" SET "published_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_answer_shape" CHECK (("answer" IS NULL) = ("answered_at" IS NULL) AND ("answer" IS NULL OR "published_at" IS NOT NULL) AND char_length(coalesce("answer", '')) <= 2000);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_shape" CHECK (("hidden_at" IS NULL) = ("hidden_note" IS NULL));
--> statement-breakpoint
CREATE INDEX "reviews_unpublished_idx" ON "reviews" ("booking_id") WHERE "published_at" IS NULL;
--> statement-breakpoint
-- A booking's provider is its service's; these let a traveler review name both exactly.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_id_provider_id_key" UNIQUE ("id", "provider_id");
--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_id_user_id_key" UNIQUE ("id", "user_id");
--> statement-breakpoint
-- A provider's review of the traveler of one of their bookings.
CREATE TABLE "traveler_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"traveler_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_note" text,
	CONSTRAINT "traveler_reviews_booking_id_key" UNIQUE ("booking_id"),
	CONSTRAINT "traveler_reviews_booking_traveler_fk" FOREIGN KEY ("booking_id", "traveler_id") REFERENCES "bookings"("id", "user_id") ON DELETE RESTRICT,
	CONSTRAINT "traveler_reviews_booking_provider_fk" FOREIGN KEY ("booking_id", "provider_id") REFERENCES "bookings"("id", "provider_id") ON DELETE RESTRICT,
	CONSTRAINT "traveler_reviews_provider_author_fk" FOREIGN KEY ("provider_id", "author_id") REFERENCES "providers"("id", "user_id") ON DELETE RESTRICT,
	CONSTRAINT "traveler_reviews_rating_range" CHECK ("rating" BETWEEN 1 AND 5),
	CONSTRAINT "traveler_reviews_answer_shape" CHECK (("answer" IS NULL) = ("answered_at" IS NULL) AND ("answer" IS NULL OR "published_at" IS NOT NULL) AND char_length(coalesce("answer", '')) <= 2000),
	CONSTRAINT "traveler_reviews_hidden_shape" CHECK (("hidden_at" IS NULL) = ("hidden_note" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "traveler_reviews_traveler_idx" ON "traveler_reviews" ("traveler_id", "published_at");
--> statement-breakpoint
CREATE INDEX "traveler_reviews_unpublished_idx" ON "traveler_reviews" ("booking_id") WHERE "published_at" IS NULL;
--> statement-breakpoint
-- Only published reviews count (decision 050): the ratings are recomputed from published reviews
-- that no admin has hidden.
CREATE OR REPLACE FUNCTION locora_refresh_ratings(service_ids uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  provider_ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT s.provider_id) INTO provider_ids FROM services s WHERE s.id = ANY(service_ids);
  IF provider_ids IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM providers p WHERE p.id = ANY(provider_ids) ORDER BY p.id FOR NO KEY UPDATE;
  UPDATE services s SET
    rating = coalesce(r.avg_rating, 0),
    rating_count = coalesce(r.n, 0)
  FROM services s2
  LEFT JOIN (
    SELECT rv.service_id, round(avg(rv.rating)::numeric, 1) AS avg_rating, count(*)::int AS n
      FROM reviews rv
     WHERE rv.service_id = ANY(service_ids) AND rv.published_at IS NOT NULL AND rv.hidden_at IS NULL
     GROUP BY rv.service_id
  ) r ON r.service_id = s2.id
  WHERE s.id = s2.id AND s2.id = ANY(service_ids)
    AND (s.rating, s.rating_count) IS DISTINCT FROM (coalesce(r.avg_rating, 0), coalesce(r.n, 0));
  UPDATE providers p SET
    rating = coalesce(r.avg_rating, 0),
    rating_count = coalesce(r.n, 0)
  FROM providers p2
  LEFT JOIN (
    SELECT s.provider_id, round(avg(rv.rating)::numeric, 1) AS avg_rating, count(*)::int AS n
      FROM reviews rv JOIN services s ON s.id = rv.service_id
     WHERE s.provider_id = ANY(provider_ids) AND rv.published_at IS NOT NULL AND rv.hidden_at IS NULL
     GROUP BY s.provider_id
  ) r ON r.provider_id = p2.id
  WHERE p.id = p2.id AND p2.id = ANY(provider_ids)
    AND (p.rating, p.rating_count) IS DISTINCT FROM (coalesce(r.avg_rating, 0), coalesce(r.n, 0));
END $$;
--> statement-breakpoint

-- ------------------------------------------------------------------ messages and contact details
-- What the other side receives is `body` (contact details masked until a booking between the two
-- is confirmed); `original_body` keeps what was typed, only when something was masked, for admins
-- looking into a report. A hidden message shows `hidden_note` in its place.
ALTER TABLE "messages" ADD COLUMN "original_body" text;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_note" text;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_hidden_shape" CHECK (("hidden_at" IS NULL) = ("hidden_note" IS NULL));
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_original_length" CHECK ("original_body" IS NULL OR length("original_body") <= 4000);
--> statement-breakpoint

-- -------------------------------------------------------------------------- phone, suspension
ALTER TABLE "users" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_e164" CHECK ("phone" IS NULL OR "phone" ~ '^\+[1-9][0-9]{6,14}$');
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
-- Every suspension and its lifting; users.suspended_at mirrors the open one (same transaction).
-- `paused_service_ids`: the services the suspension paused, resumed when it is lifted.
CREATE TABLE "suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"reason" text NOT NULL,
	"suspended_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"report_id" uuid,
	"paused_service_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid REFERENCES "users"("id") ON DELETE RESTRICT,
	"lift_reason" text,
	CONSTRAINT "suspensions_lift_shape" CHECK (("lifted_at" IS NULL) = ("lifted_by" IS NULL)),
	CONSTRAINT "suspensions_reason_length" CHECK (char_length("reason") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "suspensions_open_key" ON "suspensions" ("user_id") WHERE "lifted_at" IS NULL;
--> statement-breakpoint

-- ---------------------------------------------------------------------------------- reports
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	-- Whom it is about: the review's author, the message's sender, the service's or profile's
	-- provider, the booking's other party.
	"subject_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"action" text,
	"resolved_by" uuid REFERENCES "users"("id") ON DELETE RESTRICT,
	"resolved_at" timestamp with time zone,
	"resolution_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_once_per_reporter" UNIQUE ("reporter_id", "target_type", "target_id"),
	CONSTRAINT "reports_target_type" CHECK ("target_type" IN ('review', 'message', 'service', 'provider', 'booking')),
	CONSTRAINT "reports_reason" CHECK ("reason" IN ('safety', 'harassment', 'fraud', 'inappropriate', 'misleading', 'other')),
	CONSTRAINT "reports_note_length" CHECK (char_length("note") <= 1000),
	CONSTRAINT "reports_status" CHECK ("status" IN ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_action" CHECK ("action" IS NULL OR "action" IN ('dismiss', 'hide', 'deactivate_service', 'warn', 'suspend')),
	CONSTRAINT "reports_resolution_shape" CHECK (("status" = 'open') = ("resolved_at" IS NULL) AND ("resolved_at" IS NULL) = ("resolved_by" IS NULL) AND ("resolved_at" IS NULL) = ("action" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_report_fk" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" ("created_at") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" ("target_type", "target_id");
--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" ("reporter_id", "created_at");
