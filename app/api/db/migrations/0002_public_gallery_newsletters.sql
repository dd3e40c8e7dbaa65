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
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_album_id_gallery_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."gallery_albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_albums_event_date_idx" ON "gallery_albums" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "gallery_photos_album_position_idx" ON "gallery_photos" USING btree ("album_id","position");