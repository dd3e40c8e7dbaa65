ALTER TABLE "staff_pending_sign_ins" ADD COLUMN "password_limit_keys" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "last_code_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "code_alert_at" timestamp with time zone;