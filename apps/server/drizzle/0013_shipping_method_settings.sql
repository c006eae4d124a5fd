CREATE TABLE "shipping_method_settings" (
	"method_id" text PRIMARY KEY NOT NULL,
	"cost_cents" integer NOT NULL,
	"free_threshold_cents" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "shipping_method_settings_cost_check" CHECK ("shipping_method_settings"."cost_cents" >= 0),
	CONSTRAINT "shipping_method_settings_threshold_check" CHECK ("shipping_method_settings"."free_threshold_cents" is null or "shipping_method_settings"."free_threshold_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shipping_method_settings" ADD CONSTRAINT "shipping_method_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;