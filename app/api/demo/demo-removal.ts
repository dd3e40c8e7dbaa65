// The demo branch, recorded when it is seeded and removed on request: its two accounts with all
// that hangs off them, and every content row up to the last id the seed used, so whatever the
// branch added since stays. Invoice and credit note counters go back to the last number a
// remaining payment has, so the branch's own series starts without a gap.
import { and, eq, inArray, lte, max, notInArray, or, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { contentChanged } from '../content-version'
import type { Database } from '../db/client'
import {
	accounts,
	announcements,
	committeePeople,
	committees,
	creditNoteCounters,
	creditNotes,
	demoSeed,
	eventRegistrations,
	events,
	galleryAlbums,
	galleryPhotos,
	invoiceCounters,
	mediaFiles,
	newsletterIssues,
	pages,
	payments,
	welcomePopup,
} from '../db/schema'
import { DEMO_MEMBER, DEMO_STUDENT } from './seed-accounts'

/** Content tables with serial ids that the demo fills, children before parents. */
const CONTENT_TABLES = {
	announcements,
	committee_people: committeePeople,
	committees,
	gallery_photos: galleryPhotos,
	gallery_albums: galleryAlbums,
	newsletter_issues: newsletterIssues,
	events,
} as const
type ContentTable = (typeof CONTENT_TABLES)[keyof typeof CONTENT_TABLES]

/** Run at the end of the seed, in its transaction. */
export async function recordDemoSeed(tx: Database) {
	for (const [tableName, table] of Object.entries(CONTENT_TABLES) as [string, ContentTable][]) {
		const [row] = await tx.select({ lastId: max(table.id) }).from(table as PgTable)
		await tx.insert(demoSeed).values({ tableName, lastId: row?.lastId ?? 0 })
	}
}

export class DemoRemovalRefused extends Error {}

export type DemoRemoval = { accounts: number; rows: Record<string, number> }

/** Removes the demo in one transaction; answers what went, or null when there is no demo to remove. */
export async function removeDemoContent(db: Database): Promise<DemoRemoval | null> {
	const result = await db.transaction(async (tx) => {
		const marks = await tx.select().from(demoSeed)
		if (marks.length === 0) return null
		const lastId = new Map(marks.map((mark) => [mark.tableName, mark.lastId]))
		// Compared in SQL: a timestamp read back into JavaScript loses its microseconds.
		const seededAt = sql`(select max(${demoSeed.seededAt}) from ${demoSeed})`
		const demoAccounts = await tx
			.select({ id: accounts.id })
			.from(accounts)
			.where(
				or(and(eq(accounts.userType, 'M'), eq(accounts.email, DEMO_MEMBER.email)), and(eq(accounts.userType, 'S'), eq(accounts.email, DEMO_STUDENT.email))),
			)
		const demoAccountIds = demoAccounts.map((account) => account.id)
		const demoEventIds = (
			await tx
				.select({ id: events.id })
				.from(events)
				.where(lte(events.id, lastId.get('events') ?? 0))
		).map((event) => event.id)
		// Someone else's registration for a demo event (a real member trying the demo) is the branch's record: leave it all.
		if (demoEventIds.length > 0) {
			const others = await tx
				.select({ id: eventRegistrations.id })
				.from(eventRegistrations)
				.where(
					and(
						inArray(eventRegistrations.eventId, demoEventIds),
						demoAccountIds.length > 0 ? notInArray(eventRegistrations.accountId, demoAccountIds) : sql`true`,
					),
				)
				.limit(1)
			if (others.length > 0)
				throw new DemoRemovalRefused(
					'Someone other than the demo accounts registered for a demo event. Cancel or move those registrations first; nothing was removed.',
				)
		}
		const rows: Record<string, number> = {}
		if (demoAccountIds.length > 0) {
			const demoPayments = tx.select({ id: payments.id }).from(payments).where(inArray(payments.accountId, demoAccountIds))
			rows.credit_notes = (await tx.delete(creditNotes).where(inArray(creditNotes.paymentId, demoPayments)).returning({ id: creditNotes.id })).length
			rows.payments = (await tx.delete(payments).where(inArray(payments.accountId, demoAccountIds)).returning({ id: payments.id })).length
			rows.event_registrations = (
				await tx.delete(eventRegistrations).where(inArray(eventRegistrations.accountId, demoAccountIds)).returning({ id: eventRegistrations.id })
			).length
			// Tokens, one-time passwords, CPE entries and read marks go with the account (on delete cascade).
			await tx.delete(accounts).where(inArray(accounts.id, demoAccountIds))
		}
		for (const [tableName, table] of Object.entries(CONTENT_TABLES) as [string, ContentTable][]) {
			const deleted = await tx
				.delete(table as PgTable)
				.where(lte(table.id, lastId.get(tableName) ?? 0))
				.returning({ id: table.id })
			rows[tableName] = deleted.length
		}
		// Page text the office has not edited since, and the seed's pictures and PDFs.
		rows.pages = (await tx.delete(pages).where(lte(pages.updatedAt, seededAt)).returning({ slug: pages.slug })).length
		// The demo's popup goes too (the branch's default welcome shows again), unless the office has saved it since.
		rows.welcome_popup = (await tx.delete(welcomePopup).where(lte(welcomePopup.updatedAt, seededAt)).returning({ id: welcomePopup.id })).length
		rows.media_files = (await tx.delete(mediaFiles).where(lte(mediaFiles.createdAt, seededAt)).returning({ path: mediaFiles.path })).length
		await resetCounters(tx)
		await tx.delete(demoSeed)
		return { accounts: demoAccountIds.length, rows }
	})
	if (result) await contentChanged(db)
	return result
}

/** Each financial year's counters back to the highest number still in use (or gone when none is). */
async function resetCounters(tx: Database) {
	await tx.execute(
		sql`update ${invoiceCounters} c set last_sequence = m.last from (select ${payments.invoiceFinancialYear} fy, max(${payments.invoiceSequence}) last from ${payments} where ${payments.invoiceSequence} is not null group by 1) m where c.financial_year = m.fy`,
	)
	await tx.execute(
		sql`delete from ${invoiceCounters} where financial_year not in (select ${payments.invoiceFinancialYear} from ${payments} where ${payments.invoiceFinancialYear} is not null)`,
	)
	await tx.execute(
		sql`update ${creditNoteCounters} c set last_sequence = m.last from (select ${creditNotes.financialYear} fy, max(${creditNotes.sequence}) last from ${creditNotes} group by 1) m where c.financial_year = m.fy`,
	)
	await tx.execute(sql`delete from ${creditNoteCounters} where financial_year not in (select ${creditNotes.financialYear} from ${creditNotes})`)
}
