-- One job runner (decision 032): a claimed row carries the token of its claim. The due column
-- (payments.action_due_at, email_outbox.run_at) doubles as the lease's end while it is claimed;
-- only the holder of the token may renew or release the lease, or record the job's result.
ALTER TABLE "payments" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "lease_token" uuid;
