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
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_account_idx" ON "account_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_number_idx" ON "accounts" USING btree ("user_type","number");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_idx" ON "accounts" USING btree ("user_type","email");