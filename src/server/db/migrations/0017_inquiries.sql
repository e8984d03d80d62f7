CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"traveler_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_booking_id_key" UNIQUE("booking_id"),
	CONSTRAINT "conversations_id_booking_id_key" UNIQUE("id","booking_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_traveler_id_users_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_service_provider_fk" FOREIGN KEY ("service_id","provider_id") REFERENCES "public"."services"("id","provider_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_booking_user_fk" FOREIGN KEY ("booking_id","traveler_id") REFERENCES "public"."bookings"("id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_booking_service_fk" FOREIGN KEY ("booking_id","service_id") REFERENCES "public"."bookings"("id","service_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_open_inquiry_key" ON "conversations" USING btree ("traveler_id","service_id") WHERE "conversations"."booking_id" is null;--> statement-breakpoint
CREATE INDEX "conversations_provider_idx" ON "conversations" USING btree ("provider_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_booking_fk" FOREIGN KEY ("conversation_id","booking_id") REFERENCES "public"."conversations"("id","booking_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at") WHERE "messages"."conversation_id" is not null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_has_thread" CHECK ("messages"."booking_id" is not null or "messages"."conversation_id" is not null);--> statement-breakpoint
-- Decision 025: when a traveler books a service they asked about, their open inquiry about it
-- becomes the booking's thread, in the booking's own transaction (whichever code inserts it).
CREATE FUNCTION locora_attach_inquiry_to_booking() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  inquiry uuid;
BEGIN
  UPDATE conversations SET booking_id = NEW.id
   WHERE traveler_id = NEW.user_id AND service_id = NEW.service_id AND booking_id IS NULL
   RETURNING id INTO inquiry;
  IF inquiry IS NOT NULL THEN
    UPDATE messages SET booking_id = NEW.id WHERE conversation_id = inquiry AND booking_id IS NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_attach_inquiry AFTER INSERT ON bookings
  FOR EACH ROW EXECUTE FUNCTION locora_attach_inquiry_to_booking();
