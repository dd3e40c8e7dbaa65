// Announcement calls on a real database: the office posts, members list and read them.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANNOUNCEMENT_MESSAGES, ANNOUNCEMENT_PARAGRAPH_MAX, ANNOUNCEMENT_PATHS, ANNOUNCEMENT_TITLE_MAX } from '~/contract/announcements'
import { createAccountsApi, createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { announcementReads, announcements } from '../db/schema'
import { summaryOf } from './service'

let t: Awaited<ReturnType<typeof createAccountsApi>>
let staffToken: string
beforeAll(async () => {
	t = await createAccountsApi()
	staffToken = (await createTestStaff(t.db)).token
})
afterAll(() => t.close())

const post = (body: Record<string, unknown>, token = staffToken) => t.call(ANNOUNCEMENT_PATHS.post, body, { token })
const list = (token: string) => t.call(ANNOUNCEMENT_PATHS.list, undefined, { token })
const open = (token: string, id: number | string) => t.call(ANNOUNCEMENT_PATHS.one(id), undefined, { token })
const unread = async (token: string) => (await t.call(ANNOUNCEMENT_PATHS.unreadCount, undefined, { token })).body.data.nUnread as number

describe('posting an announcement', () => {
	test('answers it, with its paragraphs and who posted it', async () => {
		const answer = await post({ sTitle: '  Seminar on audit  ', aBody: ['First paragraph.', 'Second one.'] })
		expect(answer.status).toBe(201)
		expect(answer.body.message).toBe(ANNOUNCEMENT_MESSAGES.posted)
		expect(answer.body.data).toMatchObject({ sTitle: 'Seminar on audit', aBody: ['First paragraph.', 'Second one.'], bIsRead: false })
		expect(answer.body.data.sPostedBy).toMatch(/^Office staff/)
		const [row] = await t.db.select().from(announcements).where(eq(announcements.id, answer.body.data.iAnnouncementId))
		expect(row!.body).toEqual(['First paragraph.', 'Second one.'])
	})

	test('plain text (sBody) is split into paragraphs at blank lines', async () => {
		const answer = await post({ sTitle: 'Text', sBody: 'One line\nstill one.\n\n  Two.  \r\n\r\nThree.' })
		expect(answer.status).toBe(201)
		expect(answer.body.data.aBody).toEqual(['One line\nstill one.', 'Two.', 'Three.'])
	})

	test.each([
		['no title', { aBody: ['x'] }, 'sTitle'],
		['a blank title', { sTitle: '   ', aBody: ['x'] }, 'sTitle'],
		['a title too long', { sTitle: 'x'.repeat(ANNOUNCEMENT_TITLE_MAX + 1), aBody: ['x'] }, 'sTitle'],
		['no body', { sTitle: 'T' }, 'sBody'],
		['a blank body', { sTitle: 'T', sBody: ' \n\n ' }, 'sBody'],
		['both kinds of body', { sTitle: 'T', aBody: ['x'], sBody: 'y' }, 'sBody'],
		['an empty paragraph', { sTitle: 'T', aBody: ['x', ''] }, 'aBody.1'],
		['a paragraph too long', { sTitle: 'T', aBody: ['x'.repeat(ANNOUNCEMENT_PARAGRAPH_MAX + 1)] }, 'aBody.0'],
		['too many paragraphs', { sTitle: 'T', aBody: Array.from({ length: 21 }, () => 'x') }, 'aBody'],
		['a paragraph too long in text', { sTitle: 'T', sBody: 'x'.repeat(ANNOUNCEMENT_PARAGRAPH_MAX + 1) }, 'sBody'],
		['a field it does not know', { sTitle: 'T', aBody: ['x'], bIsPinned: true }, 'form'],
		['a body that is not text', { sTitle: 'T', aBody: [42] }, 'aBody.0'],
	])('refuses %s with a field error, and stores nothing', async (_, body, field) => {
		const before = (await t.db.select().from(announcements)).length
		const answer = await post(body)
		expect(answer.status).toBe(400)
		expect(Object.keys(answer.body.errors ?? {})).toContain(field)
		expect((await t.db.select().from(announcements)).length).toBe(before)
	})

	test('only staff may post: a member, a student or no token is refused with 401', async () => {
		const member = await createTestAccount(t.db, 'member')
		const student = await createTestAccount(t.db, 'student')
		for (const token of [member.token, student.token, undefined]) {
			const answer = await t.call(ANNOUNCEMENT_PATHS.post, { sTitle: 'T', aBody: ['x'] }, { token })
			expect(answer.status).toBe(401)
			expect(answer.body.message).toBe('Authentication failed')
		}
	})
})

describe('correcting and withdrawing an announcement', () => {
	test('a correction replaces the text and keeps the read marks; a withdrawal takes them away', async () => {
		const member = await createTestAccount(t.db, 'member')
		const id = (await post({ sTitle: 'Seminar on Saturdy', aBody: ['Typo.'] })).body.data.iAnnouncementId as number
		await open(member.token, id)
		const before = await unread(member.token)
		const corrected = await t.call(ANNOUNCEMENT_PATHS.officeOne(id), { sTitle: 'Seminar on Saturday', sBody: 'Fixed.' }, { method: 'PUT', token: staffToken })
		expect(corrected.status).toBe(200)
		expect(corrected.body.data).toMatchObject({ iAnnouncementId: id, sTitle: 'Seminar on Saturday', aBody: ['Fixed.'] })
		expect((await open(member.token, id)).body.data.sTitle).toBe('Seminar on Saturday')
		expect(await unread(member.token)).toBe(before)
		const removed = await t.call(ANNOUNCEMENT_PATHS.officeOne(id), undefined, { method: 'DELETE', token: staffToken })
		expect(removed.status).toBe(200)
		expect((await open(member.token, id)).status).toBe(404)
		expect(await t.db.select().from(announcementReads).where(eq(announcementReads.announcementId, id))).toHaveLength(0)
		expect((await t.call(ANNOUNCEMENT_PATHS.officeOne(id), undefined, { method: 'DELETE', token: staffToken })).status).toBe(404)
		expect((await t.call(ANNOUNCEMENT_PATHS.officeOne(id), { sTitle: 'T', sBody: 'x' }, { method: 'PUT', token: staffToken })).status).toBe(404)
	})

	test('only staff, with a valid correction', async () => {
		const id = (await post({ sTitle: 'Stays', aBody: ['As it was.'] })).body.data.iAnnouncementId as number
		const member = await createTestAccount(t.db, 'member')
		expect((await t.call(ANNOUNCEMENT_PATHS.officeOne(id), { sTitle: 'T', sBody: 'x' }, { method: 'PUT', token: member.token })).status).toBe(401)
		expect((await t.call(ANNOUNCEMENT_PATHS.officeOne(id), undefined, { method: 'DELETE', token: member.token })).status).toBe(401)
		const invalid = await t.call(ANNOUNCEMENT_PATHS.officeOne(id), { sTitle: '', sBody: 'x' }, { method: 'PUT', token: staffToken })
		expect(invalid.status).toBe(400)
		expect(invalid.body.errors?.sTitle).toBeDefined()
		const [row] = await t.db.select().from(announcements).where(eq(announcements.id, id))
		expect(row).toMatchObject({ title: 'Stays', body: ['As it was.'] })
	})
})

describe('reading announcements as a member', () => {
	test('lists them newest first, each read or not for this member, with the unread count', async () => {
		const member = await createTestAccount(t.db, 'member')
		await post({ sTitle: 'Older', aBody: ['Older news.'] })
		const newer = (await post({ sTitle: 'Newer', aBody: ['Newer news.'] })).body.data.iAnnouncementId as number
		const answer = await list(member.token)
		expect(answer.status).toBe(200)
		expect(answer.headers.get('cache-control')).toBe('private, no-store')
		const titles = answer.body.data.aAnnouncements.map((a: { sTitle: string }) => a.sTitle)
		expect(titles.slice(0, 2)).toEqual(['Newer', 'Older'])
		const total = (await t.db.select().from(announcements)).length
		expect(answer.body.data.nUnread).toBe(total)
		expect(answer.body.data.aAnnouncements.every((a: { bIsRead: boolean }) => !a.bIsRead)).toBe(true)
		await open(member.token, newer)
		const after = await list(member.token)
		expect(after.body.data.nUnread).toBe(total - 1)
		expect(after.body.data.aAnnouncements.find((a: { iAnnouncementId: number }) => a.iAnnouncementId === newer).bIsRead).toBe(true)
	})

	test('opening one marks it read for that member only, once however often it is opened', async () => {
		const asha = await createTestAccount(t.db, 'member')
		const ravi = await createTestAccount(t.db, 'member')
		const id = (await post({ sTitle: 'AGM notice', sBody: 'The AGM is on Friday.\n\nBring your card.' })).body.data.iAnnouncementId as number
		const [ashaBefore, raviBefore] = [await unread(asha.token), await unread(ravi.token)]
		const first = await open(asha.token, id)
		expect(first.status).toBe(200)
		expect(first.body.data).toMatchObject({ iAnnouncementId: id, sTitle: 'AGM notice', aBody: ['The AGM is on Friday.', 'Bring your card.'], bIsRead: true })
		const [read] = await t.db
			.select()
			.from(announcementReads)
			.where(and(eq(announcementReads.announcementId, id), eq(announcementReads.accountId, asha.account.id)))
		expect((await open(asha.token, id)).status).toBe(200)
		const reads = await t.db.select().from(announcementReads).where(eq(announcementReads.announcementId, id))
		expect(reads).toHaveLength(1)
		// Opening it again keeps the first reading time.
		expect(reads[0]!.readAt).toEqual(read!.readAt)
		expect(await unread(asha.token)).toBe(ashaBefore - 1)
		expect(await unread(ravi.token)).toBe(raviBefore)
	})

	test('an unknown or malformed id is a 404', async () => {
		const { token } = await createTestAccount(t.db, 'member')
		for (const id of [999999, 'abc', '0', '01']) {
			const answer = await open(token, id)
			expect(answer.status).toBe(404)
		}
		expect((await open(token, 999999)).body.message).toBe(ANNOUNCEMENT_MESSAGES.notFound)
	})

	test('only members: a student, a staff user or no token gets 401 on every reading call', async () => {
		const student = await createTestAccount(t.db, 'student')
		const id = (await post({ sTitle: 'Members only', aBody: ['x'] })).body.data.iAnnouncementId as number
		for (const token of [student.token, staffToken, undefined]) {
			for (const path of [ANNOUNCEMENT_PATHS.list, ANNOUNCEMENT_PATHS.unreadCount, ANNOUNCEMENT_PATHS.one(id)]) {
				expect((await t.call(path, undefined, { token })).status, `${path} with ${token ? 'a token' : 'none'}`).toBe(401)
			}
		}
		expect(await t.db.select().from(announcementReads).where(eq(announcementReads.announcementId, id))).toHaveLength(0)
	})
})

test('the summary is the first paragraph, cut at a word when long', () => {
	expect(summaryOf(['Short.', 'Second'])).toBe('Short.')
	const long = `${'word '.repeat(50)}end`
	const summary = summaryOf([long])
	expect(summary.endsWith('…')).toBe(true)
	expect(summary.length).toBeLessThanOrEqual(161)
	expect(long.startsWith(summary.slice(0, -1))).toBe(true)
	expect(summary.at(-2)).not.toBe(' ')
})
