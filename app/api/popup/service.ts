// The welcome popup: the office's one row, or (none saved yet) the spec's own popup, on, with no
// picture. Writes keep the version rule, an audit record and the public answers' version in step.
import { eq } from 'drizzle-orm'
import { MESSAGES } from '~/contract/constants'
import { indiaDayOf } from '~/contract/event-fees'
import type { ResponsiveImage } from '~/contract/images'
import { POPUP_MESSAGES, type OfficePopup, type Popup, type popupBodySchema } from '~/contract/welcome-popup'
import { VERSION_CONFLICT_STATUS } from '~/contract/versioned'
import type { z } from 'zod'
import type { Database } from '../db/client'
import { welcomePopup } from '../db/schema'
import { ApiError } from '../http'
import type { Actor } from '../shared/audit'
import { officeChange } from '../shared/office-change'

/** The popup is at most 32 rem wide: two widths cover phones and sharp screens. */
export const POPUP_PICTURE_WIDTHS = [480, 960] as const

type Row = typeof welcomePopup.$inferSelect
type Body = z.output<typeof popupBodySchema>

/** What shows until the office saves the popup: the spec's welcome, for the configured branch. */
function defaultRow(branchName: string | undefined): Row {
	const title = branchName ? `Welcome to the ${branchName}` : 'Welcome'
	return { id: 1, title, text: MESSAGES.popupText, image: null, isOn: true, showFrom: null, showUntil: null, version: 0, updatedAt: new Date(0) }
}

async function readRow(db: Pick<Database, 'select'>, branchName: string | undefined, lock = false) {
	const query = db.select().from(welcomePopup).where(eq(welcomePopup.id, 1))
	const [row] = lock ? await query.for('update') : await query
	return row ?? defaultRow(branchName)
}

/** On, and `now` within its days (India calendar days, both included). */
const showsOn = (row: Row, now: Date) => {
	const today = indiaDayOf(now)
	return row.isOn && (!row.showFrom || row.showFrom <= today) && (!row.showUntil || today <= row.showUntil)
}

const toPopup = (row: Row): Popup => ({ sTitle: row.title, sText: row.text, oImage: row.image })
const toOfficePopup = (row: Row, now: Date): OfficePopup => ({
	...toPopup(row),
	bIsOn: row.isOn,
	dShowFrom: row.showFrom,
	dShowUntil: row.showUntil,
	nVersion: row.version,
	bIsShowing: showsOn(row, now),
})

export async function currentPopup(db: Database, branchName: string | undefined, now = new Date()) {
	const row = await readRow(db, branchName)
	return showsOn(row, now) ? toPopup(row) : null
}

export async function officePopup(db: Database, branchName: string | undefined, now = new Date()) {
	return toOfficePopup(await readRow(db, branchName), now)
}

/** Writes the row (made from the default the first time) under its lock, when `nVersion` is still current. */
async function change(
	db: Database,
	actor: Actor,
	branchName: string | undefined,
	nVersion: number | null,
	values: (row: Row) => Partial<Row>,
	summary: string,
) {
	return officeChange(db, actor, async (tx) => {
		const current = await readRow(tx, branchName, true)
		if (nVersion !== null && current.version !== nVersion) throw new ApiError(VERSION_CONFLICT_STATUS, POPUP_MESSAGES.conflict)
		const next = { ...current, ...values(current), version: current.version + 1, updatedAt: new Date() }
		const [row] = await tx.insert(welcomePopup).values(next).onConflictDoUpdate({ target: welcomePopup.id, set: next }).returning()
		return { result: row!, audit: { action: 'update', entity: 'popup', entityId: 1, summary } }
	})
}

export async function savePopup(db: Database, actor: Actor, branchName: string | undefined, body: Body, now = new Date()) {
	const values = { title: body.sTitle, text: body.sText, isOn: body.bIsOn, showFrom: body.dShowFrom, showUntil: body.dShowUntil }
	const summary = `Saved the welcome popup “${body.sTitle}”, ${body.bIsOn ? 'on' : 'off'}${body.dShowFrom || body.dShowUntil ? ` (${body.dShowFrom ?? '…'} to ${body.dShowUntil ?? '…'})` : ''}`
	return toOfficePopup(await change(db, actor, branchName, body.nVersion, () => values, summary), now)
}

/** Puts a picture in the popup, or (null) takes it out; no version is asked, like an event's pictures. */
export async function setPopupPicture(db: Database, actor: Actor, branchName: string | undefined, image: ResponsiveImage | null, now = new Date()) {
	const row = await change(
		db,
		actor,
		branchName,
		null,
		(current) => {
			if (!image && !current.image) throw new ApiError(404, POPUP_MESSAGES.noPicture)
			return { image }
		},
		image ? `Put a picture in the welcome popup: ${image.sAlt}` : 'Removed the welcome popup’s picture',
	)
	return toOfficePopup(row, now)
}
