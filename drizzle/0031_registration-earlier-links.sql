ALTER TABLE "pending_clinic_users" ADD COLUMN "earlier_links" jsonb;--> statement-breakpoint
ALTER TABLE "pending_medical_reps" ADD COLUMN "earlier_links" jsonb;