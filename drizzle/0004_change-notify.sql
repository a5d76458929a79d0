-- issue 10, docs/decisions/015-read-caches.md: each app instance keeps read caches and empties them when a
-- table they were read from changes. A statement trigger on each such table sends NOTIFY rv_changes with the
-- table's name at commit, so a write made by one instance (or by psql) reaches every other instance.
-- Session rows are only updated to record activity; only their deletion (sign-out, revocation) is sent.
CREATE OR REPLACE FUNCTION rv_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rv_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rv_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clinic_users FOR EACH STATEMENT EXECUTE FUNCTION rv_notify_change();
--> statement-breakpoint
CREATE TRIGGER rv_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON medical_reps FOR EACH STATEMENT EXECUTE FUNCTION rv_notify_change();
--> statement-breakpoint
CREATE TRIGGER rv_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON doctors FOR EACH STATEMENT EXECUTE FUNCTION rv_notify_change();
--> statement-breakpoint
CREATE TRIGGER rv_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clinic_doctors FOR EACH STATEMENT EXECUTE FUNCTION rv_notify_change();
--> statement-breakpoint
CREATE TRIGGER rv_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clinic_doctor_settings FOR EACH STATEMENT EXECUTE FUNCTION rv_notify_change();
--> statement-breakpoint
CREATE TRIGGER rv_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON doctor_appointments FOR EACH STATEMENT EXECUTE FUNCTION rv_notify_change();
--> statement-breakpoint
CREATE TRIGGER rv_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON doctor_day_closures FOR EACH STATEMENT EXECUTE FUNCTION rv_notify_change();
--> statement-breakpoint
CREATE TRIGGER rv_changes AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION rv_notify_change();
