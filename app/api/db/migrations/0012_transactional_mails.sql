CREATE TABLE "event_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"audience" text,
	"subject" text,
	"body" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "mail_deliveries_one_per_recipient_idx";--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD COLUMN "occurrence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_notices" ADD CONSTRAINT "event_notices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_notices" ADD CONSTRAINT "event_notices_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_notices_event_idx" ON "event_notices" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_deliveries_one_per_recipient_idx" ON "mail_deliveries" USING btree ("mailing_id","email","occurrence");