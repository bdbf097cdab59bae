-- Extensions the schema and search need (DESIGN 5). All ship with PostgreSQL contrib and with
-- PGlite (loaded by the client factory); PostGIS is deliberately not used.
-- pg_trgm: trigram autocomplete on location names. unaccent: accent-insensitive matching
-- ("Plzen" finds "Plzeň"). btree_gist: lets GiST indexes combine scalar columns with points.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
