-- Providers in every city priced, charged and paid in their own currency (decision 047). Every
-- amount is an integer in the minor unit of its currency, with the currency's capital ISO 4217 code
-- beside it (src/shared/domain/currency.ts holds the seven codes and Stripe's rules).
--
-- A provider's currency: the one their payouts settle in. Existing providers take their connected
-- account's country, else the country of their time zone, else US dollars (src/shared/domain/connect.ts
-- countryOfTimeZone and currency.ts COUNTRY_CURRENCY, written out here once for the rows already there).
ALTER TABLE "providers" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "providers" p SET "currency" = CASE coalesce(
    (SELECT ca."country" FROM "connected_accounts" ca WHERE ca."provider_id" = p."id"),
    CASE
      WHEN p."time_zone" IN ('Europe/Lisbon', 'Atlantic/Madeira', 'Atlantic/Azores') THEN 'PT'
      WHEN p."time_zone" IN ('Europe/Madrid', 'Atlantic/Canary', 'Africa/Ceuta') THEN 'ES'
      WHEN p."time_zone" = 'Asia/Bangkok' THEN 'TH'
      WHEN p."time_zone" IN ('Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Asia/Pontianak') THEN 'ID'
      WHEN p."time_zone" = 'Asia/Tokyo' THEN 'JP'
      WHEN p."time_zone" IN ('America/Sao_Paulo', 'America/Fortaleza', 'America/Recife', 'America/Bahia',
        'America/Manaus', 'America/Belem', 'America/Noronha', 'America/Cuiaba', 'America/Campo_Grande',
        'America/Porto_Velho', 'America/Boa_Vista', 'America/Rio_Branco', 'America/Maceio',
        'America/Araguaina', 'America/Santarem', 'America/Eirunepe') THEN 'BR'
      WHEN p."time_zone" IN ('America/Mexico_City', 'America/Cancun', 'America/Merida', 'America/Monterrey',
        'America/Matamoros', 'America/Chihuahua', 'America/Ciudad_Juarez', 'America/Ojinaga',
        'America/Mazatlan', 'America/Bahia_Banderas', 'America/Hermosillo', 'America/Tijuana') THEN 'MX'
      ELSE 'US'
    END)
  WHEN 'JP' THEN 'JPY' WHEN 'TH' THEN 'THB' WHEN 'ID' THEN 'IDR' WHEN 'MX' THEN 'MXN' WHEN 'BR' THEN 'BRL'
  WHEN 'PT' THEN 'EUR' WHEN 'ES' THEN 'EUR' ELSE 'USD' END;--> statement-breakpoint
