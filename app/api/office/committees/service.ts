// The office's committees and their people, read with unpublished messages, and written with the
// audit record in the same transaction.
import { asc, eq } from 'drizzle-orm'
import { messageParagraphs, OFFICE_COMMITTEE_MESSAGES, type OfficeCommittee, type OfficePerson, type PersonFields } from '~/contract/office/committees'
import type { Database } from '../../db/client'
import { committeePeople, committees } from '../../db/schema'
import { ApiError } from '../../http'
import { saveEncodedPicture, type EncodedPicture } from '../../media/pictures'
import type { Actor } from '../../shared/audit'
import { officeChange } from '../../shared/office-change'
import { updateVersioned } from '../../shared/versioned'

type PersonRow = typeof committeePeople.$inferSelect

export function toOfficePerson(row: PersonRow): OfficePerson {
	return {
		iPersonId: row.id,
		iCommitteeId: row.committeeId,
		sFullName: row.fullName,
		sRole: row.role,
		dTermStart: row.termStartsOn,
		dTermEnd: row.termEndsOn,
		nSortOrder: row.sortOrder,
		oPhoto: row.photo,
		sMessageTitle: row.messageTitle ?? '',
		aMessage: row.message ?? [],
		bMessagePublished: row.messagePublished,
		nVersion: row.version,
	}
}

/** The person's columns from the form; an empty message is stored as none. */
export function personValues(fields: PersonFields) {
	const message = messageParagraphs(fields.sMessage)
	return {
		fullName: fields.sFullName,
		role: fields.sRole,
		termStartsOn: fields.dTermStart,
		termEndsOn: fields.dTermEnd,
		sortOrder: fields.nSortOrder ?? 0,
		messageTitle: message.length > 0 ? (fields.sMessageTitle ?? null) : null,
		message: message.length > 0 ? message : null,
		messagePublished: fields.bMessagePublished ?? false,
	}
}

export async function listOfficeCommittees(db: Pick<Database, 'select'>): Promise<OfficeCommittee[]> {
	const [committeeRows, people] = await Promise.all([
		db.select().from(committees).orderBy(asc(committees.sortOrder), asc(committees.id)),
		db.select().from(committeePeople).orderBy(asc(committeePeople.sortOrder), asc(committeePeople.id)),
	])
	return committeeRows.map((row) => ({
		iCommitteeId: row.id,
		sTitle: row.title,
		sDescription: row.description,
		nSortOrder: row.sortOrder,
		nVersion: row.version,
		aPeople: people.filter((person) => person.committeeId === row.id).map(toOfficePerson),
	}))
}

export async function findOfficeCommittee(db: Pick<Database, 'select'>, committeeId: number) {
	const committee = (await listOfficeCommittees(db)).find((item) => item.iCommitteeId === committeeId)
	if (!committee) throw new ApiError(404, OFFICE_COMMITTEE_MESSAGES.notFound)
	return committee
}

export async function findPersonRow(db: Pick<Database, 'select'>, personId: number, { lock = false } = {}) {
	const query = db.select().from(committeePeople).where(eq(committeePeople.id, personId)).limit(1)
	const [row] = lock ? await query.for('update') : await query
	if (!row) throw new ApiError(404, OFFICE_COMMITTEE_MESSAGES.personNotFound)
	return row
}

type CommitteeFields = { sTitle: string; sDescription?: string; nSortOrder?: number }
const committeeValues = (fields: CommitteeFields) => ({ title: fields.sTitle, description: fields.sDescription ?? '', sortOrder: fields.nSortOrder ?? 0 })
/** A portrait's description follows the person's name. */
export const portraitAlt = (fullName: string) => `Portrait of ${fullName}`

export function createCommittee(db: Database, actor: Actor, fields: CommitteeFields) {
	return officeChange(db, actor, async (tx) => {
		const [row] = await tx.insert(committees).values(committeeValues(fields)).returning()
		return {
			result: await findOfficeCommittee(tx, row!.id),
			audit: { action: 'create', entity: 'committee', entityId: row!.id, summary: `Added “${row!.title}”` },
		}
	})
}

