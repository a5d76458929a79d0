ALTER TABLE "pending_clinic_users" ADD COLUMN "registration_token_hash" text;--> statement-breakpoint
ALTER TABLE "pending_medical_reps" ADD COLUMN "registration_token_hash" text;