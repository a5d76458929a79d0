ALTER TABLE "doctor_appointments" ADD COLUMN "awaits_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Visits that read 'Awaiting confirmation' before this column keep reading so (decision 053).
UPDATE "doctor_appointments" AS a SET "awaits_confirmation" = true FROM "clinic_doctor_settings" AS s WHERE s."clinic_id" = a."clinic_id" AND s."doctor_id" = a."doctor_id" AND s."requires_approval" AND a."status" = 'booked';
