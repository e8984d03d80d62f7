DROP INDEX "services_city_norm_idx";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "city_key" text GENERATED ALWAYS AS (locora_unaccent(lower(city))) STORED;--> statement-breakpoint
CREATE INDEX "services_city_key_idx" ON "services" USING btree ("city_key" text_pattern_ops) WHERE "services"."is_active";--> statement-breakpoint
CREATE INDEX "services_category_recommend_idx" ON "services" USING btree ("category_id","recommend_score" DESC NULLS LAST,"id") WHERE "services"."is_active";--> statement-breakpoint
CREATE INDEX "services_category_rating_idx" ON "services" USING btree ("category_id","rating_score" DESC NULLS LAST,"id") WHERE "services"."is_active";--> statement-breakpoint
CREATE INDEX "services_category_price_idx" ON "services" USING btree ("category_id","price_cents","id") WHERE "services"."is_active";