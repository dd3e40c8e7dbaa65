// The demo branch's welcome popup: today's content (the spec's welcome and text) with the
// branch-calendar announcement, drawn here and stored like any office picture.
import { MESSAGES } from '~/contract/constants'
import { loadSharp } from '../images'
import { POPUP_PICTURE_WIDTHS } from '../popup/service'
import type { Database } from '../db/client'
import { welcomePopup } from '../db/schema'
import { storePicture } from '../media/pictures'

const ANNOUNCEMENT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200" viewBox="0 0 480 200" role="img" aria-label="Branch calendar announcement"><rect width="480" height="200" fill="#123a6d"/><rect x="24" y="24" width="432" height="152" rx="10" fill="#eef4fb"/><rect x="48" y="52" width="92" height="96" rx="6" fill="#1d5aa6"/><rect x="48" y="52" width="92" height="24" rx="6" fill="#c8901e"/><text x="94" y="120" font-family="system-ui,sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle">CPE</text><text x="160" y="90" font-family="system-ui,sans-serif" font-size="21" font-weight="700" fill="#0d2a50">Branch calendar is out</text><text x="160" y="118" font-family="system-ui,sans-serif" font-size="14" fill="#174a8b">Seminars, workshops and study</text><text x="160" y="138" font-family="system-ui,sans-serif" font-size="14" fill="#174a8b">circles for members and students</text></svg>`

export async function seedWelcomePopup(tx: Database) {
	const sharp = await loadSharp()
	// Drawn at twice its size, so the wider variant is sharp.
	const png = await sharp(Buffer.from(ANNOUNCEMENT_SVG), { density: 144 }).png().toBuffer()
	const image = await storePicture(tx, png, {
		folder: 'popup',
		widths: POPUP_PICTURE_WIDTHS,
		alt: 'Announcement: the branch calendar of seminars, workshops and study circles is out',
	})
	await tx.insert(welcomePopup).values({ title: 'Welcome to the Sahyadri Regional Branch', text: MESSAGES.popupText, image, isOn: true })
}
