-- A password reset link stops working when the account's password or email address changes, or
-- when a newer reset link is used (decision 034): `revoked_at` records when, so the link can say why.
ALTER TABLE "auth_tokens" ADD COLUMN "revoked_at" timestamp with time zone;
