// Announcement calls: the office posts, members read. Answers about a member are private.
import { Hono, type Context } from 'hono'
import { ANNOUNCEMENT_MESSAGES, ANNOUNCEMENT_PATHS, type AnnouncementList, newAnnouncementSchema } from '~/contract/announcements'
import type { ApiEnv } from '../app'
import { requireAccount } from '../accounts/service'
import { ApiError, ok, readJson, readRecordId } from '../http'
import { requireStaff } from '../office/auth'
import { recordAudit } from '../office/audit'
import { mailDeps } from '../mail/mailings'
import { countUnread, deleteAnnouncement, listAnnouncements, listForOffice, mailAnnouncement, postAnnouncement, readAnnouncement, updateAnnouncement } from './service'

function privateAnswer(c: Context<ApiEnv>) {
	c.header('Cache-Control', 'private, no-store')
}

async function post(c: Context<ApiEnv>) {
	const { staff } = await requireStaff(c)
	const form = await readJson(c, newAnnouncementSchema)
	const { db } = c.get('deps')
	const announcement = await postAnnouncement(db, staff, form)
	await recordAudit(db, staff, { action: 'create', entity: 'announcement', entityId: announcement.iAnnouncementId, summary: `Posted “${announcement.sTitle}”` })
	if (!form.bEmail) return ok(c, ANNOUNCEMENT_MESSAGES.posted, announcement, 201)
	const readers = await mailAnnouncement(db, mailDeps(c), announcement.iAnnouncementId, staff.id)
	return ok(c, `${ANNOUNCEMENT_MESSAGES.posted} It is being e-mailed to ${readers} ${readers === 1 ? 'member' : 'members'}.`, announcement, 201)
}

async function update(c: Context<ApiEnv>) {
	const { staff } = await requireStaff(c)
	const id = readRecordId(c, 'iAnnouncementId', ANNOUNCEMENT_MESSAGES.notFound)
	const form = await readJson(c, newAnnouncementSchema)
	const announcement = await updateAnnouncement(c.get('deps').db, id, form)
	if (!announcement) throw new ApiError(404, ANNOUNCEMENT_MESSAGES.notFound)
	await recordAudit(c.get('deps').db, staff, { action: 'update', entity: 'announcement', entityId: id, summary: `Corrected “${announcement.sTitle}”` })
	return ok(c, ANNOUNCEMENT_MESSAGES.updated, announcement)
}

async function remove(c: Context<ApiEnv>) {
	const { staff } = await requireStaff(c)
	const id = readRecordId(c, 'iAnnouncementId', ANNOUNCEMENT_MESSAGES.notFound)
	if (!(await deleteAnnouncement(c.get('deps').db, id))) throw new ApiError(404, ANNOUNCEMENT_MESSAGES.notFound)
	await recordAudit(c.get('deps').db, staff, { action: 'delete', entity: 'announcement', entityId: id, summary: `Withdrew announcement ${id}` })
	return ok(c, ANNOUNCEMENT_MESSAGES.deleted)
}

async function officeList(c: Context<ApiEnv>) {
	await requireStaff(c)
	privateAnswer(c)
	return ok(c, 'Announcements', await listForOffice(c.get('deps').db))
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
	const id = readRecordId(c, 'iAnnouncementId', ANNOUNCEMENT_MESSAGES.notFound)
	const announcement = await readAnnouncement(c.get('deps').db, account.id, id)
	if (!announcement) throw new ApiError(404, ANNOUNCEMENT_MESSAGES.notFound)
	privateAnswer(c)
	return ok(c, 'Announcement', announcement)
}

export const announcementRoutes = new Hono<ApiEnv>()
	.get(ANNOUNCEMENT_PATHS.post, officeList)
	.post(ANNOUNCEMENT_PATHS.post, post)
	.put(ANNOUNCEMENT_PATHS.officeOne(':iAnnouncementId'), update)
	.delete(ANNOUNCEMENT_PATHS.officeOne(':iAnnouncementId'), remove)
	.get(ANNOUNCEMENT_PATHS.list, list)
	.get(ANNOUNCEMENT_PATHS.unreadCount, unreadCount)
	.get(ANNOUNCEMENT_PATHS.one(':iAnnouncementId'), one)
