ALTER TABLE "newsletter_subscriptions" ADD COLUMN "requested_from" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_from" text;--> statement-breakpoint
-- Written by hand: subscriptions made before double opt-in count as confirmed when they were made.
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "created_at";--> statement-breakpoint
-- Written by hand: welcome mails were one mailing per subscriber; now one a day, numbered by the day.
DELETE FROM "mailings" WHERE "kind" = 'welcome';
