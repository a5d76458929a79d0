CREATE INDEX "medical_reps_full_name_trgm_idx" ON "medical_reps" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_reps_email_trgm_idx" ON "medical_reps" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_reps_subscription_idx" ON "medical_reps" USING btree ("subscription_status","subscription_expires_at");