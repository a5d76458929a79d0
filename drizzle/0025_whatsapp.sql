CREATE TABLE "whatsapp_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_type" text NOT NULL,
	"account_id" integer NOT NULL,
	"phone" text NOT NULL,
	"action" text NOT NULL,
	"wording" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_consents_account_type_ck" CHECK ("whatsapp_consents"."account_type" in ('rep', 'clinic')),
	CONSTRAINT "whatsapp_consents_action_ck" CHECK ("whatsapp_consents"."action" in ('opt_in', 'opt_out'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_number_codes" (
	"account_type" text NOT NULL,
	"account_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_number_codes_account_type_account_id_pk" PRIMARY KEY("account_type","account_id")
);
--> statement-breakpoint
ALTER TABLE "clinic_users" ADD COLUMN "whatsapp_number" text;--> statement-breakpoint
ALTER TABLE "medical_reps" ADD COLUMN "whatsapp_number" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "recipient_phone" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_status_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "whatsapp_consents_account_idx" ON "whatsapp_consents" USING btree ("account_type","account_id","id");--> statement-breakpoint
CREATE INDEX "whatsapp_consents_phone_idx" ON "whatsapp_consents" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_provider_message_id_uq" ON "outbox" USING btree ("provider_message_id") WHERE provider_message_id is not null;--> statement-breakpoint
CREATE INDEX "outbox_channel_id_idx" ON "outbox" USING btree ("channel","id");