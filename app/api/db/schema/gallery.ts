// Gallery (issue 4): albums of an event's photos. Each photo is stored at several widths.
import { date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import type { ResponsiveImage } from '~/contract/images'

export const galleryAlbums = pgTable(
	'gallery_albums',
	{
		id: serial('id').primaryKey(),
		title: text('title').notNull(),
		description: text('description').notNull().default(''),
		/** The day of the event the album shows. */
		eventDate: date('event_date', { mode: 'string' }).notNull(),
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
		/** Order within the album; the first photo is the album's cover. */
		position: integer('position').notNull(),
		caption: text('caption').notNull().default(''),
		image: jsonb('image').$type<ResponsiveImage>().notNull(),
	},
	(table) => [index('gallery_photos_album_position_idx').on(table.albumId, table.position)],
)