ALTER TABLE "providers" ALTER COLUMN "currency" SET DEFAULT 'USD';--> statement-breakpoint
ALTER TABLE "providers" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_currency" CHECK ("currency" IN ('USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL'));--> statement-breakpoint
-- What Stripe reports as the connected account's currency (the provider's currency follows it).
ALTER TABLE "connected_accounts" ADD COLUMN "default_currency" text;--> statement-breakpoint
-- Amounts in rupiah need more than 32 bits: Rp 21.474.836,47 is the largest int4 holds, less
-- than a day of some services. Every stored amount is a bigint (still an exact integer).
ALTER TABLE "services" ALTER COLUMN "price_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "amount_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "fee_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "application_fee_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "refunded_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "refund_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "stripe_fee_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "amount_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "fee_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "booking_payouts" ALTER COLUMN "amount_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "booking_payouts" ALTER COLUMN "reversed_after_payout_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_events" ALTER COLUMN "amount_cents" TYPE bigint;--> statement-breakpoint
ALTER TABLE "manual_settlements" ALTER COLUMN "amount_cents" TYPE bigint;--> statement-breakpoint
-- A service's price is in its own currency. Prices written before this were US cents, and stay so.
-- A new service without one takes its provider's currency (the trigger below).
ALTER TABLE "services" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "services" SET "currency" = 'USD';--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_currency" CHECK ("currency" IN ('USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL'));--> statement-breakpoint
-- A booking freezes the currency of its amounts at the request (its service's, unless given).
ALTER TABLE "bookings" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "bookings" SET "currency" = 'USD';--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_currency" CHECK ("currency" IN ('USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION locora_fill_currency() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.currency IS NULL THEN
    IF TG_TABLE_NAME = 'services' THEN
      SELECT p.currency INTO NEW.currency FROM providers p WHERE p.id = NEW.provider_id;
    ELSIF TG_TABLE_NAME = 'bookings' THEN
      SELECT s.currency INTO NEW.currency FROM services s WHERE s.id = NEW.service_id;
    ELSIF TG_TABLE_NAME = 'payments' THEN
      SELECT b.currency INTO NEW.currency FROM bookings b WHERE b.id = NEW.booking_id;
    END IF;
  END IF;
  NEW.currency := upper(NEW.currency);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "services_fill_currency" BEFORE INSERT OR UPDATE OF "currency" ON "services"
  FOR EACH ROW EXECUTE FUNCTION locora_fill_currency();--> statement-breakpoint
CREATE TRIGGER "bookings_fill_currency" BEFORE INSERT OR UPDATE OF "currency" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION locora_fill_currency();--> statement-breakpoint
-- Payments, disputes, payouts (and their history) and manual settlements keep capital codes too.
UPDATE "payments" SET "currency" = upper("currency");--> statement-breakpoint
UPDATE "disputes" SET "currency" = upper("currency");--> statement-breakpoint
UPDATE "booking_payouts" SET "currency" = upper("currency");--> statement-breakpoint
UPDATE "payout_events" SET "currency" = upper("currency");--> statement-breakpoint
UPDATE "manual_settlements" SET "currency" = upper("currency");--> statement-breakpoint
CREATE TRIGGER "payout_events_fill_currency" BEFORE INSERT OR UPDATE OF "currency" ON "payout_events"
  FOR EACH ROW EXECUTE FUNCTION locora_fill_currency();--> statement-breakpoint
CREATE TRIGGER "manual_settlements_fill_currency" BEFORE INSERT OR UPDATE OF "currency" ON "manual_settlements"
  FOR EACH ROW EXECUTE FUNCTION locora_fill_currency();--> statement-breakpoint
CREATE TRIGGER "payments_fill_currency" BEFORE INSERT OR UPDATE OF "currency" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION locora_fill_currency();--> statement-breakpoint
CREATE TRIGGER "disputes_fill_currency" BEFORE INSERT OR UPDATE OF "currency" ON "disputes"
  FOR EACH ROW EXECUTE FUNCTION locora_fill_currency();--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency" CHECK ("currency" IN ('USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL'));--> statement-breakpoint
-- What landed in the provider's Stripe balance for the charge (read from Stripe: the transfer's
-- destination payment and its balance transaction, in the account's currency, after Locora's fee).
-- The charged amount is amount_cents in currency; the settled one may be in another currency.
ALTER TABLE "payments" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "destination_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_amount" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_currency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_settled" CHECK (("settled_amount" IS NULL) = ("settled_currency" IS NULL) AND ("settled_amount" IS NULL OR "settled_amount" >= 0) AND ("settled_currency" IS NULL OR "settled_currency" IN ('USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL')));--> statement-breakpoint
CREATE INDEX "payments_settlement_unread_idx" ON "payments" USING btree ("updated_at") WHERE "settled_amount" IS NULL AND "destination_account_id" IS NOT NULL AND "status" = 'succeeded';--> statement-breakpoint
-- A payout is in the currency of what landed; until that is read from Stripe, its amount is not known.
ALTER TABLE "booking_payouts" ALTER COLUMN "amount_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payouts" ALTER COLUMN "currency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payouts" ADD CONSTRAINT "booking_payouts_amount_known" CHECK (("amount_cents" IS NULL) = ("currency" IS NULL));--> statement-breakpoint
CREATE TRIGGER "booking_payouts_fill_currency" BEFORE INSERT OR UPDATE OF "currency" ON "booking_payouts"
  FOR EACH ROW EXECUTE FUNCTION locora_fill_currency();
