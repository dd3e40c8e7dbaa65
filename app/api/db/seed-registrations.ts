// The demo member's event registrations (README "Demo data"): paid past events with tax invoices,
// one refunded, a free past event, an upcoming paid event waiting for payment at the office, and an
// upcoming free event. Attendance is left to the CPE seeder.
import { and, asc, eq, gt, lt } from 'drizzle-orm'
import type { Billing } from '../dashboard'
import { takeInvoiceNumber } from '../payments/invoices'
import { paymentProvider } from '../payments/providers'
import { gstFor } from '../payments/tax'
import type { Database } from './client'
import { accounts, eventRegistrations, events, payments } from './schema'
import { DEMO_MEMBER } from './seed-accounts'

const DAY_MS = 86_400_000

/** What the seed needs of the billing configuration; by default the demo branch's (config.ts defaults). */
export type SeedBilling = Pick<Billing, 'stateCode' | 'gstRateBasisPoints' | 'invoicePrefix'>
export const DEMO_BILLING: SeedBilling = { stateCode: 'MH', gstRateBasisPoints: 1800, invoicePrefix: 'SRB' }

type Event = typeof events.$inferSelect
type Outcome = 'paid' | 'refunded' | 'offline-pending' | 'free'

export async function seedRegistrations(db: Database, billing: SeedBilling = DEMO_BILLING, now = new Date()) {
	const [member] = await db
		.select()
		.from(accounts)
		.where(and(eq(accounts.userType, 'M'), eq(accounts.number, DEMO_MEMBER.number)))
	if (!member) return
	const byStart = [asc(events.startsAt)]
	const pastPaid = await db.select().from(events).where(and(lt(events.endsAt, now), gt(events.feePaise, 0))).orderBy(...byStart)
	const pastFree = await db.select().from(events).where(and(lt(events.endsAt, now), eq(events.feePaise, 0))).orderBy(...byStart)
	const upcomingPaid = await db.select().from(events).where(and(gt(events.startsAt, now), gt(events.feePaise, 0))).orderBy(...byStart)
	const upcomingFree = await db.select().from(events).where(and(gt(events.startsAt, now), eq(events.feePaise, 0))).orderBy(...byStart)
	const plan: [Event | undefined, Outcome][] = [
		[pastPaid[0], 'paid'],
		[pastPaid[1], 'paid'],
		[pastPaid[2], 'refunded'],
		[pastPaid.at(-1), 'paid'],
		[pastFree[0], 'free'],
		[upcomingPaid[0], 'offline-pending'],
		[upcomingFree[0], 'free'],
	]
	const seen = new Set<number>()
	// In order of time, so invoice numbers follow the payment dates.
	for (const [event, outcome] of plan.sort(([a], [b]) => (a?.startsAt.getTime() ?? 0) - (b?.startsAt.getTime() ?? 0))) {
		if (!event || seen.has(event.id)) continue
		seen.add(event.id)
		const registeredAt = new Date(Math.min(event.startsAt.getTime() - 12 * DAY_MS, now.getTime() - DAY_MS))
		const [registration] = await db
			.insert(eventRegistrations)
			.values({
				eventId: event.id,
				accountId: member.id,
				status: outcome === 'offline-pending' ? 'pending' : outcome === 'refunded' ? 'cancelled' : 'confirmed',
				createdAt: registeredAt,
				cancelledAt: outcome === 'refunded' ? new Date(event.startsAt.getTime() - 5 * DAY_MS) : null,
			})
			.returning()
		if (outcome === 'free') continue
		const provider = paymentProvider(outcome === 'offline-pending' ? 'offline' : 'sandbox')
		const paidAt = new Date(registeredAt.getTime() + 20 * 60_000)
		const settled = outcome === 'offline-pending' ? {} : { status: 'paid' as const, paidAt, ...(await takeInvoiceNumber(db, paidAt, billing.invoicePrefix)) }
		await db.insert(payments).values({
			registrationId: registration!.id,
			accountId: member.id,
			provider: provider.name,
			providerReference: provider.newReference(),
			...gstFor(event.feePaise, { supplierState: billing.stateCode, buyerState: member.stateCode, rateBasisPoints: billing.gstRateBasisPoints }),
			buyerName: member.fullName,
			buyerStateCode: member.stateCode,
			buyerGstin: member.gstNumber,
			buyerFirmName: member.firmCompanyName,
			createdAt: registeredAt,
			...settled,
			...(outcome === 'refunded' ? { status: 'refunded' as const, refundedAt: registration!.cancelledAt } : {}),
		})
	}
}
