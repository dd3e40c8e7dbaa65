ALTER TABLE "committee_people" ADD COLUMN "message_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "committee_people" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "committees" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_albums" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_albums" ADD COLUMN "cover_photo_id" integer;--> statement-breakpoint
ALTER TABLE "gallery_albums" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_albums" ADD CONSTRAINT "gallery_albums_cover_photo_id_gallery_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE set null ON UPDATE no action;