CREATE TABLE "booking_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"capacity" integer DEFAULT 2 NOT NULL,
	"cutoff_hours" integer DEFAULT 2 NOT NULL,
	"horizon_days" integer DEFAULT 30 NOT NULL,
	"weekly" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "booking_settings_singleton" CHECK ("booking_settings"."id" = 1),
	CONSTRAINT "booking_settings_values_check" CHECK ("booking_settings"."slot_minutes" between 10 and 240 and "booking_settings"."capacity" between 1 and 50 and "booking_settings"."cutoff_hours" >= 0 and "booking_settings"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "booking_slots" (
	"slot_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"capacity_override" integer,
	"blocked_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_slots_booked_check" CHECK ("booking_slots"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sms_consent" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"user_id" integer,
	"estimate_id" integer,
	"quote_request_id" integer,
	"ip_key" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'cancelled')),
	CONSTRAINT "bookings_slot_order_check" CHECK ("bookings"."slot_end" > "bookings"."slot_start")
);
--> statement-breakpoint
CREATE TABLE "customer_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_links_purpose_check" CHECK ("customer_links"."purpose" in ('estimate', 'booking', 'invoice-payment'))
);
--> statement-breakpoint
CREATE TABLE "estimate_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"estimate_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"vat_rate" text DEFAULT '20' NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "estimate_lines_kind_check" CHECK ("estimate_lines"."kind" in ('part', 'labour', 'other')),
	CONSTRAINT "estimate_lines_quantity_check" CHECK ("estimate_lines"."quantity" > 0),
	CONSTRAINT "estimate_lines_amount_check" CHECK ("estimate_lines"."unit_price_cents" >= 0 and "estimate_lines"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"estimate_number" text NOT NULL,
	"quote_request_id" integer,
	"ticket_id" integer,
	"ticket_number" text,
	"customer_id" integer,
	"customer_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sms_consent" boolean DEFAULT false NOT NULL,
	"device_category" text NOT NULL,
	"device_label" text DEFAULT '' NOT NULL,
	"vat_regime" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"bonus_category" text,
	"bonus_cents" integer DEFAULT 0 NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"lead_time_days" integer NOT NULL,
	"valid_until" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"superseded_by_id" integer,
	"decline_reason" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_ip" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimates_status_check" CHECK ("estimates"."status" in ('sent', 'accepted', 'declined', 'superseded', 'withdrawn')),
	CONSTRAINT "estimates_amounts_check" CHECK ("estimates"."subtotal_cents" >= 0 and "estimates"."tax_cents" >= 0 and "estimates"."total_cents" >= 0 and "estimates"."bonus_cents" >= 0 and "estimates"."bonus_cents" <= "estimates"."total_cents" and "estimates"."deposit_cents" >= 0 and "estimates"."deposit_cents" <= "estimates"."total_cents" - "estimates"."bonus_cents"),
	CONSTRAINT "estimates_lead_time_check" CHECK ("estimates"."lead_time_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "repair_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"invoice_id" integer,
	"invoice_number" text DEFAULT '' NOT NULL,
	"estimate_id" integer,
	"customer_id" integer,
	"email" text NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"provider_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_status" text DEFAULT '' NOT NULL,
	"capture_ref" text DEFAULT '' NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"post_status" text DEFAULT 'none' NOT NULL,
	"post_attempts" integer DEFAULT 0 NOT NULL,
	"post_next_at" timestamp with time zone,
	"post_locked_until" timestamp with time zone,
	"post_locked_by" text,
	"post_error" text DEFAULT '' NOT NULL,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_payments_purpose_check" CHECK ("repair_payments"."purpose" in ('invoice', 'deposit')),
	CONSTRAINT "repair_payments_amount_check" CHECK ("repair_payments"."amount_cents" > 0),
	CONSTRAINT "repair_payments_post_status_check" CHECK ("repair_payments"."post_status" in ('none', 'pending', 'posted', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"provider_ref" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bonus_category" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bonus_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "sms_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_payments" ADD CONSTRAINT "repair_payments_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_closures_day_unique" ON "booking_closures" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_unique" ON "bookings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("slot_start","status");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_links_token_hash_unique" ON "customer_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_links_subject_idx" ON "customer_links" USING btree ("purpose","subject_id");--> statement-breakpoint
CREATE INDEX "estimate_lines_estimate_idx" ON "estimate_lines" USING btree ("estimate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_number_unique" ON "estimates" USING btree ("estimate_number");--> statement-breakpoint
CREATE INDEX "estimates_customer_idx" ON "estimates" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "estimates_ticket_idx" ON "estimates" USING btree ("ticket_number");--> statement-breakpoint
CREATE INDEX "estimates_quote_idx" ON "estimates" USING btree ("quote_request_id");--> statement-breakpoint
CREATE INDEX "estimates_email_idx" ON "estimates" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_payments_provider_ref_idx" ON "repair_payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "repair_payments_invoice_idx" ON "repair_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "repair_payments_estimate_idx" ON "repair_payments" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "repair_payments_post_due_idx" ON "repair_payments" USING btree ("post_status","post_next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_dedupe_unique" ON "sms_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bonus_check" CHECK ("invoices"."bonus_cents" >= 0 and "invoices"."bonus_cents" <= "invoices"."total_cents");