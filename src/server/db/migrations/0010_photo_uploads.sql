CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"keys" text[] NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_url_unique" UNIQUE("url"),
	CONSTRAINT "uploads_bytes_nonneg" CHECK ("uploads"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");--> statement-breakpoint
-- custom SQL (hand-written) --
-- The orphan sweeper asks, for each old upload, whether any row still names its URL: these
-- indexes make each question an index probe instead of a scan.
CREATE INDEX "services_photos_gin_idx" ON "services" USING gin ("photos");--> statement-breakpoint
CREATE INDEX "users_image_idx" ON "users" USING btree ("image") WHERE "image" LIKE '/uploads/%';--> statement-breakpoint
CREATE INDEX "providers_avatar_idx" ON "providers" USING btree ("avatar") WHERE "avatar" LIKE '/uploads/%';--> statement-breakpoint
-- Avatars stored before the registry existed become uploads of their user, so replacing one
-- lets the sweeper remove the old file (its size is unknown: counted as 0 bytes).
INSERT INTO "uploads" ("user_id", "url", "keys", "bytes")
SELECT "id", "image", ARRAY[substr("image", length('/uploads/') + 1)], 0
FROM "users"
WHERE "image" ~ '^/uploads/avatars/[0-9a-f-]{36}\.(png|jpg|webp)$'
ON CONFLICT ("url") DO NOTHING;
