-- A provider's share converted by Stripe on its way to their balance (decision 058, addendum):
-- out of the charge's currency, into the currency that landed.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK ("kind" in ('authorised', 'captured', 'fee', 'transfer', 'refund', 'transfer_reversal', 'fee_refund', 'payout', 'payout_failed', 'dispute_opened', 'dispute_won', 'dispute_lost', 'manual_adjustment', 'conversion_out', 'conversion_in'));
