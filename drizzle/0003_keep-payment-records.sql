ALTER TABLE "subscription_orders" DROP CONSTRAINT "subscription_orders_rep_id_medical_reps_id_fk";
--> statement-breakpoint
ALTER TABLE "subscription_orders" ALTER COLUMN "rep_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_rep_id_medical_reps_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."medical_reps"("id") ON DELETE set null ON UPDATE no action;