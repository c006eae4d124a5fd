ALTER TABLE "orders" ADD COLUMN "loyalty_debited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders settled before this column existed were debited their whole loyalty discount (or what the balance held): the discount is the best record there is.
UPDATE "orders" SET "loyalty_debited_cents" = "loyalty_cents" WHERE "settled_at" IS NOT NULL AND "inventory_backend" = 'local' AND "loyalty_cents" > 0;
