ALTER TABLE "admins" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "clinic_users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "medical_reps" ADD COLUMN "language" text;