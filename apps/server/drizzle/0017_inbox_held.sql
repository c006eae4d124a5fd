ALTER TABLE "contact_messages" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "held" boolean DEFAULT false NOT NULL;