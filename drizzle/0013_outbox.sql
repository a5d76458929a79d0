CREATE TABLE "email_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"input" jsonb NOT NULL,
	"total" integer NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"expanded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"template_type" text NOT NULL,
	"admin_user" text,
	"recipient_id" integer,
	"recipient_email" text NOT NULL,
	"recipient_name" text,
	"subject" text NOT NULL,
	"body" jsonb,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"email_service" text,
	"replace_key" text,
	"job_id" uuid,
	"queued_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE status in ('queued', 'retrying', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_job_idx" ON "outbox" USING btree ("job_id","status") WHERE job_id is not null;--> statement-breakpoint
CREATE INDEX "outbox_replace_key_idx" ON "outbox" USING btree ("replace_key","status") WHERE replace_key is not null;--> statement-breakpoint
CREATE INDEX "outbox_email_id_idx" ON "outbox" USING btree ("id") WHERE channel = 'email';--> statement-breakpoint
CREATE INDEX "outbox_queued_at_idx" ON "outbox" USING btree ("queued_at");