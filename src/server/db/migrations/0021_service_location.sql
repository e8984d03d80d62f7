-- Where a service happens: at the provider's place (its address), at a meeting point, or at the
-- traveler's address (src/shared/domain/service-location.ts). The exact address is shown to a
-- traveler only once their booking is confirmed; before that, the city and the area.
ALTER TABLE "services" ADD COLUMN "location_type" text DEFAULT 'traveler_address' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_location_type_check"
  CHECK ("location_type" IN ('provider_place', 'meeting_point', 'traveler_address'));--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "location_address" text;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_location_address_length"
  CHECK ("location_address" IS NULL OR char_length("location_address") <= 300);--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "location_area" text;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_location_area_length"
  CHECK ("location_area" IS NULL OR char_length("location_area") <= 100);--> statement-breakpoint
-- Existing services: tours start at a meeting point (its address is sent in the booking's thread
-- until the provider enters it); everything else comes to the traveler, as before.
UPDATE "services" SET "location_type" = 'meeting_point'
  WHERE "category_id" IN (SELECT "id" FROM "categories" WHERE "slug" = 'tours');
