-- Cities typed on a service that the place lexicon does not know, for an admin to map (decision 052).
CREATE TABLE "unmapped_places" (
	"place_key" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"first_service_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_city" text,
	CONSTRAINT "unmapped_places_key_check" CHECK (length("unmapped_places"."place_key") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "unmapped_places" ADD CONSTRAINT "unmapped_places_first_service_id_services_id_fk" FOREIGN KEY ("first_service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "unmapped_places_open_idx" ON "unmapped_places" USING btree ("created_at") WHERE "unmapped_places"."resolved_at" is null;
