CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"counts" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medical_reps" ADD COLUMN "push_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_reps" ADD COLUMN "renewal_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_reps" ADD COLUMN "calendar_feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "medical_reps" ADD COLUMN "calendar_feed_created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_runs_name_started_idx" ON "job_runs" USING btree ("name","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_kind_subject_recipient_uq" ON "reminders_sent" USING btree ("kind","subject_key","recipient");--> statement-breakpoint
CREATE INDEX "reminders_sent_sent_at_idx" ON "reminders_sent" USING btree ("sent_at");--> statement-breakpoint
ALTER TABLE "medical_reps" ADD CONSTRAINT "medical_reps_calendar_feed_token_hash_unique" UNIQUE("calendar_feed_token_hash");