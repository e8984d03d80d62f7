-- A declined request can carry up to three other start times the provider offers (decision 065).
ALTER TABLE "bookings" ADD COLUMN "alternative_starts" timestamp with time zone[];--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_alternative_starts_max" CHECK ("bookings"."alternative_starts" is null or cardinality("bookings"."alternative_starts") between 1 and 3);
