ALTER TABLE "doctor_appointments" ADD COLUMN "check_in_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "online_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "seen_before_online_at" timestamp with time zone;