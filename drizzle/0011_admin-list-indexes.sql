DROP INDEX "doctor_appointments_date_idx";--> statement-breakpoint
CREATE INDEX "clinic_users_clinic_name_trgm_idx" ON "clinic_users" USING gin ("clinic_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clinic_users_email_trgm_idx" ON "clinic_users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clinic_users_contact_person_trgm_idx" ON "clinic_users" USING gin ("contact_person" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "doctor_appointments_date_id_idx" ON "doctor_appointments" USING btree ("appointment_date","id");--> statement-breakpoint
CREATE INDEX "doctor_appointments_status_date_id_idx" ON "doctor_appointments" USING btree ("status","appointment_date","id");--> statement-breakpoint
CREATE INDEX "doctor_appointments_doctor_date_id_idx" ON "doctor_appointments" USING btree ("doctor_id","appointment_date","id");--> statement-breakpoint
CREATE INDEX "doctors_name_id_idx" ON "doctors" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "doctors_name_trgm_idx" ON "doctors" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);