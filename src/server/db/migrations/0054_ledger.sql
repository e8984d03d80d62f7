-- The money ledger (decision 058): one row per movement of a booking's money, from one holder to
-- another, in minor units of its currency, with Stripe's ids. Append-only: a trigger refuses every
-- UPDATE and DELETE, so a correction is a row of its own.
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE RESTRICT,
	"kind" text NOT NULL,
	"from_holder" text NOT NULL,
	"to_holder" text NOT NULL,
	"traveler_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE RESTRICT,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"stripe_object_id" text,
	"stripe_balance_transaction_id" text,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("amount" <> 0),
	CONSTRAINT "ledger_entries_currency" CHECK ("currency" in ('USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL')),
	CONSTRAINT "ledger_entries_kind" CHECK ("kind" in ('authorised', 'captured', 'fee', 'transfer', 'refund', 'transfer_reversal', 'fee_refund', 'payout', 'payout_failed', 'dispute_opened', 'dispute_won', 'dispute_lost', 'manual_adjustment'))
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id", "id");--> statement-breakpoint
CREATE INDEX "ledger_entries_object_idx" ON "ledger_entries" USING btree ("stripe_object_id") WHERE "stripe_object_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
