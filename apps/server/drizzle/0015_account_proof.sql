ALTER TABLE "auth_tokens" DROP CONSTRAINT "auth_tokens_kind_check";--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_kind_check" CHECK ("auth_tokens"."kind" in ('password_reset', 'email_verification', 'email_change'));--> statement-breakpoint
-- Tokens mailed before this migration are not bound to an address: none of them proves anything any more.
UPDATE "auth_tokens" SET "used_at" = now() WHERE "used_at" IS NULL;
