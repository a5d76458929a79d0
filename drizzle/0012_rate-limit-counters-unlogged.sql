-- Rate-limit counters need no crash safety (docs/decisions/012-performance-and-scaling.md, amended 2026-11-23):
-- an unlogged table writes no WAL, so a counted hit (one upsert per rate-limited request, a booking's among them)
-- no longer waits for a WAL flush. After a crash PostgreSQL empties the table: every budget starts again, at
-- most one window early.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
