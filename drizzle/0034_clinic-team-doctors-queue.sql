CREATE TABLE "clinic_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"language" text,
	"accepted_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_members_role_ck" CHECK ("clinic_members"."role" in ('manager', 'reception')),
	CONSTRAINT "clinic_members_status_ck" CHECK ("clinic_members"."status" in ('invited', 'active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "doctor_account_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"language" text,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_day_lateness" (
	"clinic_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"notified_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_day_lateness_clinic_id_doctor_id_date_pk" PRIMARY KEY("clinic_id","doctor_id","date"),
	CONSTRAINT "doctor_day_lateness_minutes_ck" CHECK ("doctor_day_lateness"."minutes" between 0 and 180)
);
--> statement-breakpoint
CREATE TABLE "doctor_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "clinic_doctor_settings" ADD COLUMN "doctor_manages_settings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_appointments" ADD COLUMN "called_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_activity" ADD CONSTRAINT "clinic_activity_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_account_links" ADD CONSTRAINT "doctor_account_links_account_id_doctor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."doctor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_account_links" ADD CONSTRAINT "doctor_account_links_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_account_links" ADD CONSTRAINT "doctor_account_links_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_day_lateness" ADD CONSTRAINT "doctor_day_lateness_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_day_lateness" ADD CONSTRAINT "doctor_day_lateness_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_invites" ADD CONSTRAINT "doctor_invites_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_invites" ADD CONSTRAINT "doctor_invites_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_activity_clinic_idx" ON "clinic_activity" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_members_email_uq" ON "clinic_members" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_members_invite_token_uq" ON "clinic_members" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "clinic_members_clinic_idx" ON "clinic_members" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_account_links_clinic_doctor_uq" ON "doctor_account_links" USING btree ("clinic_id","doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_account_links_account_idx" ON "doctor_account_links" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_accounts_email_uq" ON "doctor_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "doctor_invites_clinic_doctor_idx" ON "doctor_invites" USING btree ("clinic_id","doctor_id");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id") WHERE member_id is not null;