ALTER TABLE "event_registrations" ADD COLUMN "cpe_kept_after_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "refund_mode" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "cpe_hours" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "cpe_choice" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_cpe_choice_with_hours" CHECK (("credit_notes"."cpe_hours" is null) = ("credit_notes"."cpe_choice" is null));