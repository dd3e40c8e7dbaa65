CREATE TABLE "account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type" text NOT NULL,
	"number" text NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"dob" text NOT NULL,
	"state_code" text NOT NULL,
	"city" text NOT NULL,
	"password_hash" text NOT NULL,
	"firm_company_name" text,
	"gst_number" text,
	"updates_on_email" boolean DEFAULT false NOT NULL,
	"updates_on_whatsapp" boolean DEFAULT false NOT NULL,
	"profile_pic" text,
	"course" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_passwords" (
	"email" text NOT NULL,
	"user_type" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "one_time_passwords_email_user_type_purpose_pk" PRIMARY KEY("email","user_type","purpose")
);
--> statement-breakpoint
CREATE TABLE "upload_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "committee_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"committee_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"role" text NOT NULL,
	"term_starts_on" date NOT NULL,
	"term_ends_on" date NOT NULL,
	"photo" jsonb,
	"message_title" text,
	"message" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "committees" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"category" text NOT NULL,
	"description" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"venue_name" text NOT NULL,
	"venue_address" text NOT NULL,
	"city" text NOT NULL,
	"map_url" text NOT NULL,
	"cpe_hours" numeric(4, 1) DEFAULT 0 NOT NULL,
	"fee_paise" integer DEFAULT 0 NOT NULL,
	"seat_limit" integer,
	"registration_closes_at" timestamp with time zone,
	"cancellation_cutoff_at" timestamp with time zone,
	"speakers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_ends_after_start" CHECK ("events"."ends_at" >= "events"."starts_at"),
	CONSTRAINT "events_fee_not_negative" CHECK ("events"."fee_paise" >= 0),
	CONSTRAINT "events_cpe_not_negative" CHECK ("events"."cpe_hours" >= 0),
	CONSTRAINT "events_seat_limit_positive" CHECK ("events"."seat_limit" is null or "events"."seat_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "gallery_albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"album_id" integer NOT NULL,
	"position" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"image" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"issue_month" date NOT NULL,
	"summary" text NOT NULL,
	"contents" jsonb NOT NULL,
	"cover" jsonb NOT NULL,
	"pdf_path" text NOT NULL,
	"pdf_bytes" integer NOT NULL,
	"page_count" integer NOT NULL,
	CONSTRAINT "newsletter_issues_issue_month_unique" UNIQUE("issue_month")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"membership_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_people" ADD CONSTRAINT "committee_people_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_album_id_gallery_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."gallery_albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_account_idx" ON "account_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_number_idx" ON "accounts" USING btree ("user_type","number");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_idx" ON "accounts" USING btree ("user_type","email");--> statement-breakpoint
CREATE INDEX "committee_people_committee_idx" ON "committee_people" USING btree ("committee_id","sort_order");--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_ends_at_idx" ON "events" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "gallery_albums_event_date_idx" ON "gallery_albums" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "gallery_photos_album_position_idx" ON "gallery_photos" USING btree ("album_id","position");