// Demo announcements from the branch office over the last two months; the demo member has read
// the older ones, so the dashboard shows both read and unread (docs/features.md "Demo content").
import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { DEMO_MEMBER } from './seed-accounts'
import { accounts, announcementReads, announcements } from '../db/schema'

const DAY_MS = 24 * 60 * 60 * 1000

/** Oldest first; `daysAgo` from the seeding time; `readByDemo` marks what the demo member has opened. */
export const DEMO_ANNOUNCEMENTS = [
	{
		daysAgo: 58,
		readByDemo: true,
		title: 'Revised annual membership fee from 1 April',
		body: [
			'The Council has revised the annual membership fee to ₹1,500 for members and ₹2,500 for fellows, with effect from 1 April. Life membership fees are unchanged.',
			'Fees paid before 31 March are accepted at the present rate. You can pay at the branch office or through the institute’s self-service portal.',
		],
	},
	{
		daysAgo: 45,
		readByDemo: true,
		title: 'New study circle on GST litigation in Kothrud',
		body: [
			'A new study circle on GST litigation and appellate practice meets on the second Saturday of every month at 5 pm, at the Kothrud community hall.',
			'Each session carries two structured CPE hours. Convenor: Neha Joshi. Members who wish to present a case should write to the branch office.',
		],
	},
	{
		daysAgo: 31,
		readByDemo: true,
		title: 'Branch library open on Saturdays',
		body: [
			'From this month the branch library is open on Saturdays from 10 am to 2 pm. The reading room now carries the latest tax and company law reports, and the new edition of the auditing standards.',
		],
	},
	{
		daysAgo: 20,
		readByDemo: false,
		title: 'Annual General Meeting of the branch',
		body: [
			'The Annual General Meeting of the branch will be held at Accountants’ Bhavan, Tilak Road, at 6 pm on the last Friday of this month.',
			'The agenda: adoption of the audited accounts, the managing committee’s report for the year, and the appointment of auditors. The notice and the accounts are available at the branch office.',
			'Members attending in person are requested to carry their membership card.',
		],
	},
	{
		daysAgo: 9,
		readByDemo: false,
		title: 'Revised branch office hours',
		body: [
			'The branch office is now open from 10 am to 6 pm, Monday to Friday, and from 10 am to 1 pm on Saturdays. Offline payments for events can be made at the counter in these hours.',
		],
	},
	{
		daysAgo: 3,
		readByDemo: false,
		title: 'Reminder: CPE hours for the calendar year due by 31 December',
		body: [
			'Members must complete 20 CPE hours in the calendar year, at least 10 of them structured, and 120 hours over the three-year block.',
			'Check your CPE ledger on the member dashboard. Structured hours from branch events are credited once the office marks attendance; record your unstructured hours yourself, with a short description.',
			'The branch has added two full-day seminars in December for members who are short of structured hours.',
		],
	},
] as const

export async function seedAnnouncements(db: Database, now = new Date()) {
	const rows = await db
		.insert(announcements)
		.values(DEMO_ANNOUNCEMENTS.map(({ title, body, daysAgo }) => ({ title, body: [...body], publishedAt: new Date(now.getTime() - daysAgo * DAY_MS) })))
		.returning({ id: announcements.id })
	const [member] = await db
		.select({ id: accounts.id })
		.from(accounts)
		.where(and(eq(accounts.userType, 'M'), eq(accounts.number, DEMO_MEMBER.number)))
		.limit(1)
	if (!member) return
	const read = rows.filter((_, index) => DEMO_ANNOUNCEMENTS[index]!.readByDemo)
	await db
		.insert(announcementReads)
		.values(read.map(({ id }, index) => ({ announcementId: id, accountId: member.id, readAt: new Date(now.getTime() - (20 - index) * DAY_MS) })))
}
