CREATE TABLE "store_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"profile" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "store_profile_singleton" CHECK ("store_profile"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "store_profile" ADD CONSTRAINT "store_profile_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;