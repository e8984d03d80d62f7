-- Decision 031: one booking state machine (src/shared/domain/booking-machine.ts).
ALTER TABLE "bookings" ADD COLUMN "authorised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- History in real time: the instant of the insert, not the transaction's start, and a sequence.
ALTER TABLE "booking_events" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint
CREATE INDEX "booking_events_booking_seq_idx" ON "booking_events" USING btree ("booking_id","seq");--> statement-breakpoint
-- A booking whose card was authorised (or taken) before this change: its answer clock started then.
UPDATE bookings b SET authorised_at = coalesce(p.updated_at, p.created_at)
  FROM payments p
 WHERE p.booking_id = b.id AND p.status IN ('requires_capture', 'processing', 'succeeded', 'refunded');--> statement-breakpoint
-- A booking shown REFUNDED while its refund was still owed is CANCELED with the refund pending.
UPDATE bookings b SET status = 'CANCELED', refund_pending = true
  FROM payments p
 WHERE p.booking_id = b.id AND b.status = 'REFUNDED' AND p.pending_action = 'refund';--> statement-breakpoint
-- The inquiry becomes the booking's thread in the request's own code (features/bookings/request.ts).
DROP TRIGGER "bookings_attach_inquiry" ON "bookings";--> statement-breakpoint
DROP FUNCTION locora_attach_inquiry_to_booking();--> statement-breakpoint
-- The instant an unanswered PENDING booking stops holding its time (respondBy in
-- src/shared/domain/booking-machine.ts): 15 minutes after an unpaid request to be paid by card was
-- made, else 24 hours after the provider could see it (authorisation, or creation); never after its start.
CREATE OR REPLACE FUNCTION locora_respond_by(start_at timestamptz, created_at timestamptz, authorised_at timestamptz, payment_required boolean) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT least(CASE WHEN payment_required AND authorised_at IS NULL THEN created_at + interval '15 minutes' ELSE coalesce(authorised_at, created_at) + interval '24 hours' END, start_at) $$;--> statement-breakpoint

-- A booking's status as of "as_of" (effectiveStatus in src/shared/domain/booking-machine.ts, held to the
-- same answers by src/server/db/effective-status.test.ts): a PENDING booking past its respond-by
-- time is CANCELED, a CONFIRMED or PAID one past its end is COMPLETED.
CREATE OR REPLACE FUNCTION locora_effective_status(status booking_status, start_at timestamptz, end_at timestamptz, created_at timestamptz, authorised_at timestamptz, payment_required boolean, as_of timestamptz) RETURNS booking_status
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN status = 'PENDING' AND as_of >= locora_respond_by(start_at, created_at, authorised_at, payment_required) THEN 'CANCELED'::booking_status WHEN status IN ('CONFIRMED', 'PAID') AND as_of >= end_at THEN 'COMPLETED'::booking_status ELSE status END $$;
