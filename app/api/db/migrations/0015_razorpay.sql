CREATE TABLE "gateway_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_order_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_fee_paise" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_tax_paise" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_refund_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_cpe_hours" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_requested_by_staff_users_id_fk" FOREIGN KEY ("refund_requested_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_order_idx" ON "payments" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_payment_idx" ON "payments" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_refund_idx" ON "payments" USING btree ("gateway_refund_id");