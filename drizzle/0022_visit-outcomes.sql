CREATE TABLE "clinic_check_in_secrets" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinic_doctor_settings" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD COLUMN "outcome_by" text;--> statement-breakpoint
ALTER TABLE "clinic_check_in_secrets" ADD CONSTRAINT "clinic_check_in_secrets_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_appointments_checked_in_open_idx" ON "doctor_appointments" USING btree ("appointment_date") WHERE "doctor_appointments"."checked_in_at" is not null and "doctor_appointments"."status" in ('booked', 'confirmed');--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD CONSTRAINT "doctor_appointments_status_ck" CHECK ("doctor_appointments"."status" in ('booked', 'confirmed', 'completed', 'no_show', 'cancelled'));