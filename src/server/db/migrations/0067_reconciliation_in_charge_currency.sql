-- Reconciliation in the charge's currency (decision 059, addendum): a balance transaction Stripe
-- converted into the platform's currency keeps its value in the currency the ledger records it in
-- (the charge's), and says how many of its minor units are rounding (a reversal in proportion).
ALTER TABLE "stripe_balance_transactions" ADD COLUMN "value_currency" text;--> statement-breakpoint
ALTER TABLE "stripe_balance_transactions" ADD COLUMN "value_slack" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_balance_transactions" ADD CONSTRAINT "stripe_balance_transactions_value_slack" CHECK ("value_slack" >= 0);
