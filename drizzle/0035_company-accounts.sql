CREATE TABLE "company_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"gstin" text,
	"password" text NOT NULL,
	"device_fingerprint" text,
	"language" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"verified_link_hash" text,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"terms_version" text,
	"status" text DEFAULT 'active' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" integer,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_accounts_status_ck" CHECK ("company_accounts"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "pending_company_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"gstin" text,
	"password" text NOT NULL,
	"device_fingerprint" text,
	"verification_otp" text NOT NULL,
	"otp_expiry" timestamp with time zone NOT NULL,
	"otp_attempts" integer DEFAULT 0 NOT NULL,
	"verify_token_hash" text,
	"verify_token_expiry" timestamp with time zone,
	"registration_token_hash" text,
	"earlier_links" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "company_accounts_email_uq" ON "company_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_accounts_phone_uq" ON "company_accounts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "company_accounts_verified_link_idx" ON "company_accounts" USING btree ("verified_link_hash");--> statement-breakpoint
CREATE INDEX "company_accounts_company_name_trgm_idx" ON "company_accounts" USING gin ("company_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "company_accounts_email_trgm_idx" ON "company_accounts" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "pending_company_accounts_email_uq" ON "pending_company_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pending_company_accounts_phone_idx" ON "pending_company_accounts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "pending_company_accounts_token_idx" ON "pending_company_accounts" USING btree ("verify_token_hash");