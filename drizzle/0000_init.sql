CREATE TABLE "admin_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_doctor_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"doctor_name" text NOT NULL,
	"max_slots" integer DEFAULT 3 NOT NULL,
	"call_frequency" integer DEFAULT 7 NOT NULL,
	"available_days" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_name" text NOT NULL,
	"contact_person" text NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"contact_number" text NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"verification_otp" text,
	"otp_expiry" timestamp with time zone,
	"otp_attempts" integer DEFAULT 0 NOT NULL,
	"device_fingerprint" text,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"terms_version" text,
	"status" text DEFAULT 'active' NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"sms_notifications" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"doctor_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"rep_id" integer NOT NULL,
	"appointment_date" date NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"cancel_reason" text,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"specialty" text NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"created_by_clinic_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_user" text,
	"recipient_id" integer,
	"recipient_email" text NOT NULL,
	"recipient_name" text,
	"subject" text NOT NULL,
	"template_type" text NOT NULL,
	"status" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_message" text,
	"email_service" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"rep_id" integer NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_reps" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"company" text NOT NULL,
	"state" text NOT NULL,
	"password" text NOT NULL,
	"device_fingerprint" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"verification_otp" text,
	"otp_expiry" timestamp with time zone,
	"otp_attempts" integer DEFAULT 0 NOT NULL,
	"subscription_id" text,
	"subscription_status" text DEFAULT 'inactive' NOT NULL,
	"subscription_expires_at" timestamp with time zone,
	"free_trial_used_at" timestamp with time zone,
	"reset_token" text,
	"reset_token_expires" timestamp with time zone,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"terms_version" text,
	"push_subscription" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type" text NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "pending_clinic_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_name" text NOT NULL,
	"contact_person" text NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"contact_number" text NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"device_fingerprint" text,
	"verification_otp" text NOT NULL,
	"otp_expiry" timestamp with time zone NOT NULL,
	"otp_attempts" integer DEFAULT 0 NOT NULL,
	"verify_token_hash" text,
	"verify_token_expiry" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_medical_reps" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"company" text NOT NULL,
	"state" text NOT NULL,
	"password" text NOT NULL,
	"device_fingerprint" text,
	"verification_otp" text NOT NULL,
	"otp_expiry" timestamp with time zone NOT NULL,
	"otp_attempts" integer DEFAULT 0 NOT NULL,
	"verify_token_hash" text,
	"verify_token_expiry" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_update_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"rep_id" integer NOT NULL,
	"update_type" text NOT NULL,
	"new_value" text,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" integer,
	"user_type" text,
	"request_path" text,
	"request_method" text,
	"threat_level" text DEFAULT 'low' NOT NULL,
	"details" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_type" text NOT NULL,
	"user_id" integer NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"rep_id" integer NOT NULL,
	"plan_type" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"receipt" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "subscription_orders_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "subscription_orders_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "clinic_doctor_settings" ADD CONSTRAINT "clinic_doctor_settings_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doctor_settings" ADD CONSTRAINT "clinic_doctor_settings_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doctors" ADD CONSTRAINT "clinic_doctors_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doctors" ADD CONSTRAINT "clinic_doctors_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD CONSTRAINT "doctor_appointments_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD CONSTRAINT "doctor_appointments_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD CONSTRAINT "doctor_appointments_rep_id_medical_reps_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."medical_reps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_created_by_clinic_id_clinic_users_id_fk" FOREIGN KEY ("created_by_clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_update_codes" ADD CONSTRAINT "profile_update_codes_rep_id_medical_reps_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."medical_reps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_rep_id_medical_reps_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."medical_reps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_doctor_settings_clinic_doctor_uq" ON "clinic_doctor_settings" USING btree ("clinic_id","doctor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_doctors_clinic_doctor_uq" ON "clinic_doctors" USING btree ("clinic_id","doctor_id");--> statement-breakpoint
CREATE INDEX "clinic_doctors_doctor_idx" ON "clinic_doctors" USING btree ("doctor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_users_email_uq" ON "clinic_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_users_contact_number_uq" ON "clinic_users" USING btree ("contact_number");--> statement-breakpoint
CREATE INDEX "clinic_users_state_city_idx" ON "clinic_users" USING btree ("state","city");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_appointments_rep_doctor_date_uq" ON "doctor_appointments" USING btree ("rep_id","doctor_id","appointment_date") WHERE "doctor_appointments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "doctor_appointments_clinic_doctor_date_idx" ON "doctor_appointments" USING btree ("clinic_id","doctor_id","appointment_date");--> statement-breakpoint
CREATE INDEX "doctor_appointments_rep_date_idx" ON "doctor_appointments" USING btree ("rep_id","appointment_date");--> statement-breakpoint
CREATE INDEX "doctor_appointments_date_idx" ON "doctor_appointments" USING btree ("appointment_date");--> statement-breakpoint
CREATE INDEX "doctors_state_city_specialty_idx" ON "doctors" USING btree ("state","city","specialty");--> statement-breakpoint
CREATE INDEX "email_audit_log_sent_at_idx" ON "email_audit_log" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_rep_key_uq" ON "idempotency_keys" USING btree ("rep_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "medical_reps_email_uq" ON "medical_reps" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "medical_reps_phone_uq" ON "medical_reps" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_type","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_clinic_users_email_uq" ON "pending_clinic_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pending_clinic_users_contact_number_idx" ON "pending_clinic_users" USING btree ("contact_number");--> statement-breakpoint
CREATE INDEX "pending_clinic_users_token_idx" ON "pending_clinic_users" USING btree ("verify_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_medical_reps_email_uq" ON "pending_medical_reps" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pending_medical_reps_phone_idx" ON "pending_medical_reps" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "pending_medical_reps_token_idx" ON "pending_medical_reps" USING btree ("verify_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_update_codes_rep_type_uq" ON "profile_update_codes" USING btree ("rep_id","update_type");--> statement-breakpoint
CREATE INDEX "security_events_timestamp_idx" ON "security_events" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "security_events_type_idx" ON "security_events" USING btree ("event_type");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_type","user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "subscription_orders_rep_idx" ON "subscription_orders" USING btree ("rep_id");