CREATE TABLE "mail_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailing_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "waiting_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD CONSTRAINT "mail_deliveries_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_deliveries_one_per_recipient_idx" ON "mail_deliveries" USING btree ("mailing_id","email");--> statement-breakpoint
CREATE INDEX "mail_deliveries_pending_idx" ON "mail_deliveries" USING btree ("mailing_id","id") WHERE "mail_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "mailings_one_per_subject_idx" ON "mailings" USING btree ("kind","subject_id") WHERE "mailings"."kind" <> 'newsletter-test';--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_one_live_idx" ON "waiting_list_entries" USING btree ("event_id","account_id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_event_idx" ON "waiting_list_entries" USING btree ("event_id","id");