ALTER TABLE "clinic_users" ADD COLUMN "verified_link_hash" text;--> statement-breakpoint
ALTER TABLE "medical_reps" ADD COLUMN "verified_link_hash" text;--> statement-breakpoint
CREATE INDEX "clinic_users_verified_link_idx" ON "clinic_users" USING btree ("verified_link_hash");--> statement-breakpoint
CREATE INDEX "medical_reps_verified_link_idx" ON "medical_reps" USING btree ("verified_link_hash");