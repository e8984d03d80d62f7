CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "gov_id_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "id_document_key" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "id_document_mime" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "id_document_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_id_document_shape" CHECK (("providers"."id_document_key" is null) = ("providers"."id_document_mime" is null) and ("providers"."id_document_key" is null) = ("providers"."id_document_uploaded_at" is null));--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_id_document_mime" CHECK ("providers"."id_document_mime" is null or "providers"."id_document_mime" in ('image/jpeg', 'image/png', 'application/pdf'));