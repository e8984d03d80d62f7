CREATE TABLE "search_cities" (
	"city_key" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "services_category_city_idx";--> statement-breakpoint
CREATE INDEX "search_cities_prefix_idx" ON "search_cities" USING btree ("city_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "services_category_city_rating_idx" ON "services" USING btree ("category_id","city_key","rating_score" DESC NULLS LAST,"id") WHERE "services"."is_active";--> statement-breakpoint
CREATE INDEX "services_category_city_recommend_idx" ON "services" USING btree ("category_id","city_key","recommend_score" DESC NULLS LAST,"id") WHERE "services"."is_active";--> statement-breakpoint
CREATE INDEX "services_category_city_price_idx" ON "services" USING btree ("category_id","city_key","price_cents","id") WHERE "services"."is_active";--> statement-breakpoint
-- The services trigger now also records each city in search_cities.
CREATE OR REPLACE FUNCTION locora_services_search() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  category_name text;
BEGIN
  SELECT c.name INTO category_name FROM categories c WHERE c.id = NEW.category_id;
  NEW.search :=
    setweight(to_tsvector('simple', locora_unaccent(coalesce(NEW.title, ''))), 'A') ||
    setweight(to_tsvector('simple', locora_unaccent(coalesce(category_name, ''))), 'B') ||
    setweight(to_tsvector('simple', locora_unaccent(coalesce(NEW.description, ''))), 'C') ||
    setweight(to_tsvector('simple', locora_unaccent(coalesce(NEW.city, ''))), 'D');
  INSERT INTO search_terms (term) SELECT unnest(tsvector_to_array(NEW.search)) ON CONFLICT DO NOTHING;
  INSERT INTO search_cities (city_key) VALUES (locora_unaccent(lower(coalesce(NEW.city, '')))) ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;--> statement-breakpoint
INSERT INTO search_cities (city_key) SELECT DISTINCT city_key FROM services WHERE city_key IS NOT NULL ON CONFLICT DO NOTHING;
