-- Trigram indexes for the admin lists' substring searches (docs/decisions/022). A trusted extension since PostgreSQL 13:
-- the database owner may create it; PGlite loads it from its contrib (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
