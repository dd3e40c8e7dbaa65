// Announcements for members (issue 5): what the office posts, and which member has read which.
import { count, desc, eq, not, sql } from 'drizzle-orm'
import type { Announcement, AnnouncementSummary } from '~/contract/office'
import type { Database } from '../db/client'
import { announcementReads, announcements, staffUsers } from '../db/schema'

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
	const { announcement } = row
	return {
		iAnnouncementId: announcement.id,
		sTitle: announcement.title,
		aBody: announcement.body,
		dPublishedAt: announcement.publishedAt.toISOString(),
		sPostedBy: row.postedBy,
		bIsRead: true,
	}
}

export async function postAnnouncement(db: Database, staffId: number, { sTitle, aBody }: { sTitle: string; aBody: string[] }) {
	const [row] = await db.insert(announcements).values({ title: sTitle, body: aBody, postedBy: staffId }).returning()
	return row!
}
