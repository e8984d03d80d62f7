DROP INDEX "services_visible_provider_rating_idx";--> statement-breakpoint
DROP INDEX "services_category_city_rating_idx";--> statement-breakpoint
DROP INDEX "services_category_rating_idx";--> statement-breakpoint
DROP INDEX "services_visible_rating_idx";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "rating" numeric(2, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "services_category_city_rating_idx" ON "services" USING btree ("category_id","city_key","rating" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_category_rating_idx" ON "services" USING btree ("category_id","rating" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_visible_rating_idx" ON "services" USING btree ("rating" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_rating_range" CHECK ("services"."rating" >= 0 and "services"."rating" <= 5);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_rating_count_nonneg" CHECK ("services"."rating_count" >= 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_rating_matches_count" CHECK (("services"."rating" = 0) = ("services"."rating_count" = 0));--> statement-breakpoint
-- custom SQL (hand-written) --
-- Decision 019: a service shows, filters and sorts by its own rating; the provider card shows the
-- provider's. Both are recomputed from the reviews table by the statement-level triggers below, in
-- the transaction that writes the review (so the POST /api/reviews transaction, and a bulk seed
-- insert alike, leave them in step).

-- The Bayesian and recommendation scores of a service now come from its own reviews; the
-- provider contributes only the verification bonus.
CREATE OR REPLACE FUNCTION locora_services_fill_provider_scores() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.rating, locora_rating_score(NEW.rating, NEW.rating_count), locora_recommend_score(NEW.rating, NEW.rating_count, p.gov_id_status)
    INTO NEW.provider_rating, NEW.rating_score, NEW.recommend_score
    FROM providers p WHERE p.id = NEW.provider_id;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER services_provider_scores ON services;--> statement-breakpoint
CREATE TRIGGER services_provider_scores BEFORE INSERT OR UPDATE OF provider_id, rating, rating_count ON services
  FOR EACH ROW EXECUTE FUNCTION locora_services_fill_provider_scores();--> statement-breakpoint

CREATE OR REPLACE FUNCTION locora_providers_propagate_scores() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET
    provider_rating = NEW.rating,
    recommend_score = locora_recommend_score(rating, rating_count, NEW.gov_id_status)
  WHERE provider_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint

-- Recomputes the rating (average, one decimal) and count of the given services and of their
-- providers from the reviews table. The providers' rows are locked first, in id order, so two
-- reviews of one provider's services take turns (the second then counts the first: each statement
-- below reads with a fresh snapshot), and no two transactions lock provider and services in
-- opposite orders. FOR NO KEY UPDATE does not block bookings, which take FOR KEY SHARE.
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
      FROM reviews rv WHERE rv.service_id = ANY(service_ids) GROUP BY rv.service_id
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
     WHERE s.provider_id = ANY(provider_ids) GROUP BY s.provider_id
  ) r ON r.provider_id = p2.id
  WHERE p.id = p2.id AND p2.id = ANY(provider_ids)
    AND (p.rating, p.rating_count) IS DISTINCT FROM (coalesce(r.avg_rating, 0), coalesce(r.n, 0));
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION locora_reviews_refresh_ratings() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT service_id) INTO ids FROM new_reviews;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT service_id) INTO ids FROM old_reviews;
  ELSE
    SELECT array_agg(DISTINCT x.service_id) INTO ids
      FROM (SELECT service_id FROM new_reviews UNION SELECT service_id FROM old_reviews) x;
  END IF;
  IF ids IS NOT NULL THEN PERFORM locora_refresh_ratings(ids); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER reviews_refresh_ratings_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION locora_reviews_refresh_ratings();--> statement-breakpoint
CREATE TRIGGER reviews_refresh_ratings_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION locora_reviews_refresh_ratings();--> statement-breakpoint
CREATE TRIGGER reviews_refresh_ratings_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION locora_reviews_refresh_ratings();--> statement-breakpoint

-- Backfill: every service and provider from the reviews that exist (this also recomputes the
-- services' rating and recommendation scores through services_provider_scores).
SELECT locora_refresh_ratings(coalesce(array_agg(id), '{}')) FROM services;--> statement-breakpoint
UPDATE services SET rating_count = rating_count;
