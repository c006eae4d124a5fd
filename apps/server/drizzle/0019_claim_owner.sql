ALTER TABLE "mail_outbox" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "locked_by" text;