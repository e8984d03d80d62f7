-- Records that cannot be lost (decision 006):
-- - services are soft-deleted (deleted_at) or paused by their provider (is_paused); the partial
--   search indexes now hold visible services only (active, not paused, not deleted);
-- - users are deactivated (deactivated_at), never deleted;
-- - nothing that records money or a conversation cascades: every foreign key but sessions' is
--   ON DELETE RESTRICT;
-- - bookings (service_id, provider_id) reference services (id, provider_id), and reviews
--   (booking_id, author_id) / (booking_id, service_id) reference bookings (id, user_id) /
--   (id, service_id). The unique keys they need come first. Existing rows are kept; adding the
--   keys validates them (a booking whose provider is not its service's stops the migration
--   rather than being dropped).
-- - a provider's time zone has no default: whoever creates the profile gives it.
ALTER TABLE "availability" DROP CONSTRAINT "availability_provider_id_providers_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_provider_id_providers_id_fk";
--> statement-breakpoint
ALTER TABLE "favorites" DROP CONSTRAINT "favorites_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "favorites" DROP CONSTRAINT "favorites_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "providers" DROP CONSTRAINT "providers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_provider_id_providers_id_fk";
--> statement-breakpoint
DROP INDEX "services_active_created_idx";--> statement-breakpoint
DROP INDEX "services_active_recommend_idx";--> statement-breakpoint
DROP INDEX "services_active_rating_idx";--> statement-breakpoint
DROP INDEX "services_active_price_idx";--> statement-breakpoint
DROP INDEX "services_active_provider_rating_idx";--> statement-breakpoint
DROP INDEX "services_city_key_idx";--> statement-breakpoint
DROP INDEX "services_category_city_rating_idx";--> statement-breakpoint
DROP INDEX "services_category_city_recommend_idx";--> statement-breakpoint
DROP INDEX "services_category_city_price_idx";--> statement-breakpoint
DROP INDEX "services_category_recommend_idx";--> statement-breakpoint
DROP INDEX "services_category_rating_idx";--> statement-breakpoint
DROP INDEX "services_category_price_idx";--> statement-breakpoint
ALTER TABLE "providers" ALTER COLUMN "time_zone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_id_user_id_key" UNIQUE("id","user_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_id_service_id_key" UNIQUE("id","service_id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_id_provider_id_key" UNIQUE("id","provider_id");--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_provider_fk" FOREIGN KEY ("service_id","provider_id") REFERENCES "public"."services"("id","provider_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_author_fk" FOREIGN KEY ("booking_id","author_id") REFERENCES "public"."bookings"("id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_service_fk" FOREIGN KEY ("booking_id","service_id") REFERENCES "public"."bookings"("id","service_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_visible_created_idx" ON "services" USING btree ("created_at") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_visible_recommend_idx" ON "services" USING btree ("recommend_score" DESC NULLS LAST,"id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_visible_rating_idx" ON "services" USING btree ("rating_score" DESC NULLS LAST,"id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_visible_price_idx" ON "services" USING btree ("price_cents","id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_visible_provider_rating_idx" ON "services" USING btree ("provider_rating") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_city_key_idx" ON "services" USING btree ("city_key" text_pattern_ops) WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_category_city_rating_idx" ON "services" USING btree ("category_id","city_key","rating_score" DESC NULLS LAST,"id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_category_city_recommend_idx" ON "services" USING btree ("category_id","city_key","recommend_score" DESC NULLS LAST,"id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_category_city_price_idx" ON "services" USING btree ("category_id","city_key","price_cents","id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_category_recommend_idx" ON "services" USING btree ("category_id","recommend_score" DESC NULLS LAST,"id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_category_rating_idx" ON "services" USING btree ("category_id","rating_score" DESC NULLS LAST,"id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);--> statement-breakpoint
CREATE INDEX "services_category_price_idx" ON "services" USING btree ("category_id","price_cents","id") WHERE ("services"."is_active" and not "services"."is_paused" and "services"."deleted_at" is null);
