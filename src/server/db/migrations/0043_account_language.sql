-- The language an account reads Locora in (the language menu, decision 055): its emails are
-- written in it. The codes are the app's locales (src/shared/domain/locales.ts).
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("language" IN ('en', 'es', 'pt-BR', 'pt-PT', 'ja', 'th', 'id'));
