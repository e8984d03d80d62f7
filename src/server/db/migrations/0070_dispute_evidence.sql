-- Evidence an admin answered a dispute with (submitted to Stripe): when, and the text sent.
ALTER TABLE "disputes" ADD COLUMN "evidence_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "evidence_text" text;
