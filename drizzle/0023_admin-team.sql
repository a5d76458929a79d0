CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"admin_name" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "admin_enrolment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_enrolment_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "admin_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"enrolled_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_role_ck" CHECK ("admins"."role" in ('owner', 'staff')),
	CONSTRAINT "admins_email_lower_ck" CHECK ("admins"."email" = lower("admins"."email"))
);
--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "email_jobs" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "admin_enrolment_links" ADD CONSTRAINT "admin_enrolment_links_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_idx" ON "admin_audit_log" USING btree ("admin_id","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_at_idx" ON "admin_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "admin_enrolment_links_admin_idx" ON "admin_enrolment_links" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_admin_idx" ON "admin_recovery_codes" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_uq" ON "admins" USING btree ("email");--> statement-breakpoint
CREATE INDEX "security_events_type_id_idx" ON "security_events" USING btree ("event_type","id");--> statement-breakpoint
CREATE INDEX "security_events_level_id_idx" ON "security_events" USING btree ("threat_level","id");--> statement-breakpoint
-- The audit trail is append-only (docs/decisions/042-admin-team.md): no UPDATE, no TRUNCATE, and a DELETE only from the
-- nightly purge, which says so for its own transaction (set_config('repvisit.audit_purge', 'on', true)) and removes rows
-- past the kept year. The app never changes a row; this keeps a slip of code or a hand-typed statement from doing it.
CREATE FUNCTION "admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('repvisit.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_append_only" BEFORE UPDATE OR DELETE ON "admin_audit_log" FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_truncate" BEFORE TRUNCATE ON "admin_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_log_append_only"();
