-- What drizzle-kit cannot express: the booking overlap constraint and the triggers that keep
-- each service's copy of its provider's standing in step.

-- The database itself refuses two live bookings of one provider that overlap in time.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("provider_id" WITH =, tstzrange("start_at", "end_at") WITH &&)
  WHERE ("status" IN ('PENDING', 'CONFIRMED', 'PAID'));--> statement-breakpoint

-- Bayesian average: n reviews averaging `rating`, pulled towards a prior of 3.5 worth 5 reviews,
-- so one 5-star review (4.0) does not beat forty 4.8s (4.67).
CREATE OR REPLACE FUNCTION locora_rating_score(rating numeric, n integer) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ((coalesce(n, 0) * coalesce(rating, 0) + 5 * 3.5) / (coalesce(n, 0) + 5))::real $$;--> statement-breakpoint

-- Recommendation base score: the Bayesian rating plus 0.3 for a verified (APPROVED) provider.
CREATE OR REPLACE FUNCTION locora_recommend_score(rating numeric, n integer, status gov_id_status) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (locora_rating_score(rating, n) + CASE WHEN status = 'APPROVED' THEN 0.3 ELSE 0 END)::real $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION locora_services_fill_provider_scores() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.rating, locora_rating_score(p.rating, p.rating_count), locora_recommend_score(p.rating, p.rating_count, p.gov_id_status)
    INTO NEW.provider_rating, NEW.rating_score, NEW.recommend_score
    FROM providers p WHERE p.id = NEW.provider_id;
  RETURN NEW;
END $$;--> statement-breakpoint

CREATE TRIGGER services_provider_scores BEFORE INSERT OR UPDATE OF provider_id ON services
  FOR EACH ROW EXECUTE FUNCTION locora_services_fill_provider_scores();--> statement-breakpoint

CREATE OR REPLACE FUNCTION locora_providers_propagate_scores() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET
    provider_rating = NEW.rating,
    rating_score = locora_rating_score(NEW.rating, NEW.rating_count),
    recommend_score = locora_recommend_score(NEW.rating, NEW.rating_count, NEW.gov_id_status)
  WHERE provider_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER providers_propagate_scores AFTER UPDATE OF rating, rating_count, gov_id_status ON providers
  FOR EACH ROW
  WHEN (OLD.rating IS DISTINCT FROM NEW.rating OR OLD.rating_count IS DISTINCT FROM NEW.rating_count OR OLD.gov_id_status IS DISTINCT FROM NEW.gov_id_status)
  EXECUTE FUNCTION locora_providers_propagate_scores();
--> statement-breakpoint

-- Full-text vector of a service: title A, category name B, description C, city D, accent-free.
-- Its words also go to search_terms, the lexicon typo correction searches.
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
  RETURN NEW;
END $$;--> statement-breakpoint

CREATE TRIGGER services_search BEFORE INSERT OR UPDATE OF title, description, city, category_id ON services
  FOR EACH ROW EXECUTE FUNCTION locora_services_search();--> statement-breakpoint

-- Renaming a category re-indexes its services (touching category_id fires services_search).
CREATE OR REPLACE FUNCTION locora_categories_reindex() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET category_id = category_id WHERE category_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER categories_reindex AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION locora_categories_reindex();
