// Announcement calls (issue 5): the office posts, members read. Answers about a member are private.
import { Hono, type Context } from 'hono'
import { newAnnouncementSchema, OFFICE_MESSAGES, OFFICE_PATHS, type Announcement, type AnnouncementList } from '~/contract/office'
import type { ApiEnv } from '../app'
import { requireAccount } from '../accounts/service'
import { ApiError, ok, readJson, readRecordId } from '../http'
import { requireStaff } from '../office/auth'
import { countUnread, listAnnouncements, postAnnouncement, readAnnouncement } from './service'

function privateAnswer(c: Context<ApiEnv>) {
	c.header('Cache-Control', 'private, no-store')
}

async function post(c: Context<ApiEnv>) {
	const { staff } = await requireStaff(c)
	const form = await readJson(c, newAnnouncementSchema)
	const row = await postAnnouncement(c.get('deps').db, staff.id, form)
	const answer: Announcement = {
		iAnnouncementId: row.id,
		sTitle: row.title,
		aBody: row.body,
		dPublishedAt: row.publishedAt.toISOString(),
		sPostedBy: staff.fullName,
		bIsRead: false,
	}
	return ok(c, OFFICE_MESSAGES.posted, answer, 201)
}

async function list(c: Context<ApiEnv>) {
	const { account } = await requireAccount(c, 'member')
	const { db } = c.get('deps')
	const [aAnnouncements, nUnread] = await Promise.all([listAnnouncements(db, account.id), countUnread(db, account.id)])
	privateAnswer(c)
	return ok<AnnouncementList>(c, 'Announcements', { aAnnouncements, nUnread })
}

async function unreadCount(c: Context<ApiEnv>) {
	const { account } = await requireAccount(c, 'member')
	privateAnswer(c)
	return ok(c, 'Unread announcements', { nUnread: await countUnread(c.get('deps').db, account.id) })
}

async function one(c: Context<ApiEnv>) {
	const { account } = await requireAccount(c, 'member')
	const id = readRecordId(c, 'iAnnouncementId', OFFICE_MESSAGES.notFound)
	const announcement = await readAnnouncement(c.get('deps').db, account.id, id)
	if (!announcement) throw new ApiError(404, OFFICE_MESSAGES.notFound)
	privateAnswer(c)
	return ok(c, 'Announcement', announcement)
}

export const announcementRoutes = new Hono<ApiEnv>()
	.post(OFFICE_PATHS.postAnnouncement, post)
	.get(OFFICE_PATHS.announcements, list)
	.get(OFFICE_PATHS.unreadCount, unreadCount)
	.get(OFFICE_PATHS.announcement(':iAnnouncementId'), one)
