// The office's subscriber calls (contract: app/contract/office/subscribers.ts).
import { count, desc, eq, ilike, or } from 'drizzle-orm'
import { Hono } from 'hono'
import { CSV_CONTENT_TYPE, toCsv, type CsvColumn } from '~/contract/csv'
import { OFFICE_SUBSCRIBER_MESSAGES, officeSubscriberEndpoints, type Subscriber } from '~/contract/office/subscribers'
import type { Database } from '../../db/client'
import { newsletterSubscriptions } from '../../db/schema'
import { handle } from '../../endpoints'
import { recordAudit } from '../audit'
import { containsPattern } from '../../events/service'
import { ApiError, fileAnswer } from '../../http'
import type { ApiEnv } from '../../env'

export const officeSubscriberRoutes = new Hono<ApiEnv>()

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
	return or(ilike(newsletterSubscriptions.fullName, pattern), ilike(newsletterSubscriptions.email, pattern), ilike(newsletterSubscriptions.membershipNumber, pattern))
}

async function listSubscribers(db: Database, search: string | undefined, paging?: { nPage: number; nPageSize: number }) {
	const query = db.select().from(newsletterSubscriptions).where(matching(search)).orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
	const rows = paging ? await query.limit(paging.nPageSize).offset((paging.nPage - 1) * paging.nPageSize) : await query
	return rows.map(toSubscriber)
}

handle(officeSubscriberRoutes, officeSubscriberEndpoints.list, async ({ deps, query }) => {
	if (query.sFormat === 'csv') return fileAnswer(toCsv(COLUMNS, await listSubscribers(deps.db, query.oFilter.sSearch)), CSV_CONTENT_TYPE, 'subscribers.csv')
	const [subscribers, [total]] = await Promise.all([
		listSubscribers(deps.db, query.oFilter.sSearch, query.oPaging),
		deps.db.select({ n: count() }).from(newsletterSubscriptions).where(matching(query.oFilter.sSearch)),
	])
	return { message: OFFICE_SUBSCRIBER_MESSAGES.list, data: { aSubscribers: subscribers, nTotal: total?.n ?? 0, ...query.oPaging } }
})

handle(officeSubscriberRoutes, officeSubscriberEndpoints.remove, async ({ deps, caller, params }) => {
	const [removed] = await deps.db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, params.iSubscriberId)).returning()
	if (!removed) throw new ApiError(404, OFFICE_SUBSCRIBER_MESSAGES.notFound)
	await recordAudit(deps.db, caller.staff, { action: 'delete', entity: 'subscriber', entityId: removed.id, summary: `Removed subscriber ${removed.email}` })
	return { message: OFFICE_SUBSCRIBER_MESSAGES.removed, data: { sEmail: removed.email } }
})
