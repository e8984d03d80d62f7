CREATE TABLE "place_aliases" (
	"alias" text NOT NULL,
	"alias_key" text GENERATED ALWAYS AS (btrim(regexp_replace(locora_unaccent(lower(alias)), '[[:space:][:punct:]]+', ' ', 'g'))) STORED NOT NULL,
	"city" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "place_aliases_alias_key_city_pk" PRIMARY KEY("alias_key","city"),
	CONSTRAINT "place_aliases_kind_check" CHECK ("place_aliases"."kind" in ('alias', 'area')),
	CONSTRAINT "place_aliases_alias_check" CHECK (length(btrim("place_aliases"."alias")) between 1 and 100)
);
--> statement-breakpoint
CREATE INDEX "place_aliases_trgm_idx" ON "place_aliases" USING gin ("alias_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "place_aliases_prefix_idx" ON "place_aliases" USING btree ("alias_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_cities_trgm_idx" ON "search_cities" USING gin ("city_key" gin_trgm_ops);--> statement-breakpoint
-- custom SQL (hand-written) --
-- A typed place as place_aliases.alias_key holds it (decision 016): lower-cased, without accents,
-- each run of punctuation or spaces one space.
CREATE OR REPLACE FUNCTION locora_place_key(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(locora_unaccent(lower(t)), '[[:space:][:punct:]]+', ' ', 'g')) $$;
