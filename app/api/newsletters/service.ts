// The newsletter archive (published issues, filtered, sorted and paged) and the subscription list.
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { NewsletterIssue, NewsletterListPage, newsletterListQuerySchema, NewsletterSubscription } from '~/contract/newsletters'
import type { Database } from '../db/client'
import { newsletterIssues, newsletterSubscriptions } from '../db/schema'
import { queueWelcome } from './welcome'
import type { MailDeps } from '../env'

/** `%`, `_` and `\` typed by a visitor are literal characters, not LIKE wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

const issueYear = sql<number>`extract(year from ${newsletterIssues.issueMonth})::int`
const contentsText = sql`coalesce((select string_agg(item, ' ') from jsonb_array_elements_text(${newsletterIssues.contents}) as item), '')`
const searchable = sql`${newsletterIssues.title} || ' ' || ${newsletterIssues.summary} || ' ' || ${contentsText}`

export async function listPublishedIssues(db: Database, { oFilter, oPaging, oSort }: z.output<typeof newsletterListQuerySchema>): Promise<NewsletterListPage> {
	const conditions: SQL[] = [eq(newsletterIssues.isPublished, true)]
	if (oFilter.nYear !== undefined) conditions.push(sql`${issueYear} = ${oFilter.nYear}`)
	if (oFilter.nMonth !== undefined) conditions.push(sql`extract(month from ${newsletterIssues.issueMonth}) = ${oFilter.nMonth}`)
	if (oFilter.sSearch) conditions.push(sql`${searchable} ilike ${likePattern(oFilter.sSearch)}`)
	const where = and(...conditions)
	const sortColumn = oSort.sField === 'sTitle' ? newsletterIssues.title : newsletterIssues.issueMonth
	const order = oSort.sOrder === 'asc' ? asc : desc
	const [rows, [total], years] = await Promise.all([
		db
			.select()
			.from(newsletterIssues)
			.where(where)
			.orderBy(order(sortColumn), order(newsletterIssues.id))
			.limit(oPaging.nPageSize)
			.offset((oPaging.nPage - 1) * oPaging.nPageSize),
		db.select({ n: count() }).from(newsletterIssues).where(where),
		db.selectDistinct({ year: issueYear }).from(newsletterIssues).where(eq(newsletterIssues.isPublished, true)).orderBy(desc(issueYear)),
	])
	return {
		aItems: rows.map((row): NewsletterIssue => ({
			iRecordId: row.id,
			sTitle: row.title,
			sSummary: row.summary,
			dDate: row.issueMonth,
			aContents: row.contents,
			oCover: row.cover,
			sPdfPath: row.pdfPath,
			nPdfBytes: row.pdfBytes,
			nPageCount: row.pageCount,
		})),
		nTotal: total!.n,
		...oPaging,
		aYears: years.map((y) => y.year),
	}
}

export async function subscribe(db: Database, mail: MailDeps | undefined, subscription: NewsletterSubscription, requestedFrom: string) {
	// A repeat answers the same, so the form cannot tell who is on the list. While the address is
	// unconfirmed, a repeat renews the request (its week to confirm and its client address) and
	// asks again in the day's welcome mailing, once a day at most; a confirmed address is left alone.
	const [unconfirmed] = await db
		.insert(newsletterSubscriptions)
		.values({ email: subscription.sEmail, fullName: subscription.sFullName, membershipNumber: subscription.sMembershipNumber, requestedFrom })
		.onConflictDoUpdate({
			target: newsletterSubscriptions.email,
			set: { createdAt: sql`now()`, requestedFrom },
			setWhere: isNull(newsletterSubscriptions.confirmedAt),
		})
		.returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, fullName: newsletterSubscriptions.fullName })
	// The welcome mail is queued, not sent: the form never waits on the mail server.
	if (unconfirmed && mail) await queueWelcome(db, mail, unconfirmed)
}
