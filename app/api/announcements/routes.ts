// Announcement calls: the office posts, corrects and withdraws; members read, each marking what
// they open (contract: app/contract/announcements.ts, app/contract/office/announcements.ts).
import { Hono } from 'hono'
import { ANNOUNCEMENT_MESSAGES, memberAnnouncementEndpoints } from '~/contract/announcements'
import { officeAnnouncementEndpoints } from '~/contract/office/announcements'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import { recordAudit } from '../shared/audit'
import { countUnread, deleteAnnouncement, listAnnouncements, listForOffice, mailAnnouncement, postAnnouncement, readAnnouncement, updateAnnouncement } from './service'
import { type ApiEnv, mailDeps } from '../env'

export const announcementRoutes = new Hono<ApiEnv>()

handle(announcementRoutes, officeAnnouncementEndpoints.list, async ({ deps }) => ({ message: 'Announcements', data: await listForOffice(deps.db) }))

handle(announcementRoutes, officeAnnouncementEndpoints.post, async ({ c, deps: { db }, caller: { staff }, body: form }) => {
	const announcement = await postAnnouncement(db, staff, form)
	await recordAudit(db, staff, { action: 'create', entity: 'announcement', entityId: announcement.iAnnouncementId, summary: `Posted “${announcement.sTitle}”` })
	if (!form.bEmail) return { message: ANNOUNCEMENT_MESSAGES.posted, data: announcement, status: 201 }
	const readers = await mailAnnouncement(db, mailDeps(c), announcement.iAnnouncementId, staff.id)
	return { message: `${ANNOUNCEMENT_MESSAGES.posted} It is being e-mailed to ${readers} ${readers === 1 ? 'member' : 'members'}.`, data: announcement, status: 201 }
})

handle(announcementRoutes, officeAnnouncementEndpoints.correct, async ({ deps: { db }, caller: { staff }, params: { iAnnouncementId }, body: form }) => {
	const announcement = await updateAnnouncement(db, iAnnouncementId, form)
	if (!announcement) throw new ApiError(404, ANNOUNCEMENT_MESSAGES.notFound)
	await recordAudit(db, staff, { action: 'update', entity: 'announcement', entityId: iAnnouncementId, summary: `Corrected “${announcement.sTitle}”` })
	return { message: ANNOUNCEMENT_MESSAGES.updated, data: announcement }
})

handle(announcementRoutes, officeAnnouncementEndpoints.withdraw, async ({ deps: { db }, caller: { staff }, params: { iAnnouncementId } }) => {
	if (!(await deleteAnnouncement(db, iAnnouncementId))) throw new ApiError(404, ANNOUNCEMENT_MESSAGES.notFound)
	await recordAudit(db, staff, { action: 'delete', entity: 'announcement', entityId: iAnnouncementId, summary: `Withdrew announcement ${iAnnouncementId}` })
	return { message: ANNOUNCEMENT_MESSAGES.deleted, data: undefined }
})

handle(announcementRoutes, memberAnnouncementEndpoints.list, async ({ deps: { db }, caller }) => {
	const [aAnnouncements, nUnread] = await Promise.all([listAnnouncements(db, caller.account.id), countUnread(db, caller.account.id)])
	return { message: 'Announcements', data: { aAnnouncements, nUnread } }
})

handle(announcementRoutes, memberAnnouncementEndpoints.unreadCount, async ({ deps: { db }, caller }) => ({ message: 'Unread announcements', data: { nUnread: await countUnread(db, caller.account.id) } }))

handle(announcementRoutes, memberAnnouncementEndpoints.one, async ({ deps: { db }, caller, params: { iAnnouncementId } }) => {
	const announcement = await readAnnouncement(db, caller.account.id, iAnnouncementId)
	if (!announcement) throw new ApiError(404, ANNOUNCEMENT_MESSAGES.notFound)
	return { message: 'Announcement', data: announcement }
})
