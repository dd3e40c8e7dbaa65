// Reads committees, their people and people's messages for the API's answers.
import { asc, eq, isNotNull, and } from 'drizzle-orm'
import type { Committee, CommitteePerson, PersonMessage } from '~/contract/committees'
import type { Database } from '../db/client'
import { committeePeople, committees } from '../db/schema'

type PersonRow = typeof committeePeople.$inferSelect

function toPerson(row: PersonRow): CommitteePerson {
	return {
		iPersonId: row.id,
		sFullName: row.fullName,
		sRole: row.role,
		dTermStart: row.termStartsOn,
		dTermEnd: row.termEndsOn,
		oPhoto: row.photo,
		bHasMessage: Boolean(row.message?.length) && row.messagePublished,
	}
}

export async function listCommittees(db: Database): Promise<Committee[]> {
	const [committeeRows, people] = await Promise.all([
		db.select().from(committees).orderBy(asc(committees.sortOrder), asc(committees.id)),
		db.select().from(committeePeople).orderBy(asc(committeePeople.committeeId), asc(committeePeople.sortOrder), asc(committeePeople.id)),
	])
	return committeeRows.map((committee) => ({
		iCommitteeId: committee.id,
		sTitle: committee.title,
		sDescription: committee.description,
		aPeople: people.filter((person) => person.committeeId === committee.id).map(toPerson),
	}))
}

const hasPublishedMessage = and(isNotNull(committeePeople.message), eq(committeePeople.messagePublished, true))
const messageColumns = { person: committeePeople, sCommitteeTitle: committees.title }

function toMessage({ person, sCommitteeTitle }: { person: PersonRow; sCommitteeTitle: string }): PersonMessage {
	const { bHasMessage: _, ...rest } = toPerson(person)
	return { ...rest, sCommitteeTitle, sMessageTitle: person.messageTitle ?? '', aParagraphs: person.message ?? [] }
}

/** Everyone with a message, in the committees' order: the managing committee's chairman first. */
export async function listMessages(db: Database): Promise<PersonMessage[]> {
	const rows = await db
		.select(messageColumns)
		.from(committeePeople)
		.innerJoin(committees, eq(committees.id, committeePeople.committeeId))
		.where(hasPublishedMessage)
		.orderBy(asc(committees.sortOrder), asc(committees.id), asc(committeePeople.sortOrder), asc(committeePeople.id))
	return rows.map(toMessage)
}

export async function findMessage(db: Database, personId: number): Promise<PersonMessage | null> {
	const [row] = await db
		.select(messageColumns)
		.from(committeePeople)
		.innerJoin(committees, eq(committees.id, committeePeople.committeeId))
		.where(and(eq(committeePeople.id, personId), hasPublishedMessage))
		.limit(1)
	return row ? toMessage(row) : null
}
