CREATE TABLE "welcome_popup" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image" jsonb,
	"is_on" boolean DEFAULT true NOT NULL,
	"show_from" date,
	"show_until" date,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "welcome_popup_one_row" CHECK ("welcome_popup"."id" = 1),
	CONSTRAINT "welcome_popup_dates_in_order" CHECK ("welcome_popup"."show_until" is null or "welcome_popup"."show_from" is null or "welcome_popup"."show_from" <= "welcome_popup"."show_until")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "student_fee_paise" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "early_bird_fee_paise" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "early_bird_student_fee_paise" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "early_bird_until" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_label" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_other_fees_not_negative" CHECK (coalesce("events"."student_fee_paise", 0) >= 0 and coalesce("events"."early_bird_fee_paise", 0) >= 0 and coalesce("events"."early_bird_student_fee_paise", 0) >= 0);