// Gallery: albums of an event's photos, each photo stored at several widths. Drafts (unpublished
// albums) are the office's only.
import { type AnyPgColumn, boolean, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import type { ResponsiveImage } from '~/contract/images'

export const galleryAlbums = pgTable(
	'gallery_albums',
	{
		id: serial('id').primaryKey(),
		title: text('title').notNull(),
		description: text('description').notNull().default(''),
		/** The day of the event the album shows. */
		eventDate: date('event_date', { mode: 'string' }).notNull(),
		isPublished: boolean('is_published').notNull().default(true),
		/** The photo shown for the album; without one, its first photo. */
		coverPhotoId: integer('cover_photo_id').references((): AnyPgColumn => galleryPhotos.id, { onDelete: 'set null' }),
		/** Moves on with every office edit (app/api/office/versioned.ts). */
		version: integer('version').notNull().default(0),
	},
	(table) => [index('gallery_albums_event_date_idx').on(table.eventDate)],
)

export const galleryPhotos = pgTable(
	'gallery_photos',
	{
		id: serial('id').primaryKey(),
		albumId: integer('album_id')
			.notNull()
			.references(() => galleryAlbums.id, { onDelete: 'cascade' }),
		/** Order within the album. */
		position: integer('position').notNull(),
		caption: text('caption').notNull().default(''),
		image: jsonb('image').$type<ResponsiveImage>().notNull(),
	},
	(table) => [index('gallery_photos_album_position_idx').on(table.albumId, table.position)],
)
