-- docs/decisions/016-keyed-read-caches.md: writers now announce the cache keys they change themselves
-- (pg_notify on channel rv_cache, in their own transaction), so the table-wide notifications of migration
-- 0004 go.
DROP TRIGGER IF EXISTS rv_changes ON clinic_users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS rv_changes ON medical_reps;
--> statement-breakpoint
DROP TRIGGER IF EXISTS rv_changes ON doctors;
--> statement-breakpoint
DROP TRIGGER IF EXISTS rv_changes ON clinic_doctors;
--> statement-breakpoint
DROP TRIGGER IF EXISTS rv_changes ON clinic_doctor_settings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS rv_changes ON doctor_appointments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS rv_changes ON doctor_day_closures;
--> statement-breakpoint
DROP TRIGGER IF EXISTS rv_changes ON sessions;
--> statement-breakpoint
DROP FUNCTION IF EXISTS rv_notify_change();
