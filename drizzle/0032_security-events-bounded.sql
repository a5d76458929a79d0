ALTER TABLE "security_events" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "repeat_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "security_events_repeat_key_uq" ON "security_events" USING btree ("repeat_key");--> statement-breakpoint
-- The audit trail's purge flag opens a DELETE of rows past the kept 400 days only (docs/decisions/042-admin-team.md,
-- 049-security-events-bounded.md): a session that sets repvisit.audit_purge itself still cannot remove a younger row.
-- The age is judged by the database's clock at the transaction's start; the nightly purge deletes by its own clock,
-- the same instant in production, so only a row it would not purge is refused.
CREATE OR REPLACE FUNCTION "admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('repvisit.audit_purge', true) = 'on' AND OLD."at" < now() - interval '400 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP;
END
$$;
