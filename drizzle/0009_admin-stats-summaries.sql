CREATE TABLE "clinic_appointment_tallies" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"appointments" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_appointment_tallies" (
	"booked_on" date NOT NULL,
	"shard" integer NOT NULL,
	"appointments" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinic_appointment_tallies" ADD CONSTRAINT "clinic_appointment_tallies_clinic_id_clinic_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_appointment_tallies_day_shard_uq" ON "daily_appointment_tallies" USING btree ("booked_on","shard");