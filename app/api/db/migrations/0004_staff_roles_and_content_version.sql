CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "role" text DEFAULT 'editor' NOT NULL;--> statement-breakpoint
-- Staff made before roles existed could do everything: they stay administrators.
UPDATE "staff_users" SET "role" = 'admin';
