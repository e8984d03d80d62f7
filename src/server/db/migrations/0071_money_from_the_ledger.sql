-- Stripe's processing fee in its own currency (decision 060, addendum): the charge's balance
-- transaction is in the currency of the balance it landed in (a euro charge on a US platform is in
-- dollars), and so is its fee. Kept with that currency and the transaction's amount (what the
-- charge added, in that currency, before the fee), so the fee is compared with Locora's in one
-- currency. Fees read before, whose currency was not kept, are read again.
ALTER TABLE "payments" ADD COLUMN "stripe_fee_currency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_balance_amount" bigint;--> statement-breakpoint
UPDATE "payments" SET "stripe_fee_cents" = NULL, "fee_due_at" = now(), "fee_attempts" = 0, "fee_error" = NULL
  WHERE "stripe_fee_cents" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_stripe_fee_currency" CHECK (("stripe_fee_cents" IS NULL) = ("stripe_fee_currency" IS NULL) AND ("stripe_fee_currency" IS NULL) = ("charge_balance_amount" IS NULL) AND ("stripe_fee_currency" IS NULL OR "stripe_fee_currency" in ('USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL')) AND ("charge_balance_amount" IS NULL OR "charge_balance_amount" > 0));--> statement-breakpoint
-- A provider's figures (Revenue, Earnings, the Payouts tab) sum their bookings' rows.
CREATE INDEX "ledger_entries_provider_idx" ON "ledger_entries" USING btree ("provider_id","booking_id");
