// The office's list of newsletter subscribers: a page of it, searched, or all of it as CSV; and
// removing one subscriber.
import { count, desc, eq, ilike, or } from 'drizzle-orm'
import { toCsv, type CsvColumn } from '~/contract/csv'
import type { Subscriber } from '~/contract/office/subscribers'
import type { Database } from '../../db/client'
import { newsletterSubscriptions } from '../../db/schema'
import { type Actor, recordAudit } from '../../shared/audit'
import { containsPattern } from '../../events/service'

const toSubscriber = (row: typeof newsletterSubscriptions.$inferSelect): Subscriber => ({
	iSubscriberId: row.id,
	sFullName: row.fullName,
	sMembershipNumber: row.membershipNumber,
	sEmail: row.email,
	dSubscribedAt: row.createdAt.toISOString(),
	dConfirmedAt: row.confirmedAt?.toISOString() ?? null,
	sConfirmedFrom: row.confirmedFrom,
	sRequestedFrom: row.requestedFrom,
})

const COLUMNS: CsvColumn<Subscriber>[] = [
	{ header: 'Name', value: (row) => row.sFullName },
	{ header: 'Membership number', value: (row) => row.sMembershipNumber },
	{ header: 'E-mail', value: (row) => row.sEmail },
	{ header: 'Subscribed on', value: (row) => row.dSubscribedAt.slice(0, 10) },
	{ header: 'Asked from', value: (row) => row.sRequestedFrom },
	{ header: 'Confirmed at', value: (row) => row.dConfirmedAt },
	{ header: 'Confirmed from', value: (row) => row.sConfirmedFrom },
]

function matching(search: string | undefined) {
	if (!search) return undefined
	const pattern = containsPattern(search)
	return or(
		ilike(newsletterSubscriptions.fullName, pattern),
		ilike(newsletterSubscriptions.email, pattern),
		ilike(newsletterSubscriptions.membershipNumber, pattern),
	)
}

async function listSubscribers(db: Database, search: string | undefined, paging?: { nPage: number; nPageSize: number }) {
	const query = db
		.select()
		.from(newsletterSubscriptions)
		.where(matching(search))
		.orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
	const rows = paging ? await query.limit(paging.nPageSize).offset((paging.nPage - 1) * paging.nPageSize) : await query
	return rows.map(toSubscriber)
}

export async function subscribersCsv(db: Database, search: string | undefined) {
	return toCsv(COLUMNS, await listSubscribers(db, search))
}

export async function subscriberPage(db: Database, search: string | undefined, paging: { nPage: number; nPageSize: number }) {
	const [subscribers, [total]] = await Promise.all([
		listSubscribers(db, search, paging),
		db.select({ n: count() }).from(newsletterSubscriptions).where(matching(search)),
	])
	return { aSubscribers: subscribers, nTotal: total?.n ?? 0, ...paging }
}

/**
 * The removed subscription, or undefined when there was none. The audit entry names it by its id
 * alone: a person who asks to be removed is not kept by their address in the office's log.
 */
export async function removeSubscriber(db: Database, actor: Actor, subscriberId: number) {
	const [removed] = await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subscriberId)).returning()
	if (removed)
		await recordAudit(db, actor, {
			action: 'delete',
			entity: 'subscriber',
			entityId: removed.id,
			summary: `Removed subscriber ${removed.id}, subscribed on ${removed.createdAt.toISOString().slice(0, 10)}`,
		})
	return removed
}
