// Demo gallery of the fictional branch: 4 albums, 30 photos, each drawn by the seed (demoScene)
// and stored at three widths through the image pipeline. Dates are relative to the day of seeding.
import type { Database } from '../db/client'
import { demoScene } from './demo-media'
import { galleryAlbums, galleryPhotos } from '../db/schema'
import { GALLERY_PHOTO_WIDTHS } from '../gallery/service'
import { storePicture } from '../media/pictures'
import { indiaCalendarDay } from '~/utils/kolkata-date'

const DEMO_ALBUMS = [
	{
		title: 'Annual Members’ Meet',
		description: 'Members and guests at the branch’s annual meet: the chairman’s address, felicitation of senior members and the evening programme.',
		daysAgo: 24,
		captions: [
			'Lighting of the lamp',
			'The chairman’s address',
			'Felicitation of senior members',
			'Members in the auditorium',
			'Panel on audit quality',
			'Vote of thanks',
			'Guests at the registration desk',
			'Evening cultural programme',
			'Group photograph of the committee',
		],
	},
	{
		title: 'GST Workshop: Annual Returns and Reconciliation',
		description: 'A full-day workshop on GSTR-9 and 9C, input tax credit reconciliation and recent notifications.',
		daysAgo: 67,
		captions: [
			'Opening session',
			'Speaker on GSTR-9C',
			'Questions from participants',
			'Case study groups',
			'Reconciliation walk-through',
			'Tea break discussions',
			'Certificates of participation',
			'Workshop faculty',
		],
	},
	{
		title: 'Blood Donation Camp',
		description: 'Held with the city blood bank at the branch premises; 84 units collected.',
		daysAgo: 131,
		captions: [
			'Volunteers at registration',
			'Donors in the hall',
			'Medical team from the blood bank',
			'Student volunteers',
			'Refreshments for donors',
			'Certificates for donors',
			'Thanking the blood bank team',
		],
	},
	{
		title: 'Students’ Career Counselling Day',
		description: 'Guidance for students on articleship, examinations and careers in industry and practice.',
		daysAgo: 203,
		captions: [
			'Students arriving',
			'Session on articleship',
			'Panel of young members',
			'One-to-one counselling',
			'Examination tips session',
			'Closing remarks',
		],
	},
] as const

/** `YYYY-MM-DD` of a day some days before `now`, in India (the branch's time zone). */
export function kolkataDateDaysAgo(now: Date, daysAgo: number) {
	return indiaCalendarDay(new Date(now.getTime() - daysAgo * 86_400_000))
}

export async function seedGallery(db: Database, now = new Date()) {
	let seed = 4100
	// Pictures are encoded all at once: sharp works on its own threads.
	const albums = await Promise.all(
		DEMO_ALBUMS.map(async (album) => ({
			album,
			images: await Promise.all(
				album.captions.map(async (alt) => storePicture(db, await demoScene(seed++, 1024, 683), { folder: 'gallery', widths: GALLERY_PHOTO_WIDTHS, alt })),
			),
		})),
	)
	for (const { album, images } of albums) {
		const [row] = await db
			.insert(galleryAlbums)
			.values({ title: album.title, description: album.description, eventDate: kolkataDateDaysAgo(now, album.daysAgo) })
			.returning({ id: galleryAlbums.id })
		await db.insert(galleryPhotos).values(images.map((image, position) => ({ albumId: row!.id, position, caption: image.sAlt, image })))
	}
}
