// Announcements for members: what the office posts, and which member has read which.
import { and, count, desc, eq, isNull, not, sql } from 'drizzle-orm'
import { USER_TYPES } from '~/contract/constants'
import { ANNOUNCEMENT_MESSAGES, type Announcement, type AnnouncementSummary } from '~/contract/announcements'
import type { Database } from '../db/client'
import { accounts, announcementReads, announcements, staffUsers } from '../db/schema'
import { ApiError } from '../http'
import { queueMailing } from '../mailings/add-to-mailing'
import type { Actor } from '../shared/audit'
import { officeChange } from '../shared/office-change'
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
	return rows.map((row): AnnouncementSummary => ({
		iAnnouncementId: row.id,
		sTitle: row.title,
		sSummary: summaryOf(row.body),
		dPublishedAt: row.publishedAt.toISOString(),
		bIsRead: row.read,
	}))
}

export async function countUnread(db: Database, accountId: number) {
	const [row] = await db
		.select({ unread: count() })
		.from(announcements)
		.where(not(readBy(accountId)))
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

type Poster = { id: number; username: string; fullName: string }
/** Members see announcements in their own pages: no public page changes with one. */
const MEMBERS_ONLY = { publicContent: false }

/** Posts it and, given the mail, queues it to the members who chose updates by e-mail; answers how many. */
export async function postAnnouncement(db: Database, mail: MailDeps | null, staff: Poster, { sTitle, aBody }: AnnouncementText) {
	const announcement = await officeChange(
		db,
		staff,
		async (tx) => {
			const [row] = await tx.insert(announcements).values({ title: sTitle, body: aBody, postedBy: staff.id }).returning()
			return {
				result: asPosted(row!, staff.fullName),
				audit: { action: 'create', entity: 'announcement', entityId: row!.id, summary: `Posted “${row!.title}”` },
			}
		},
		MEMBERS_ONLY,
	)
	const readers = mail ? await mailAnnouncement(db, mail, announcement.iAnnouncementId, staff.id) : null
	return { announcement, readers }
}

/** A correction keeps the publication time and the read marks: a fixed typo is not news again. */
export function updateAnnouncement(db: Database, staff: Actor, id: number, { sTitle, aBody }: AnnouncementText) {
	return officeChange(
		db,
		staff,
		async (tx) => {
			const [row] = await tx.update(announcements).set({ title: sTitle, body: aBody }).where(eq(announcements.id, id)).returning()
			if (!row) throw new ApiError(404, ANNOUNCEMENT_MESSAGES.notFound)
			const [poster] = row.postedBy ? await tx.select({ fullName: staffUsers.fullName }).from(staffUsers).where(eq(staffUsers.id, row.postedBy)) : []
			return {
				result: asPosted(row, poster?.fullName ?? null),
				audit: { action: 'update', entity: 'announcement', entityId: id, summary: `Corrected “${row.title}”` },
			}
		},
		MEMBERS_ONLY,
	)
}

/** Its read marks go with it (on delete cascade). */
export function withdrawAnnouncement(db: Database, staff: Actor, id: number) {
	return officeChange(
		db,
		staff,
		async (tx) => {
			const rows = await tx.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id })
			if (rows.length === 0) throw new ApiError(404, ANNOUNCEMENT_MESSAGES.notFound)
			return { result: undefined, audit: { action: 'delete', entity: 'announcement', entityId: id, summary: `Withdrew announcement ${id}` } }
		},
		MEMBERS_ONLY,
	)
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
async function mailAnnouncement(db: Database, mail: MailDeps, announcementId: number, staffId: number) {
	const readers = await db
		.select({ email: accounts.email, name: accounts.fullName })
		.from(accounts)
		.where(and(eq(accounts.userType, USER_TYPES.member), eq(accounts.updatesOnEmail, true), isNull(accounts.disabledAt)))
	return (await queueMailing(db, mail, { kind: 'announcement', subjectId: announcementId, createdBy: staffId }, readers)).added
}
