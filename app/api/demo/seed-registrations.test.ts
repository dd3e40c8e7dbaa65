// The demo member's registrations, as a newcomer finds them on the event pages and in the dashboard.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '#tests/setup/database'
import { gstFor } from '../payments/tax'
import type { DatabaseHandle } from '../db/client'
import { accounts, eventRegistrations, events, payments } from '../db/schema'
import { seedDemoContent } from './seed'
import { DEMO_MEMBER } from './seed-accounts'

let database: DatabaseHandle
const now = new Date()
beforeAll(async () => {
	database = await createTestDatabase()
	await seedDemoContent(database.db, { stateCode: 'MH', gstRateBasisPoints: 1800, invoicePrefix: 'DEMO' })
})
afterAll(() => database.close())

async function demoRegistrations() {
	const [member] = await database.db
		.select()
		.from(accounts)
		.where(and(eq(accounts.userType, 'M'), eq(accounts.number, DEMO_MEMBER.number)))
	const rows = await database.db
		.select({ registration: eventRegistrations, event: events, payment: payments })
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.leftJoin(payments, eq(payments.registrationId, eventRegistrations.id))
		.where(eq(eventRegistrations.accountId, member!.id))
	return rows.map((row) => ({ ...row, past: row.event.endsAt < now }))
}

test('the demo member has paid, refunded, free and pending registrations, past and upcoming', async () => {
	const rows = await demoRegistrations()
	const paidPast = rows.filter((r) => r.past && r.payment?.status === 'paid' && r.registration.status === 'confirmed')
	expect(paidPast.length).toBeGreaterThanOrEqual(2)
	// At least: the CPE seeder adds the study circles it marks attended.
	expect(rows.filter((r) => r.past && r.event.feePaise === 0 && r.registration.status === 'confirmed').length).toBeGreaterThanOrEqual(1)
	expect(rows.filter((r) => !r.past && r.event.feePaise === 0 && r.registration.status === 'confirmed')).toHaveLength(1)
	const pending = rows.filter((r) => !r.past && r.registration.status === 'pending')
	expect(pending).toHaveLength(1)
	expect(pending[0]!.payment).toMatchObject({ provider: 'offline', status: 'pending', invoiceNumber: null, paidAt: null })
	const refunded = rows.filter((r) => r.payment?.status === 'refunded')
	expect(refunded).toHaveLength(1)
	expect(refunded[0]!.registration.status).toBe('cancelled')
	// Attendance is the CPE seeder's to mark.
	// A first sandbox attempt failed and its retry went through: the payments page shows both.
	const retried = rows.filter((r) => r.payment?.status === 'failed')
	expect(retried).toHaveLength(1)
	expect(
		rows
			.filter((r) => r.registration.id === retried[0]!.registration.id)
			.map((r) => r.payment?.status)
			.sort(),
	).toEqual(['failed', 'paid'])
})

test('every seeded payment carries the GST of its fee, the buyer’s details and, once paid, an invoice number in date order', async () => {
	const rows = (await demoRegistrations()).filter((r) => r.payment)
	for (const { payment, event } of rows.filter((r) => r.payment!.status !== 'failed')) {
		expect(payment).toMatchObject({
			...gstFor(event.feePaise, { supplierState: 'MH', buyerState: 'MH', rateBasisPoints: 1800 }),
			buyerName: 'Asha Kulkarni',
			buyerGstin: '27AAPFK0939F1ZV',
		})
	}
	// The demo student's paid fee takes its number among the member's.
	const invoiced = (await database.db.select().from(payments)).filter((p) => p.invoiceNumber).sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime())
	expect(invoiced.length).toBeGreaterThanOrEqual(4)
	for (const payment of invoiced) expect(payment.invoiceNumber).toMatch(/^DEMO\/\d{2}-\d{2}\/\d{5}$/)
	// Within each financial year the numbers run 1, 2, 3… in the order the payments were made.
	for (const year of new Set(invoiced.map((p) => p.invoiceFinancialYear))) {
		const list = invoiced.filter((p) => p.invoiceFinancialYear === year)
		expect(list.map((p) => p.invoiceSequence)).toEqual(list.map((_, i) => i + 1))
	}
})
