-- Prices normalised across currencies (decision 049): each service's price in millionths of a euro
-- at the latest stored ECB rate of its currency, so one index per sort orders prices in every
-- traveler's currency (converting from euros multiplies by a positive rate: the order is the
-- same). A currency with no stored rate yet is compared at par until its first rate arrives.
CREATE FUNCTION locora_currency_exponent(currency text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  -- The ISO 4217 exponents of shared/domain/currency.ts (the yen has none); a test holds them equal.
  AS $$ SELECT CASE currency WHEN 'JPY' THEN 0 ELSE 2 END $$;
--> statement-breakpoint
CREATE FUNCTION locora_normalised_price(amount bigint, currency text) RETURNS bigint
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
--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_date_idx" ON "exchange_rates" ("currency", "rate_date" DESC);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "price_normalised" bigint;
--> statement-breakpoint
CREATE FUNCTION locora_services_price_normalised() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.price_normalised := locora_normalised_price(NEW.price_cents, NEW.currency);
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE "services" s SET "price_normalised" = locora_normalised_price(s.price_cents, s.currency);
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "price_normalised" SET NOT NULL;
--> statement-breakpoint
-- Fires after services_fill_currency (a table's BEFORE triggers fire in name order), so the
-- currency a new service takes from its provider is the one its price is normalised in.
CREATE TRIGGER services_price_normalised BEFORE INSERT OR UPDATE OF price_cents, currency ON services
  FOR EACH ROW EXECUTE FUNCTION locora_services_price_normalised();
--> statement-breakpoint
DROP INDEX "services_visible_price_idx";
--> statement-breakpoint
DROP INDEX "services_category_city_price_idx";
--> statement-breakpoint
DROP INDEX "services_category_price_idx";
--> statement-breakpoint
CREATE INDEX "services_visible_price_idx" ON "services" USING btree ("price_normalised","id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);
--> statement-breakpoint
CREATE INDEX "services_category_city_price_idx" ON "services" USING btree ("category_id","city_key","price_normalised","id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);
--> statement-breakpoint
CREATE INDEX "services_category_price_idx" ON "services" USING btree ("category_id","price_normalised","id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);
--> statement-breakpoint
-- Which day's rates every service's normalised price was last refreshed with (the refresh job's mark).
ALTER TABLE "exchange_rate_feed" ADD COLUMN "normalised_for" date;
