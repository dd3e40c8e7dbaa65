// Announcement calls: the office posts, corrects and withdraws; members read, each marking what
// they open (contract: app/contract/announcements.ts, app/contract/office/announcements.ts).
import { Hono } from 'hono'
import { ANNOUNCEMENT_MESSAGES, memberAnnouncementEndpoints } from '~/contract/announcements'
import { officeAnnouncementEndpoints } from '~/contract/office/announcements'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import { countUnread, listAnnouncements, listForOffice, postAnnouncement, readAnnouncement, updateAnnouncement, withdrawAnnouncement } from './service'
import { type ApiEnv, mailDeps } from '../env'

export const announcementRoutes = new Hono<ApiEnv>()

handle(announcementRoutes, officeAnnouncementEndpoints.list, async ({ deps }) => ({ message: 'Announcements', data: await listForOffice(deps.db) }))

handle(announcementRoutes, officeAnnouncementEndpoints.post, async ({ c, deps: { db }, caller: { staff }, body }) => {
	// Without a mail service the post is refused whole, not posted and then left unmailed.
	const { announcement, readers } = await postAnnouncement(db, body.bEmail ? mailDeps(c) : null, staff, body)
	const mailed = readers === null ? '' : ` It is being e-mailed to ${readers} ${readers === 1 ? 'member' : 'members'}.`
	return { message: `${ANNOUNCEMENT_MESSAGES.posted}${mailed}`, data: announcement, status: 201 }
})

handle(announcementRoutes, officeAnnouncementEndpoints.correct, async ({ deps: { db }, caller: { staff }, params: { iAnnouncementId }, body }) => ({
	message: ANNOUNCEMENT_MESSAGES.updated,
	data: await updateAnnouncement(db, staff, iAnnouncementId, body),
}))

handle(announcementRoutes, officeAnnouncementEndpoints.withdraw, async ({ deps: { db }, caller: { staff }, params: { iAnnouncementId } }) => {
	await withdrawAnnouncement(db, staff, iAnnouncementId)
	return { message: ANNOUNCEMENT_MESSAGES.deleted, data: undefined }
})

handle(announcementRoutes, memberAnnouncementEndpoints.list, async ({ deps: { db }, caller }) => {
	const [aAnnouncements, nUnread] = await Promise.all([listAnnouncements(db, caller.account.id), countUnread(db, caller.account.id)])
	return { message: 'Announcements', data: { aAnnouncements, nUnread } }
})

handle(announcementRoutes, memberAnnouncementEndpoints.unreadCount, async ({ deps: { db }, caller }) => ({
	message: 'Unread announcements',
	data: { nUnread: await countUnread(db, caller.account.id) },
}))

handle(announcementRoutes, memberAnnouncementEndpoints.one, async ({ deps: { db }, caller, params: { iAnnouncementId } }) => {
	const announcement = await readAnnouncement(db, caller.account.id, iAnnouncementId)
	if (!announcement) throw new ApiError(404, ANNOUNCEMENT_MESSAGES.notFound)
	return { message: 'Announcement', data: announcement }
})
