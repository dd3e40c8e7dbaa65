// Removing the demo branch from a database that has it: the demo's accounts and content go, what
// the branch added since stays, invoice numbering starts again without a gap.
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createTestAccount } from '#tests/setup/accounts'
import { createTestDatabase } from '#tests/setup/database'
import { createTestPayment } from '#tests/setup/payments'
import { DAY, insertTestEvent } from '#tests/setup/registrations'
import { readContentVersion } from '../content-version'
import { takeInvoiceNumber } from '../payments/invoices'
import type { DatabaseHandle } from '../db/client'
import { DemoRemovalRefused, removeDemoContent } from './demo-removal'
import { accounts, committees, eventRegistrations, events, galleryAlbums, invoiceCounters, newsletterIssues, pages } from '../db/schema'
import { seedDemoContent } from './seed'
import { DEMO_MEMBER } from './seed-accounts'

let database: DatabaseHandle
beforeEach(async () => {
	database = await createTestDatabase()
	await seedDemoContent(database.db)
})
afterEach(() => database.close())

test('removes the demo and keeps what the branch added; numbering starts again', async () => {
	const { db } = database
	const realEvent = await insertTestEvent(db, 10 * DAY, { title: 'The branch’s own seminar' })
	const realMember = await createTestAccount(db, 'member', { fullName: 'A Real Member' })
	await createTestPayment(db, realMember.account, { event: realEvent, status: 'pending', provider: 'offline' })
	const versionBefore = await readContentVersion(db)

	const removed = await removeDemoContent(db)
	expect(removed?.accounts).toBe(2)
	expect(await db.select().from(accounts).where(eq(accounts.email, DEMO_MEMBER.email))).toEqual([])
	expect((await db.select().from(events)).map((event) => event.title)).toEqual(['The branch’s own seminar'])
	expect(await db.select().from(committees)).toEqual([])
	expect(await db.select().from(galleryAlbums)).toEqual([])
	expect(await db.select().from(newsletterIssues)).toEqual([])
	expect(await db.select().from(pages)).toEqual([])
	expect(await db.select().from(accounts).where(eq(accounts.id, realMember.account.id))).toHaveLength(1)
	expect(await db.select().from(eventRegistrations).where(eq(eventRegistrations.accountId, realMember.account.id))).toHaveLength(1)
	// The demo's invoices are gone, so the branch's first invoice is number 1.
	expect(await db.select().from(invoiceCounters)).toEqual([])
	expect((await takeInvoiceNumber(db, new Date(), 'SRB')).invoiceSequence).toBe(1)
	expect(await readContentVersion(db)).toBeGreaterThan(versionBefore)
	// Once removed, there is nothing more to remove, and a restart in demo mode does not seed beside the branch's content.
	expect(await removeDemoContent(db)).toBeNull()
	expect(await seedDemoContent(db)).toBe(false)
})

test('refuses, removing nothing, when someone real registered for a demo event', async () => {
	const { db } = database
	const [demoEvent] = await db.select().from(events).limit(1)
	const realMember = await createTestAccount(db, 'member')
	await db.insert(eventRegistrations).values({ eventId: demoEvent!.id, accountId: realMember.account.id, status: 'confirmed' })
	await expect(removeDemoContent(db)).rejects.toBeInstanceOf(DemoRemovalRefused)
	expect(await db.select().from(accounts).where(eq(accounts.email, DEMO_MEMBER.email))).toHaveLength(1)
	expect((await db.select().from(events)).length).toBeGreaterThan(1)
})
