-- The current definition of every SQL function of the database, in one place.
--
-- Migrations are history: a function redefined in a later migration has its current text there.
-- This file is the present: when a function changes, change it here and copy the new text into the
-- new migration (CREATE OR REPLACE). src/server/db/functions.test.ts checks that a migrated
-- database holds exactly the functions below, each with the body written here.
-- Triggers call the trigger functions; their CREATE TRIGGER statements are in the migrations.

CREATE OR REPLACE FUNCTION locora_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE OR REPLACE FUNCTION locora_rating_score(rating numeric, n integer) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ((coalesce(n, 0) * coalesce(rating, 0) + 5 * 3.5) / (coalesce(n, 0) + 5))::real $$;

CREATE OR REPLACE FUNCTION locora_recommend_score(rating numeric, n integer, status gov_id_status) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (locora_rating_score(rating, n) + CASE WHEN status = 'APPROVED' THEN 0.3 ELSE 0 END)::real $$;

CREATE OR REPLACE FUNCTION locora_services_fill_provider_scores() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.rating, locora_rating_score(NEW.rating, NEW.rating_count), locora_recommend_score(NEW.rating, NEW.rating_count, p.gov_id_status)
    INTO NEW.provider_rating, NEW.rating_score, NEW.recommend_score
    FROM providers p WHERE p.id = NEW.provider_id;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION locora_providers_propagate_scores() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET
    provider_rating = NEW.rating,
    recommend_score = locora_recommend_score(rating, rating_count, NEW.gov_id_status)
  WHERE provider_id = NEW.id;
  RETURN NULL;
END $$;

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
END $$;

CREATE OR REPLACE FUNCTION locora_categories_reindex() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET category_id = category_id WHERE category_id = NEW.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION locora_bookings_service_not_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM services WHERE id = NEW.service_id AND deleted_at IS NULL FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'service % is deleted', NEW.service_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_service_not_deleted';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE FUNCTION locora_place_key(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(locora_unaccent(lower(t)), '[[:space:][:punct:]]+', ' ', 'g')) $$;

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
END $$;

-- The instant an unanswered PENDING booking stops holding its time (respondBy in
-- src/shared/domain/booking-machine.ts): 15 minutes after an unpaid request to be paid by card was
-- made, else 24 hours after the provider could see it (authorisation, or creation); never after its start.
CREATE OR REPLACE FUNCTION locora_respond_by(start_at timestamptz, created_at timestamptz, authorised_at timestamptz, payment_required boolean) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT least(CASE WHEN payment_required AND authorised_at IS NULL THEN created_at + interval '15 minutes' ELSE coalesce(authorised_at, created_at) + interval '24 hours' END, start_at) $$;

-- A booking's status as of "as_of" (effectiveStatus in src/shared/domain/booking-machine.ts, held to the
-- same answers by src/server/db/effective-status.test.ts): a PENDING booking past its respond-by
-- time is CANCELED, a CONFIRMED or PAID one past its end is COMPLETED.
CREATE OR REPLACE FUNCTION locora_effective_status(status booking_status, start_at timestamptz, end_at timestamptz, created_at timestamptz, authorised_at timestamptz, payment_required boolean, as_of timestamptz) RETURNS booking_status
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN status = 'PENDING' AND as_of >= locora_respond_by(start_at, created_at, authorised_at, payment_required) THEN 'CANCELED'::booking_status WHEN status IN ('CONFIRMED', 'PAID') AND as_of >= end_at THEN 'COMPLETED'::booking_status ELSE status END $$;

-- Every amount's currency is a capital ISO 4217 code (decision 047). A service inserted without
-- one takes its provider's currency, a booking its service's, a payment its booking's; payments,
-- disputes and payouts keep Stripe's lower-case codes as capitals.
CREATE OR REPLACE FUNCTION locora_fill_currency() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.currency IS NULL THEN
    IF TG_TABLE_NAME = 'services' THEN
      SELECT p.currency INTO NEW.currency FROM providers p WHERE p.id = NEW.provider_id;
    ELSIF TG_TABLE_NAME = 'bookings' THEN
      SELECT s.currency INTO NEW.currency FROM services s WHERE s.id = NEW.service_id;
    ELSIF TG_TABLE_NAME = 'payments' THEN
      SELECT b.currency INTO NEW.currency FROM bookings b WHERE b.id = NEW.booking_id;
    END IF;
  END IF;
  NEW.currency := upper(NEW.currency);
  RETURN NEW;
END $$;

-- Normalised prices across currencies (migration 0036, decision 049).
CREATE OR REPLACE FUNCTION locora_currency_exponent(currency text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  -- The ISO 4217 exponents of shared/domain/currency.ts (the yen has none); a test holds them equal.
  AS $$ SELECT CASE currency WHEN 'JPY' THEN 0 ELSE 2 END $$;

CREATE OR REPLACE FUNCTION locora_normalised_price(amount bigint, currency text) RETURNS bigint
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT round(
      amount::numeric * 1000000 / (10::numeric ^ locora_currency_exponent(currency))
        / coalesce(
            (SELECT r.per_euro FROM exchange_rates r WHERE r.currency = locora_normalised_price.currency
              ORDER BY r.rate_date DESC LIMIT 1),
            1)
    )::bigint
  $$;

CREATE OR REPLACE FUNCTION locora_services_price_normalised() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.price_normalised := locora_normalised_price(NEW.price_cents, NEW.currency);
  RETURN NEW;
END
$$;
