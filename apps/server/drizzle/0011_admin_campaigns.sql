CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"send_key" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"pushes_queued" integer DEFAULT 0 NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_kind_check" CHECK ("campaigns"."kind" in ('promo', 'flash'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_send_key_unique" ON "campaigns" USING btree ("send_key");--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at");