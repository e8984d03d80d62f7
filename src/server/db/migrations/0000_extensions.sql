-- Extensions and helpers the schema relies on. PGlite must be opened with the same
-- extensions (see src/server/db/open.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE; this wrapper pins the dictionary so it can be IMMUTABLE and
-- therefore usable in generated columns and index expressions.
CREATE OR REPLACE FUNCTION locora_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