export function updateCommittee(db: Database, actor: Actor, committeeId: number, fields: CommitteeFields & { nVersion: number }) {
	return officeChange(db, actor, async (tx) => {
		const row = await updateVersioned(tx, committees, committeeId, fields.nVersion, committeeValues(fields), {
			thing: 'committee',
			notFound: OFFICE_COMMITTEE_MESSAGES.notFound,
		})
		return {
			result: await findOfficeCommittee(tx, row.id),
			audit: { action: 'update', entity: 'committee', entityId: row.id, summary: `Edited “${row.title}”` },
		}
	})
}

export function removeCommittee(db: Database, actor: Actor, committeeId: number) {
	return officeChange(db, actor, async (tx) => {
		const [removed] = await tx.delete(committees).where(eq(committees.id, committeeId)).returning()
		if (!removed) throw new ApiError(404, OFFICE_COMMITTEE_MESSAGES.notFound)
		return { result: undefined, audit: { action: 'delete', entity: 'committee', entityId: removed.id, summary: `Deleted “${removed.title}” and its people` } }
	})
}

export function addPerson(db: Database, actor: Actor, committeeId: number, fields: PersonFields) {
	return officeChange(db, actor, async (tx) => {
		const committee = await findOfficeCommittee(tx, committeeId)
		const [row] = await tx
			.insert(committeePeople)
			.values({ committeeId: committee.iCommitteeId, ...personValues(fields) })
			.returning()
		const audit = { action: 'create', entity: 'committee person', entityId: row!.id, summary: `Added ${row!.fullName} (${row!.role}) to “${committee.sTitle}”` }
		return { result: toOfficePerson(row!), audit }
	})
}

export function updatePerson(db: Database, actor: Actor, personId: number, fields: PersonFields & { nVersion: number }) {
	return officeChange(db, actor, async (tx) => {
		const updated = await updateVersioned(tx, committeePeople, personId, fields.nVersion, personValues(fields), {
			thing: 'person',
			notFound: OFFICE_COMMITTEE_MESSAGES.personNotFound,
		})
		const renamed = updated.photo && updated.photo.sAlt !== portraitAlt(updated.fullName)
		const row = renamed
			? (
					await tx
						.update(committeePeople)
						.set({ photo: { ...updated.photo!, sAlt: portraitAlt(updated.fullName) } })
						.where(eq(committeePeople.id, updated.id))
						.returning()
				)[0]!
			: updated
		const message = row.message ? `, message ${row.messagePublished ? 'published' : 'not published'}` : ''
		return {
			result: toOfficePerson(row),
			audit: { action: 'update', entity: 'committee person', entityId: row.id, summary: `Edited ${row.fullName} (${row.role})${message}` },
		}
	})
}

export function removePerson(db: Database, actor: Actor, personId: number) {
	return officeChange(db, actor, async (tx) => {
		const [removed] = await tx.delete(committeePeople).where(eq(committeePeople.id, personId)).returning()
		if (!removed) throw new ApiError(404, OFFICE_COMMITTEE_MESSAGES.personNotFound)
		return {
			result: undefined,
			audit: { action: 'delete', entity: 'committee person', entityId: removed.id, summary: `Deleted ${removed.fullName} (${removed.role})` },
		}
	})
}

/** Sets (a picture already encoded, outside the transaction) or removes (null) a person's portrait. */
export function setPortrait(db: Database, actor: Actor, personId: number, encoded: EncodedPicture | null) {
	return officeChange(db, actor, async (tx) => {
		const { fullName } = await findPersonRow(tx, personId, { lock: true })
		const photo = encoded ? await saveEncodedPicture(tx, encoded, { folder: 'committees', alt: portraitAlt(fullName) }) : null
		const [row] = await tx.update(committeePeople).set({ photo }).where(eq(committeePeople.id, personId)).returning()
		const summary = encoded ? `New portrait of ${row!.fullName}` : `Removed the portrait of ${row!.fullName}`
		return { result: toOfficePerson(row!), audit: { action: 'update', entity: 'committee person', entityId: row!.id, summary } }
	})
}
