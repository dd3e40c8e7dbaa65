// The demo announcements: spread over the last two months, the demo member with some read and
// at least two unread, so the dashboard shows both.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ANNOUNCEMENT_PATHS } from '~/contract/announcements'
import { createAccountsApi, createTestAccount } from '#tests/setup/accounts'
import { DEMO_MEMBER } from './seed-accounts'
import { DEMO_ANNOUNCEMENTS, seedAnnouncements } from './seed-announcements'

let t: Awaited<ReturnType<typeof createAccountsApi>>
beforeAll(async () => {
	t = await createAccountsApi()
})
afterAll(() => t.close())

test('the demo member has read the older ones; others see every one unread', async () => {
	const demo = await createTestAccount(t.db, 'member', { number: DEMO_MEMBER.number })
	const other = await createTestAccount(t.db, 'member')
	const now = new Date('2026-11-20T06:00:00Z')
	await t.db.transaction((tx) => seedAnnouncements(tx, now))
	const answer = await t.call(ANNOUNCEMENT_PATHS.list, undefined, { token: demo.token })
	const items = answer.body.data.aAnnouncements as Array<{ sTitle: string; dPublishedAt: string; bIsRead: boolean }>
	expect(items).toHaveLength(DEMO_ANNOUNCEMENTS.length)
	expect(items.map((item) => item.sTitle)).toEqual(DEMO_ANNOUNCEMENTS.map((a) => a.title).reverse())
	const ages = items.map((item) => (now.getTime() - new Date(item.dPublishedAt).getTime()) / 86_400_000)
	expect(Math.max(...ages)).toBeLessThanOrEqual(62)
	expect(answer.body.data.nUnread).toBeGreaterThanOrEqual(2)
	expect(answer.body.data.nUnread).toBeLessThan(items.length)
	expect(items.filter((item) => !item.bIsRead).length).toBe(answer.body.data.nUnread)
	expect((await t.call(ANNOUNCEMENT_PATHS.list, undefined, { token: other.token })).body.data.nUnread).toBe(items.length)
})
