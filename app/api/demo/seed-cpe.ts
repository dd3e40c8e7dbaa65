// Demo CPE hours of the demo member: a few free past events attended (registering for them if the
// registration seed has not), every started event with a confirmed registration marked attended,
// and hours the member recorded this year and last year. Dates are relative to `now`.
import { and, eq, inArray, isNull, lte, ne } from 'drizzle-orm'
import { indiaDay } from '../cpe/ledger'
import type { Database } from '../db/client'
import { accounts, cpeEntries, eventRegistrations, events } from '../db/schema'
import { DEMO_MEMBER } from './seed-accounts'

const FREE_EVENTS_ATTENDED = 3

/** Recorded hours: this year's fall between 1 January and today (at `share` of the way), last year's on fixed days. */
const THIS_YEAR = [
	{ share: 0.1, hours: 2, description: 'Webinar: GST e-invoicing updates (recorded session)' },
	{ share: 0.45, hours: 1.5, description: 'Reading: Guidance Note on Tax Audit, revised chapters' },
	{ share: 0.8, hours: 3, description: 'E-learning module: Ind AS 115 revenue recognition' },
] as const
const LAST_YEAR = [
	{ day: '03-14', hours: 4, description: 'Self-study: Standards on Auditing 700 series' },
	{ day: '07-22', hours: 2.5, description: 'Online course: data analytics for auditors, part 1' },
	{ day: '11-05', hours: 6, description: 'Article for the branch newsletter on faceless assessment' },
] as const

export async function seedCpe(db: Database, now = new Date()) {
	const [member] = await db
		.select({ id: accounts.id })
		.from(accounts)
		.where(and(eq(accounts.userType, 'M'), eq(accounts.number, DEMO_MEMBER.number)))
	if (!member) return
	const started = lte(events.startsAt, now)
	const registered = await db
		.select({ eventId: eventRegistrations.eventId })
		.from(eventRegistrations)
		.where(and(eq(eventRegistrations.accountId, member.id), ne(eventRegistrations.status, 'cancelled')))
	const freePast = await db
		.select({ id: events.id })
		.from(events)
		.where(and(started, eq(events.feePaise, 0)))
		.orderBy(events.startsAt)
		.limit(FREE_EVENTS_ATTENDED)
	const toRegister = freePast.filter((event) => !registered.some((r) => r.eventId === event.id))
	if (toRegister.length > 0) {
		await db
			.insert(eventRegistrations)
			.values(toRegister.map((event) => ({ eventId: event.id, accountId: member.id, status: 'confirmed' as const, createdAt: now })))
	}
	const pastEventIds = db.select({ id: events.id }).from(events).where(started)
	await db
		.update(eventRegistrations)
		.set({ attendedAt: now })
		.where(
			and(
				eq(eventRegistrations.accountId, member.id),
				eq(eventRegistrations.status, 'confirmed'),
				isNull(eventRegistrations.attendedAt),
				inArray(eventRegistrations.eventId, pastEventIds),
			),
		)

	const today = indiaDay(now)
	const year = Number(today.slice(0, 4))
	const newYearsDay = Date.parse(`${year}-01-01T12:00:00+05:30`)
	const thisYear = THIS_YEAR.map(({ share, hours, description }) => ({
		activityDate: indiaDay(new Date(newYearsDay + share * Math.max(0, now.getTime() - newYearsDay))),
		hours,
		description,
	}))
	const lastYear = LAST_YEAR.map(({ day, hours, description }) => ({ activityDate: `${year - 1}-${day}`, hours, description }))
	await db.insert(cpeEntries).values([...thisYear, ...lastYear].map((entry) => ({ ...entry, accountId: member.id, createdAt: now })))
}
