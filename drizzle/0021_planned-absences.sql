CREATE TABLE "clinic_absences" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"doctor_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "clinic_absences_range_ck" CHECK ("clinic_absences"."to_date" >= "clinic_absences"."from_date")
);
--> statement-breakpoint
ALTER TABLE "clinic_absences" ADD CONSTRAINT "clinic_absences_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_absences" ADD CONSTRAINT "clinic_absences_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_absences_clinic_to_idx" ON "clinic_absences" USING btree ("clinic_id","to_date");