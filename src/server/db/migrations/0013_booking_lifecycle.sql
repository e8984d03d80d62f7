CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text NOT NULL,
	"from_status" "booking_status",
	"to_status" "booking_status" NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_events_actor_role" CHECK ("booking_events"."actor_role" in ('TRAVELER', 'PROVIDER', 'SYSTEM')),
	CONSTRAINT "booking_events_system_has_no_user" CHECK (("booking_events"."actor_role" = 'SYSTEM') = ("booking_events"."actor_user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_created_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_live_end_idx" ON "bookings" USING btree ("end_at") WHERE "bookings"."status" in ('PENDING', 'CONFIRMED', 'PAID');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_idempotency_key" UNIQUE("user_id","idempotency_key");