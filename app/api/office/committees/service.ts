// The office's committees and their people, read with unpublished messages, and written with the
// audit record in the same transaction.
import { asc, eq } from 'drizzle-orm'
import { messageParagraphs, OFFICE_COMMITTEE_MESSAGES, type OfficeCommittee, type OfficePerson, type PersonFields } from '~/contract/office/committees'
import type { Database } from '../../db/client'
import { committeePeople, committees } from '../../db/schema'
import { ApiError } from '../../http'

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
