// Announcements for members: what the office posts, and which member has read which.
import { and, count, desc, eq, isNull, not, sql } from 'drizzle-orm'
import { USER_TYPES } from '~/contract/constants'
import type { Announcement, AnnouncementSummary } from '~/contract/announcements'
import type { Database } from '../db/client'
import { accounts, announcementReads, announcements, staffUsers } from '../db/schema'
import { queueMailing } from '../mailings/add-to-mailing'
import type { MailDeps } from '../env'

/** The list shows this many, newest first; the unread count covers them all. */
export const ANNOUNCEMENTS_LISTED = 100
const SUMMARY_LENGTH = 160

/** The first paragraph, cut at a word near SUMMARY_LENGTH characters. */
export function summaryOf(body: string[]) {
	const first = body[0] ?? ''
	if (first.length <= SUMMARY_LENGTH) return first
	const cut = first.slice(0, SUMMARY_LENGTH)
	return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SUMMARY_LENGTH / 2)).trimEnd()}…`
}

const readBy = (accountId: number) =>
	sql<boolean>`exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id} and ${announcementReads.accountId} = ${accountId})`

export async function listAnnouncements(db: Database, accountId: number) {
	const rows = await db
		.select({ id: announcements.id, title: announcements.title, body: announcements.body, publishedAt: announcements.publishedAt, read: readBy(accountId) })
		.from(announcements)
		.orderBy(desc(announcements.publishedAt), desc(announcements.id))
		.limit(ANNOUNCEMENTS_LISTED)
	return rows.map(
		(row): AnnouncementSummary => ({ iAnnouncementId: row.id, sTitle: row.title, sSummary: summaryOf(row.body), dPublishedAt: row.publishedAt.toISOString(), bIsRead: row.read }),
	)
}

export async function countUnread(db: Database, accountId: number) {
	const [row] = await db.select({ unread: count() }).from(announcements).where(not(readBy(accountId)))
	return row?.unread ?? 0
}

type AnnouncementText = { sTitle: string; aBody: string[] }
type Row = typeof announcements.$inferSelect

/** An announcement as the API answers it; bIsRead is the member's, false for the office. */
const asPosted = (row: Row, postedBy: string | null): Announcement => ({
	iAnnouncementId: row.id,
	sTitle: row.title,
	aBody: row.body,
	dPublishedAt: row.publishedAt.toISOString(),
	sPostedBy: postedBy,
	bIsRead: false,
})

/** One announcement for a member, marked read for them (again and again: the first reading time stays). */
export async function readAnnouncement(db: Database, accountId: number, announcementId: number): Promise<Announcement | undefined> {
	const [row] = await db
		.select({ announcement: announcements, postedBy: staffUsers.fullName })
		.from(announcements)
		.leftJoin(staffUsers, eq(staffUsers.id, announcements.postedBy))
		.where(eq(announcements.id, announcementId))
		.limit(1)
	if (!row) return undefined
	await db.insert(announcementReads).values({ announcementId, accountId }).onConflictDoNothing()
	return { ...asPosted(row.announcement, row.postedBy), bIsRead: true }
}

export async function postAnnouncement(db: Database, staff: { id: number; fullName: string }, { sTitle, aBody }: AnnouncementText) {
	const [row] = await db.insert(announcements).values({ title: sTitle, body: aBody, postedBy: staff.id }).returning()
	return asPosted(row!, staff.fullName)
}

/** A correction keeps the publication time and the read marks: a fixed typo is not news again. */
export async function updateAnnouncement(db: Database, id: number, { sTitle, aBody }: AnnouncementText) {
	const [row] = await db.update(announcements).set({ title: sTitle, body: aBody }).where(eq(announcements.id, id)).returning()
	if (!row) return undefined
	const [poster] = row.postedBy ? await db.select({ fullName: staffUsers.fullName }).from(staffUsers).where(eq(staffUsers.id, row.postedBy)) : []
	return asPosted(row, poster?.fullName ?? null)
}

/** Its read marks go with it (on delete cascade). */
export async function deleteAnnouncement(db: Database, id: number) {
	const rows = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id })
	return rows.length > 0
}

/** Every announcement for the office, newest first, with who posted it and how many members read it. */
export async function listForOffice(db: Database) {
	const reads = db
		.select({ announcementId: announcementReads.announcementId, n: count().as('reads') })
		.from(announcementReads)
		.groupBy(announcementReads.announcementId)
		.as('reads')
	const rows = await db
		.select({ announcement: announcements, postedBy: staffUsers.fullName, reads: reads.n })
		.from(announcements)
		.leftJoin(staffUsers, eq(staffUsers.id, announcements.postedBy))
		.leftJoin(reads, eq(reads.announcementId, announcements.id))
		.orderBy(desc(announcements.publishedAt), desc(announcements.id))
		.limit(ANNOUNCEMENTS_LISTED)
	return rows.map((row) => ({ ...asPosted(row.announcement, row.postedBy), nReads: Number(row.reads ?? 0) }))
}

/** E-mails a posted announcement to the members who chose updates by e-mail; answers how many. */
export async function mailAnnouncement(db: Database, mail: MailDeps, announcementId: number, staffId: number) {
	const readers = await db
		.select({ email: accounts.email, name: accounts.fullName })
		.from(accounts)
		.where(and(eq(accounts.userType, USER_TYPES.member), eq(accounts.updatesOnEmail, true), isNull(accounts.disabledAt)))
	return (await queueMailing(db, mail, { kind: 'announcement', subjectId: announcementId, createdBy: staffId }, readers)).added
}
