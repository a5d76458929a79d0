ALTER TABLE "clinic_doctor_settings" ADD COLUMN "visit_windows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_doctor_settings" ADD COLUMN "slot_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD COLUMN "start_time" text;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_appointments_visit_time_uq" ON "doctor_appointments" USING btree ("clinic_id","doctor_id","appointment_date","start_time") WHERE "doctor_appointments"."status" <> 'cancelled' and "doctor_appointments"."start_time" is not null;--> statement-breakpoint
ALTER TABLE "clinic_doctor_settings" ADD CONSTRAINT "clinic_doctor_settings_slot_minutes_ck" CHECK ("clinic_doctor_settings"."slot_minutes" between 5 and 60);--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD CONSTRAINT "doctor_appointments_start_time_ck" CHECK ("doctor_appointments"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');