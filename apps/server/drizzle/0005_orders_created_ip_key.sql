ALTER TABLE "orders" ADD COLUMN "created_ip_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_created_ip_key_idx" ON "orders" USING btree ("created_ip_key");--> statement-breakpoint
-- Orders placed before: IPv4 addresses are their own key (IPv6 ones stay unkeyed; the e-mail still counts).
UPDATE "orders" SET "created_ip_key" = regexp_replace("created_ip", '^::ffff:', '') WHERE "created_ip" ~ '^(::ffff:)?[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$';
