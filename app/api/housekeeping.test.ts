// The sweep: what anonymous requests leave behind goes once it is of no more use; the rest stays.
// (Unconfirmed subscriptions in detail: app/api/newsletters/double-opt-in.test.ts.)
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestAccount } from '#tests/setup/accounts'
import { createTestDatabase } from '#tests/setup/database'
import type { DatabaseHandle } from './db/client'
import { accounts, deviceTokens, mediaFiles, newsletterSubscriptions, oneTimePasswords, rateLimits, sessions, uploadSlots } from './db/schema'
import { sweep } from './housekeeping'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000)
const picture = (path: string, createdAt: Date) => ({ path, contentType: 'image/jpeg', bytes: Buffer.from('jpeg'), size: 4, createdAt })

test('old rate-limit rows, expired sessions, codes, device tokens and upload addresses, abandoned sign-up pictures and unconfirmed subscriptions go; the rest stays', async () => {
	const { db } = handle
	await db.insert(rateLimits).values([
		{ key: 'otp:member:registration:someone@example.org', windowStartedAt: hoursAgo(30), count: 3 },
		{ key: 'login:member:123456', windowStartedAt: hoursAgo(0.5), count: 2 },
	])
	await db.insert(sessions).values([
		{ id: 'expired', data: {}, expiresAt: hoursAgo(1) },
		{ id: 'live', data: {}, expiresAt: new Date(Date.now() + 3600_000) },
	])
	// A reset code asked for an address without an account is stored too, and never used.
	const code = { userType: 'M', purpose: 'reset', codeHash: 'x', wrongTries: 0 } as const
	await db.insert(oneTimePasswords).values([
		{ ...code, email: 'no.account@example.org', expiresAt: hoursAgo(1) },
		{ ...code, email: 'asking.now@example.org', expiresAt: new Date(Date.now() + 600_000) },
	])
	await db.insert(uploadSlots).values([
		{ id: 'old-slot', path: 'profiles/old.jpg', expiresAt: hoursAgo(1) },
		{ id: 'open-slot', path: 'profiles/open.jpg', expiresAt: new Date(Date.now() + 600_000) },
	])
	await db
		.insert(mediaFiles)
		.values([
			picture('profiles/abandoned.jpg', hoursAgo(30)),
			picture('profiles/claimed.jpg', hoursAgo(30)),
			picture('profiles/just-now.jpg', hoursAgo(1)),
			picture('events/hall.jpg', hoursAgo(300)),
		])
	await db.insert(newsletterSubscriptions).values([
		{ email: 'never-confirmed@example.org', fullName: 'Never', membershipNumber: '1', createdAt: hoursAgo(8 * 24) },
		{ email: 'confirmed@example.org', fullName: 'Reader', membershipNumber: '1', createdAt: hoursAgo(8 * 24), confirmedAt: hoursAgo(8 * 24) },
		{ email: 'waiting@example.org', fullName: 'Waiting', membershipNumber: '1', createdAt: hoursAgo(6 * 24) },
	])
	const { account } = await createTestAccount(db, 'member')
	await db.update(accounts).set({ profilePic: 'profiles/claimed.jpg' }).where(eq(accounts.id, account.id))
	await db.insert(deviceTokens).values([
		{ tokenHash: 'expired-device', accountId: account.id, expiresAt: hoursAgo(1) },
		{ tokenHash: 'live-device', accountId: account.id, expiresAt: new Date(Date.now() + 3600_000) },
	])

	expect(await sweep(db)).toEqual({
		rateLimits: 1,
		sessions: 1,
		oneTimePasswords: 1,
		deviceTokens: 1,
		uploadSlots: 1,
		pictures: 1,
		unconfirmedSubscriptions: 1,
	})
	expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual(['login:member:123456'])
	expect((await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).toContain('live')
	expect((await db.select({ email: oneTimePasswords.email }).from(oneTimePasswords)).map((row) => row.email)).toEqual(['asking.now@example.org'])
	expect((await db.select({ tokenHash: deviceTokens.tokenHash }).from(deviceTokens)).map((row) => row.tokenHash)).toEqual(['live-device'])
	expect((await db.select({ id: uploadSlots.id }).from(uploadSlots)).map((row) => row.id)).toEqual(['open-slot'])
	expect((await db.select({ path: mediaFiles.path }).from(mediaFiles)).map((row) => row.path).sort()).toEqual([
		'events/hall.jpg',
		'profiles/claimed.jpg',
		'profiles/just-now.jpg',
	])
	// Nothing left to do the second time.
	expect((await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions)).map((row) => row.email).sort()).toEqual([
		'confirmed@example.org',
		'waiting@example.org',
	])
	expect(await sweep(db)).toEqual({
		rateLimits: 0,
		sessions: 0,
		oneTimePasswords: 0,
		deviceTokens: 0,
		uploadSlots: 0,
		pictures: 0,
		unconfirmedSubscriptions: 0,
	})
})
