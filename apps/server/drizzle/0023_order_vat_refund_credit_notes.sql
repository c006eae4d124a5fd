ALTER TABLE "order_lines" ADD COLUMN "vat_rate" text DEFAULT '20' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "credit_note_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_products" ADD COLUMN "vat_rate" text DEFAULT '20' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_credit_note_unique" ON "order_refunds" USING btree ("credit_note_number") WHERE "order_refunds"."credit_note_number" <> '';--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vat_rate_check" CHECK ("order_lines"."vat_rate" in ('20', '10', '5.5', '0', 'margin'));--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_vat_rate_check" CHECK ("shop_products"."vat_rate" in ('20', '10', '5.5', '0', 'margin'));