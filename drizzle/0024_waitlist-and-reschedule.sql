CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"rep_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"held_start_time" text,
	"appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_ck" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'accepted', 'declined', 'expired')),
	CONSTRAINT "waitlist_entries_offer_ck" CHECK ("waitlist_entries"."status" <> 'offered' or "waitlist_entries"."offer_expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_rep_id_medical_reps_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."medical_reps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_doctor_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."doctor_appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_open_uq" ON "waitlist_entries" USING btree ("rep_id","clinic_id","doctor_id","date") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_day_idx" ON "waitlist_entries" USING btree ("clinic_id","doctor_id","date","id") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_open_date_idx" ON "waitlist_entries" USING btree ("date") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_rep_date_idx" ON "waitlist_entries" USING btree ("rep_id","date");